package io.stackdrift.architecture;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.Writer;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

import io.stackdrift.model.RunOrder;
import io.stackdrift.render.RunOrderOutput;

class OutputRuleTest {
    /** A planted instance of the mistake the rule is for: a writer of a run's JSON outside render. */
    static final class WritesItsOwnJson {
        void write(final Writer out) throws IOException {
            try (JsonGenerator json = new JsonFactory().createGenerator(out)) {
                json.writeStartObject();
                json.writeNumberField("total", 1);
                json.writeEndObject();
            }
        }
    }

    /** What a host does instead: it prints what render wrote. */
    static final class PrintsWhatRenderWrote {
        void write(final RunOrder order, final Writer out) throws IOException {
            out.write(RunOrderOutput.json(order));
        }
    }

    @Test
    void aJsonWriterOutsideRenderFailsTheBuild() {
        assertThatThrownBy(() -> OutputRule.FORMATS_ARE_WRITTEN_IN_RENDER.check(
                new ClassFileImporter().importClasses(WritesItsOwnJson.class)))
                .isInstanceOf(AssertionError.class).hasMessageContaining("WritesItsOwnJson").hasMessageContaining("Outputs");
    }

    @Test
    void theWritersInRenderPass() {
        assertThatCode(() -> OutputRule.FORMATS_ARE_WRITTEN_IN_RENDER.check(
                new ClassFileImporter().importClasses(PrintsWhatRenderWrote.class, RunOrderOutput.class))).doesNotThrowAnyException();
    }
}
