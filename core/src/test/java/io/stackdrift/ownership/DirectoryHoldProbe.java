package io.stackdrift.ownership;

import java.nio.file.Path;
import java.util.Optional;

/**
 * A second process for {@link DirectoryHoldTest}: tries to hold a stack directory once and prints HELD or REFUSED.
 * Not a test itself.
 */
public final class DirectoryHoldProbe {
    private DirectoryHoldProbe() {
    }

    public static void main(final String[] args) throws Exception {
        Optional<DirectoryHold> hold = DirectoryHold.tryHold(Path.of(args[0]));
        System.out.println(hold.isPresent() ? "HELD" : "REFUSED");
        System.out.flush();
        hold.ifPresent(DirectoryHold::close);
    }
}
