package io.stackdrift.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.security.MessageDigest;

import org.junit.jupiter.api.Test;

import io.stackdrift.testing.Gen;
import io.stackdrift.testing.Tries;

class StackDigestPropertiesTest {
    /** Text made of the bytes that matter (CR, LF) and a filler, so CRs land on every buffer boundary. */
    private static byte[] text(final Gen gen) {
        byte[] text = new byte[gen.ints(0, 60)];
        for (int i = 0; i < text.length; i++) {
            text[i] = gen.of((byte) '\r', (byte) '\n', (byte) 'a');
        }
        return text;
    }

    @Test
    void streamingInAnyBufferSizeNormalisesLikeTheWholeContent() {
        Tries.check(500, gen -> {
            byte[] text = text(gen);
            int bufferSize = gen.ints(1, 7);
            byte[] expected = StackDigest.normalized(text);
            MessageDigest streamed = MessageDigest.getInstance("SHA-256");
            long length = StackDigest.normalize(new ByteArrayInputStream(text), bufferSize, streamed);
            assertThat(length).isEqualTo(expected.length);
            assertThat(streamed.digest()).isEqualTo(MessageDigest.getInstance("SHA-256").digest(expected));
        });
    }
}
