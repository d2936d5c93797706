package io.stackdrift.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.stackdrift.config.YamlNode.Scalar;
import io.stackdrift.config.YamlNode.YamlList;
import io.stackdrift.config.YamlNode.YamlMap;
import io.stackdrift.model.Problem;

class YamlReaderTest {
    private final List<Problem> problems = new ArrayList<>();

    private YamlMap read(final String text) {
        return (YamlMap) YamlReader.read("s.yaml", text, problems).orElseThrow();
    }

    @Test
    void everyKeyAndValueKeepsItsLineAndColumn() {
        YamlMap root = read("drift:\n  mode: report\nstacks:\n  - dir: network\n    dependsOn: [dns, app]\n");

        YamlMap drift = (YamlMap) root.entry("drift").orElseThrow().value();
        assertThat(drift.entry("mode").orElseThrow().keyAt()).isEqualTo(new Location(2, 3));
        assertThat(drift.entry("mode").orElseThrow().value().at()).isEqualTo(new Location(2, 9));
        YamlMap entry = (YamlMap) ((YamlList) root.entry("stacks").orElseThrow().value()).items().get(0);
        YamlList dependsOn = (YamlList) entry.entry("dependsOn").orElseThrow().value();
        assertThat(dependsOn.items()).extracting(YamlNode::at).containsExactly(new Location(5, 17), new Location(5, 22));
        assertThat(problems).isEmpty();
    }

    @Test
    void yaml11BooleansKeepTheWordAsWritten() {
        YamlMap root = read("a: off\nb: yes\nc: 'off'\nd:\ne: ~\nf: 15\n");

        assertThat(root.entries()).extracting(e -> ((Scalar) e.value()).kind()).containsExactly(Scalar.Kind.BOOLEAN,
                Scalar.Kind.BOOLEAN, Scalar.Kind.STRING, Scalar.Kind.NULL, Scalar.Kind.NULL, Scalar.Kind.INTEGER);
        assertThat(((Scalar) root.entry("a").orElseThrow().value()).text()).isEqualTo("off");
    }

    @Test
    void everyDuplicateKeyIsReportedAndTheFirstValueKept() {
        YamlMap root = read("a: 1\nb: 2\na: 3\nb: 4\na: 5\n");

        assertThat(problems).extracting(Problem::line).containsExactly(3, 4, 5);
        assertThat(problems.get(0).message()).isEqualTo("duplicate key `a` (first at line 1)");
        assertThat(((Scalar) root.entry("a").orElseThrow().value()).text()).isEqualTo("1");
    }

    @Test
    void brokenYamlGivesNoTreeAndOneProblemWhereTheBracketOpened() {
        assertThat(YamlReader.read("s.yaml", "a: [1, 2\n", problems)).isEmpty();
        assertThat(problems).singleElement().satisfies(p -> assertThat(p.line() + ":" + p.column()).isEqualTo("1:4"));
    }
}
