package io.stackdrift.deploy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import io.stackdrift.config.Outputs;
import io.stackdrift.config.StackConfig;
import io.stackdrift.model.IoProblem;
import io.stackdrift.tool.OutputsResult;

/**
 * A stack's outputs file as a deploy leaves it: written from the outputs its tool reads after a deploy, removed after a
 * destroy (values of resources that are gone must not be read by a later step). Each says what went wrong, if anything.
 */
final class StackOutputs {
    private final DeployContext run;

    StackOutputs(final DeployContext run) {
        this.run = run;
    }

    /** Writes the stack's outputs file when it has one; why it could not, if so. */
    Optional<String> write(final StackConfig stack, final Map<String, String> env) throws InterruptedException {
        if (stack.outputs().isEmpty()) {
            return Optional.empty();
        }
        Outputs settings = stack.outputs().get();
        OutputsResult outputs = run.adapter(stack.tool()).outputs(run.call(stack, "outputs", env));
        if (!outputs.succeeded()) {
            return Optional.of("its outputs could not be read: " + outputs.reason());
        }
        if (outputs.outputs().isEmpty()) {
            // a file of no outputs would pass for a stack whose outputs were read: none is written until it has some
            run.progress(stack.id() + ": no outputs yet; " + settings.file() + " is written once the stack has some");
            return Optional.empty();
        }
        try {
            OutputsFile.write(run.root().resolve(settings.file()), settings, outputs.outputs());
            run.progress(stack.id() + ": outputs written to " + settings.file());
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("its outputs file " + settings.file() + " could not be written: "
                    + fileInTheWay(run.root().resolve(settings.file())).map(file -> file + " is a file, not a directory: move it, or "
                            + "name another outputs path").orElse(IoProblem.of(e)));
        }
    }

    /** Removes a destroyed stack's outputs file when it has one; why it could not, if so. */
    Optional<String> remove(final StackConfig stack) {
        if (stack.outputs().isEmpty()) {
            return Optional.empty();
        }
        String file = stack.outputs().get().file();
        try {
            if (Files.deleteIfExists(run.root().resolve(file))) {
                run.progress(stack.id() + ": outputs file " + file + " removed");
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.of("its outputs file " + file + " could not be removed: " + e.getMessage());
        }
    }

    /** The nearest existing path above {@code target}, when it is a file: the JDK names only the path for that. */
    private static Optional<Path> fileInTheWay(final Path target) {
        Path at = target.toAbsolutePath().normalize().getParent();
        while (at != null && !Files.exists(at)) {
            at = at.getParent();
        }
        return at != null && Files.isRegularFile(at) ? Optional.of(at) : Optional.empty();
    }
}
