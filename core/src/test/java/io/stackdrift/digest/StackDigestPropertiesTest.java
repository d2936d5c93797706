package io.stackdrift.digest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

class StackDigestPropertiesTest {
    /** Text made of the bytes that matter (CR, LF) and a filler, so CRs land on every buffer boundary. */
    @Provide
    Arbitrary<byte[]> texts() {
        return Arbitraries.of((byte) '\r', (byte) '\n', (byte) 'a').array(byte[].class).ofMaxSize(60);
    }

    @Property(tries = 500)
    void streamingInAnyBufferSizeNormalisesLikeTheWholeContent(@ForAll("texts") final byte[] text,
            @ForAll @IntRange(min = 1, max = 7) final int bufferSize) throws IOException, NoSuchAlgorithmException {
        byte[] expected = StackDigest.normalized(text);
        MessageDigest streamed = MessageDigest.getInstance("SHA-256");
        long length = StackDigest.normalize(new ByteArrayInputStream(text), bufferSize, streamed);
        assertThat(length).isEqualTo(expected.length);
        assertThat(streamed.digest()).isEqualTo(MessageDigest.getInstance("SHA-256").digest(expected));
    }
}
