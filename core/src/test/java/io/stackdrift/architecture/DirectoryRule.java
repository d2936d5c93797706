package io.stackdrift.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileAttribute;

import com.tngtech.archunit.lang.ArchRule;

import io.stackdrift.model.Directories;

/**
 * One rule the core, the command line and the plugin share: a directory is made sure of through
 * {@link Directories#ensure}, never {@link Files#createDirectories} directly, which throws and catches an exception
 * for every directory that already exists (measured on the per-tool-call path, docs/benchmarks.md).
 */
public final class DirectoryRule {
    public static final ArchRule THROUGH_DIRECTORIES_ENSURE = noClasses().that().doNotBelongToAnyOf(Directories.class)
            .should().callMethod(Files.class, "createDirectories", Path.class, FileAttribute[].class)
            .because("Files.createDirectories throws and catches an exception for a directory that exists: use Directories.ensure");

    private DirectoryRule() {
    }
}
