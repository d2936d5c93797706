package io.stackdrift.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.fasterxml.jackson.core.JsonGenerator;
import com.tngtech.archunit.lang.ArchRule;

/**
 * One rule the core, the command line and the plugin share: every output format of a run is written in
 * {@code io.stackdrift.render} (docs/architecture.md, "Outputs"), so no class elsewhere streams JSON of its own. The
 * history's files are {@code io.stackdrift.record}'s own format and stay there.
 */
public final class OutputRule {
    public static final ArchRule FORMATS_ARE_WRITTEN_IN_RENDER = noClasses()
            .that().resideOutsideOfPackages("io.stackdrift.render", "io.stackdrift.record")
            .should().dependOnClassesThat().belongToAnyOf(JsonGenerator.class)
            .because("every output of a run is written in io.stackdrift.render (docs/architecture.md, \"Outputs\")");

    private OutputRule() {
    }
}
