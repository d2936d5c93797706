import java.io.FileInputStream;
import java.io.InputStream;

/**
 * A bound for a tokenizer of our own (issue: compare before and after on raw bytes): the cheapest pass that
 * still finds every token of the file — strings skipped to their closing quote (escapes honoured), structural
 * characters and scalars counted — over a 1 MiB byte buffer, no decoding, no String, no Jackson. A real reader does
 * more than this (matching keys, keeping and comparing values), so its CPU is at least this pass's. Run with the
 * launcher's compiler flags to see what C1 makes of such a loop: java -XX:TieredStopAtLevel=1 RawScan.java PLAN.
 */
public final class RawScan {
    public static void main(final String[] args) throws Exception {
        byte[] buffer = new byte[1 << 20];
        long tokens = 0;
        boolean inString = false;
        boolean escape = false;
        boolean inScalar = false;
        try (InputStream in = new FileInputStream(args[0])) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                for (int i = 0; i < n; i++) {
                    byte b = buffer[i];
                    if (inString) {
                        if (escape) {
                            escape = false;
                        } else if (b == '\\') {
                            escape = true;
                        } else if (b == '"') {
                            inString = false;
                        }
                        continue;
                    }
                    switch (b) {
                        case '"' -> {
                            inString = true;
                            inScalar = false;
                            tokens++;
                        }
                        case '{', '}', '[', ']' -> {
                            inScalar = false;
                            tokens++;
                        }
                        case ',', ':', ' ', '\n', '\t', '\r' -> inScalar = false;
                        default -> {
                            if (!inScalar) {
                                inScalar = true;
                                tokens++;
                            }
                        }
                    }
                }
            }
        }
        System.out.println(tokens + " tokens");
    }
}
