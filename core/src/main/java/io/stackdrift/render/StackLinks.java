package io.stackdrift.render;

import java.util.Objects;

import org.owasp.encoder.Encode;

import io.stackdrift.model.StackId;

/**
 * Where a stack's page is, relative to the page that links to it. A link is built only from a fixed
 * prefix and suffix chosen by our code and the stack's {@link StackFileName} — never from the raw id.
 */
public final class StackLinks {
    private final String prefix;
    private final String suffix;

    private StackLinks(final String prefix, final String suffix) {
        this.prefix = Objects.requireNonNull(prefix, "prefix");
        this.suffix = Objects.requireNonNull(suffix, "suffix");
    }

    /** The static report's layout: {@code stacks/<name>.html} beside {@code index.html}. */
    public static StackLinks staticReport() {
        return new StackLinks("stacks/", ".html");
    }

    /**
     * A layout of the caller's own, e.g. {@code under("stack/", "/")} for a Jenkins action serving
     * {@code .../drift/stack/<name>/}. The prefix and suffix are constants of the caller, not user input.
     */
    public static StackLinks under(final String prefix, final String suffix) {
        return new StackLinks(prefix, suffix);
    }

    /** The relative URL of the stack's page (still to be attribute-encoded where it is written). */
    public String href(final StackId id) {
        return prefix + Encode.forUriComponent(StackFileName.of(id)) + suffix;
    }
}
