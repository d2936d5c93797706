package io.stackdrift.ownership;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.JsonNode;

import io.stackdrift.model.Tool;

/**
 * The default-deny rules of docs/field-ownership.md for {@code ignore} paths. A path is accepted only when all hold:
 * <ol>
 * <li>it names a resource declared in the root module ({@code TYPE.NAME}, {@code [index]} allowed) and
 *     a valid attribute path of that type in the provider schema (walked as Terraform validates
 *     {@code ignore_changes});</li>
 * <li>it is not identity-bearing: not {@code id}, and not a path whose change forces replacement. The
 *     schema has no "forces replacement" flag, so the only evidence is the plan's
 *     {@code replace_paths}: a path that equals, contains or lies inside one is refused;</li>
 * <li>it is readable back: neither the attribute nor anything under it is {@code write_only} (a
 *     write-only value is null in state, so there is no observed value to keep).</li>
 * </ol>
 * Sensitive attributes are accepted: the state stores them, so the owner's value is kept like any other
 * (and no value is ever shown). Computed-only attributes are accepted; Terraform warns they are
 * redundant, which is harmless. Pulumi stacks reject every path (the plugin cannot make {@code pulumi up}
 * respect them from outside).
 */
public final class IgnoreEligibility {
    /** The outcome: the accepted paths, and every rejection (a stack with any rejection fails). */
    public record Verdict(List<IgnorePath> accepted, List<Rejection> rejections) {
        public Verdict {
            accepted = List.copyOf(accepted);
            rejections = List.copyOf(rejections);
        }

        public boolean allAccepted() {
            return rejections.isEmpty();
        }
    }

    private IgnoreEligibility() {
    }

    /** Pulumi: every path is rejected with the way to do it in the program. */
    public static Verdict pulumi(final List<String> paths) {
        List<Rejection> out = new ArrayList<>();
        for (String path : paths) {
            out.add(new Rejection(path, 0, "ignore paths apply to Terraform and OpenTofu stacks only; Stack Drift cannot make "
                    + "'pulumi up' leave a field alone from outside the program",
                    "use the ignoreChanges resource option in the Pulumi program instead and remove the path from stacks.yaml"));
        }
        return new Verdict(List.of(), out);
    }

    /**
     * @param tool         the stack's tool
     * @param paths        the stack's ignore paths as written
     * @param declarations the root module's resources ({@link ResourceScanner})
     * @param schemas      the provider schema blocks of the named types
     * @param replacePaths the plan's {@code replace_paths} by resource address (empty when no plan yet)
     */
    public static Verdict check(final Tool tool, final List<String> paths, final ResourceScanner.Result declarations,
            final ProviderSchemas schemas, final Map<String, List<String>> replacePaths) {
        if (tool == Tool.PULUMI) {
            return pulumi(paths);
        }
        List<IgnorePath> accepted = new ArrayList<>();
        List<Rejection> rejections = new ArrayList<>();
        for (String text : paths) {
            Optional<Rejection> rejection = check(text, declarations, schemas, replacePaths, accepted);
            rejection.ifPresent(rejections::add);
        }
        return new Verdict(rejections.isEmpty() ? accepted : List.of(), rejections);
    }

    private static Optional<Rejection> check(final String text, final ResourceScanner.Result declarations,
            final ProviderSchemas schemas, final Map<String, List<String>> replacePaths, final List<IgnorePath> accepted) {
        String trimmed = text.strip();
        if (trimmed.startsWith("module.") || trimmed.startsWith("data.")) {
            return reject(text, 1, "it names " + (trimmed.startsWith("data.") ? "a data source" : "a resource in a child module")
                    + "; only managed resources declared in the stack's root module can be ignored",
                    "name a resource of the root module, as in aws_instance.web.tags");
        }
        Optional<IgnorePath> parsed = IgnorePath.parse(trimmed);
        if (parsed.isEmpty()) {
            return reject(text, 1, "not of the form TYPE.NAME.attribute",
                    "write it as aws_autoscaling_group.web.desired_capacity");
        }
        IgnorePath path = parsed.get();
        if (!path.instanceKey().isEmpty()) {
            // ignore_changes belongs to the resource block: the override would ignore the field on every
            // instance while the drift split counted only this one's as owned elsewhere
            String whole = path.resource() + "." + path.attribute().toHcl();
            return reject(text, 1, "ignore_changes applies to the whole resource block, so it cannot own a field of instance ["
                    + path.instanceKey() + "] only", "write " + whole + " (it then applies to every instance of " + path.resource() + ")");
        }
        if (declarations.resource(path.resource()).isEmpty()) {
            String unread = declarations.problems().isEmpty() ? "" : " (files not read: " + String.join("; ", declarations.problems())
                    + ")";
            return reject(text, 1, "no resource \"" + path.type() + "\" \"" + path.name() + "\" is declared in the stack's .tf/.tofu files"
                    + unread, "check the type and name against the root module (resources in .tf.json files are not read)");
        }
        Optional<JsonNode> block = schemas.block(path.type());
        if (block.isEmpty()) {
            return reject(text, 1, "the provider schema has no resource type " + path.type(),
                    "check the type name; the schema comes from 'providers schema -json' after init");
        }
        SchemaWalk.Result walk = SchemaWalk.walk(block.get(), path.attribute());
        if (!walk.valid()) {
            return reject(text, 1, walk.error(), "see the resource type's documented attributes and blocks");
        }
        if ("id".equals(path.attribute().steps().get(0).text())) {
            return reject(text, 2, "'id' identifies the object; ignoring it would re-address it",
                    "remove the path: the id is never owned by anyone else");
        }
        for (Map.Entry<String, List<String>> entry : replacePaths.entrySet()) {
            if (!path.coversAddress(entry.getKey())) {
                continue;
            }
            for (String replace : entry.getValue()) {
                Optional<AttributePath> forcing = AttributePath.parse(replace);
                boolean overlaps = forcing.isPresent()
                        ? forcing.get().isWithin(path.attribute()) || path.attribute().isWithin(forcing.get())
                        : replace.equals(path.attribute().toHcl());
                if (overlaps) {
                    return reject(text, 2, "a change of " + replace + " forces replacement of " + entry.getKey()
                            + " (the plan's replace_paths); ignoring it would re-address the object",
                            "let the code own this field, or change the resource so the field can be updated in place");
                }
            }
        }
        if (walk.writeOnly()) {
            return reject(text, 3, "it is (or contains) a write-only attribute: the state never stores its value, so there is "
                    + "no observed value to keep", "remove the path; a write-only value cannot drift");
        }
        accepted.add(path);
        return Optional.empty();
    }

    private static Optional<Rejection> reject(final String path, final int rule, final String message, final String hint) {
        return Optional.of(new Rejection(path, rule, message, hint));
    }
}
