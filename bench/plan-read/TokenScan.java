import java.io.File;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

/**
 * The parse limit for the plan-read benchmark: every token of the file, nothing else, with the same
 * jackson-core stackdrift ships. Run as a source file: java -cp jackson-core.jar TokenScan.java scan PLAN.
 * Mode "addr" prints resource_drift[].address and skips the rest (the task the jq peer does).
 */
public final class TokenScan {
    public static void main(final String[] args) throws Exception {
        try (JsonParser p = new JsonFactory().createParser(new File(args[1]))) {
            if ("scan".equals(args[0])) {
                long n = 0;
                while (p.nextToken() != null) {
                    n++;
                }
                System.out.println(n + " tokens");
                return;
            }
            StringBuilder out = new StringBuilder();
            p.nextToken();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                if (!"resource_drift".equals(name) || p.currentToken() != JsonToken.START_ARRAY) {
                    p.skipChildren();
                    continue;
                }
                while (p.nextToken() == JsonToken.START_OBJECT) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String field = p.currentName();
                        p.nextToken();
                        if ("address".equals(field)) {
                            out.append(p.getText()).append('\n');
                        } else {
                            p.skipChildren();
                        }
                    }
                }
            }
            System.out.print(out);
        }
    }
}
