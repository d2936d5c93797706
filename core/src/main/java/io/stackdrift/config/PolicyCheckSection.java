package io.stackdrift.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.stackdrift.config.ValueForms.Zero;
import io.stackdrift.config.YamlNode.Scalar;
import io.stackdrift.config.YamlNode.YamlMap;

/** The {@code policyCheck:} of the top level or of a stacks entry: a mapping with the command, or {@code off}. */
final class PolicyCheckSection {
    static final List<String> KEYS = List.of("command", "onDeny", "timeout", "previews");
    static final String EXAMPLE = "policyCheck:\n  command: [policy/check-plan.sh]   # gets STACKDRIFT_PLAN_JSON and STACKDRIFT_STACK\n"
            + "  onDeny: hold       # hold (awaiting approval) or fail\n  timeout: 5m\n  previews: false";

    private final ValueForms forms;

    PolicyCheckSection(final ValueForms forms) {
        this.forms = forms;
    }

    Optional<Setting<PolicyCheckChoice>> read(final YamlNode value) {
        if (value instanceof Scalar scalar && ("off".equals(scalar.text()) || "false".equals(scalar.text()))
                && scalar.kind() != Scalar.Kind.UNREADABLE) {
            return Optional.of(new Setting<>(PolicyCheckChoice.OFF, value.at()));
        }
        if (!(value instanceof YamlMap map)) {
            return forms.unless(value, "`policyCheck` must be a mapping with `command` (or `off`), not " + value.describe(), EXAMPLE);
        }
        forms.checkKeys(map, KEYS, "policyCheck");
        List<String> command = map.entry("command").map(e -> command(e.value())).orElse(List.of());
        if (map.entry("command").isEmpty()) {
            forms.problem(map.at(), "`policyCheck` has no `command`", EXAMPLE);
        }
        Optional<PolicyCheck.OnDeny> onDeny = map.entry("onDeny").map(e -> onDeny(e.value())).orElse(Optional.of(PolicyCheck.OnDeny.HOLD));
        Optional<Setting<Duration>> timeout = map.entry("timeout")
                .flatMap(e -> forms.duration(e.value(), "timeout", Zero.REFUSED, "timeout: 5m"));
        Optional<Setting<Boolean>> previews = map.entry("previews").flatMap(e -> forms.bool(e.value(), "previews", "previews: true"));
        boolean malformed = command.isEmpty() || onDeny.isEmpty() || map.entry("timeout").isPresent() && timeout.isEmpty()
                || map.entry("previews").isPresent() && previews.isEmpty();
        if (malformed) {
            return Optional.empty();
        }
        PolicyCheck check = new PolicyCheck(command, onDeny.get(), timeout.map(Setting::value).orElse(PolicyCheck.DEFAULT_TIMEOUT),
                previews.map(Setting::value).orElse(false));
        return Optional.of(new Setting<>(new PolicyCheckChoice(Optional.of(check)), map.at()));
    }

    /** A list of words, or one word: the executable alone. Never split on spaces: no shell runs it. */
    private List<String> command(final YamlNode value) {
        String hint = "command: [conftest, test, --policy, policy]   # a list of words, no shell";
        List<String> words = new ArrayList<>();
        if (value instanceof Scalar) {
            forms.text(value, "command", hint).filter(w -> !w.isBlank()).ifPresent(words::add);
        } else {
            for (YamlNode item : forms.list(value, "command", hint)) {
                forms.text(item, "each command word", hint).ifPresent(words::add);
            }
        }
        if (words.isEmpty() || words.get(0).isBlank()) {
            forms.unless(value, "`command` must name an executable (a list of words, the executable first)", hint);
            return List.of();
        }
        return words;
    }

    private Optional<PolicyCheck.OnDeny> onDeny(final YamlNode value) {
        Optional<PolicyCheck.OnDeny> word = value instanceof Scalar scalar ? PolicyCheck.OnDeny.fromWord(scalar.text()) : Optional.empty();
        if (word.isEmpty()) {
            forms.unless(value, "`onDeny` must be hold or fail, not " + value.describe(), "onDeny: hold   # or fail");
        }
        return word;
    }
}
