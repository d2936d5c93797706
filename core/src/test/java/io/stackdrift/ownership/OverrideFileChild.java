package io.stackdrift.ownership;

import java.nio.file.Path;
import java.util.List;

import io.stackdrift.model.Tool;

/**
 * A process that writes the override file and then hangs, for {@link OverrideFileTest} to kill: what a
 * run killed mid-plan leaves behind. Not a test itself.
 */
public final class OverrideFileChild {
    private OverrideFileChild() {
    }

    public static void main(final String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        OverrideFile file = OverrideFile.write(dir, List.of(IgnorePath.parse("aws_instance.web.tags").orElseThrow()),
                ResourceScanner.scan(dir, Tool.TOFU));
        System.out.println("written " + file.path().getFileName());
        System.out.flush();
        Thread.sleep(120_000);
        file.close();
    }
}
