package io.jenkins.plugins.stackdrift.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import io.stackdrift.render.SecretMask;

class SecretMaskingOutputStreamTest {
    private static String through(final List<String> secrets, final String... writes) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (SecretMaskingOutputStream masking = new SecretMaskingOutputStream(out, SecretMask.of(secrets))) {
            for (String w : writes) {
                masking.write(w.getBytes(StandardCharsets.UTF_8));
                masking.flush();
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void masksEverySecretOnEveryLine() throws Exception {
        assertThat(through(List.of("hunter2"), "token hunter2 and hunter2\n", "clean\n"))
                .isEqualTo("token **** and ****\nclean\n");
    }

    @Test
    void masksASecretWrittenInPiecesAcrossFlushes() throws Exception {
        assertThat(through(List.of("s3cr3t"), "key=s3", "cr3t", " done\n")).isEqualTo("key=**** done\n");
    }

    @Test
    void masksTheLongerSecretWholeWhenOneContainsAnother() throws Exception {
        assertThat(through(List.of("abc", "abcdef"), "x abcdef y\n")).isEqualTo("x **** y\n");
    }

    @Test
    void emitsAnUnterminatedLastLineOnClose() throws Exception {
        assertThat(through(List.of("pw"), "no newline pw")).isEqualTo("no newline ****");
    }

    @Test
    void closingLeavesTheBuildLogOpen() throws Exception {
        AtomicBoolean closed = new AtomicBoolean();
        ByteArrayOutputStream log = new ByteArrayOutputStream() {
            @Override
            public void close() {
                closed.set(true);
            }
        };
        new SecretMaskingOutputStream(log, SecretMask.of(List.of("x"))).close();
        assertThat(closed).isFalse();
    }

    @Test
    void ignoresEmptySecretsAndKeepsUtf8() throws Exception {
        assertThat(through(List.of(""), "drifted ● 2\n")).isEqualTo("drifted ● 2\n");
    }
}
