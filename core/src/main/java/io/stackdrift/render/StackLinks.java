package io.stackdrift.render;

import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.owasp.encoder.Encode;

import io.stackdrift.model.Row;
import io.stackdrift.model.StackId;

/**
 * Where a stack's page is, relative to the page that links to it, and which stacks have one. A link is
 * built only from a fixed prefix and suffix chosen by our code and the stack's {@link StackFileName} —
 * never from the raw id. A stack without a page (a dependency outside the run, a deleted stack in the
 * trail) is shown as text, not as a dead link.
 */
public final class StackLinks {
    private final String prefix;
    private final String suffix;
    /** Null: every stack has a page. */
    private final Set<StackId> withPages;

    private StackLinks(final String prefix, final String suffix, final Set<StackId> withPages) {
        this.prefix = Objects.requireNonNull(prefix, "prefix");
        this.suffix = Objects.requireNonNull(suffix, "suffix");
        this.withPages = withPages;
    }

    /** The static report's layout: {@code stacks/<name>.html} beside {@code index.html}. */
    public static StackLinks staticReport() {
        return new StackLinks("stacks/", ".html", null);
    }

    /**
     * A layout of the caller's own, e.g. {@code under("stack/", "/")} for a Jenkins action serving
     * {@code .../drift/stack/<name>/}. The prefix and suffix are constants of the caller, not user input.
     */
    public static StackLinks under(final String prefix, final String suffix) {
        return new StackLinks(prefix, suffix, null);
    }

    /** The same layout, linking only the given stacks (and only those this one already links). */
    public StackLinks onlyFor(final Collection<StackId> stacks) {
        Set<StackId> allowed = withPages == null ? Set.copyOf(stacks)
                : stacks.stream().filter(withPages::contains).collect(Collectors.toUnmodifiableSet());
        return new StackLinks(prefix, suffix, allowed);
    }

    /** The relative URL of the stack's page (still to be attribute-encoded where it is written); empty when it has none. */
    public Optional<String> href(final StackId id) {
        if (withPages != null && !withPages.contains(id)) {
            return Optional.empty();
        }
        return Optional.of(prefix + Encode.forUriComponent(StackFileName.of(id)) + suffix);
    }

    /** The stack id as a link to its page, or as text when it has none. */
    String anchor(final StackId id, final String cssClass) {
        String classAttr = cssClass.isEmpty() ? "" : " class=\"" + cssClass + "\"";
        return href(id).map(href -> "<a" + classAttr + " href=\"" + Html.attr(href) + "\">" + Html.text(id.value()) + "</a>")
                .orElseGet(() -> "<span" + classAttr + ">" + Html.text(id.value()) + "</span>");
    }

    /** The stacks {@code row} depends on as links with their read marks, the first few and "and N more". */
    void appendDependsOn(final StringBuilder out, final Row row, final RenderLimits limits) {
        List<StackId> deps = row.allDependsOn();
        for (int i = 0; i < Math.min(deps.size(), limits.maxDependsOn()); i++) {
            if (i > 0) {
                out.append(", ");
            }
            out.append(anchor(deps.get(i), "")).append(Html.readMark(row, deps.get(i)));
        }
        if (deps.size() > limits.maxDependsOn()) {
            out.append(" <span class=\"sd-muted\">and ").append(deps.size() - limits.maxDependsOn()).append(" more</span>");
        }
    }
}
