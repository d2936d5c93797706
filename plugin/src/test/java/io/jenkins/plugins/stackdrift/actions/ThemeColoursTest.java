package io.jenkins.plugins.stackdrift.actions;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import io.stackdrift.render.Assets;

/**
 * On a dark Jenkins theme the pages follow the theme: in the part of the core's style sheet that Jenkins pages use
 * (everything before the static report's own page styles), a colour is written only as the fallback of one of
 * Jenkins' theme variables ({@code var(--text-color, #1f2328)}); everything else is a {@code --sd-} variable made
 * from those.
 */
class ThemeColoursTest {
    private static final Pattern COLOUR = Pattern.compile("#[0-9a-fA-F]{3,8}\\b|\\b(?:rgb|rgba|hsl|hsla)\\(");
    private static final Pattern FALLBACK = Pattern.compile("var\\(--(?!sd-)[a-z-]+, (#[0-9a-fA-F]{3,8})\\)");

    /** The declarations (one per line) whose colour is not a theme variable's fallback. */
    static List<String> fixedColours(final String css) {
        String inJenkins = css.contains("/* standalone page") ? css.substring(0, css.indexOf("/* standalone page")) : css;
        String code = inJenkins.replaceAll("(?s)/\\*.*?\\*/", "");
        List<String> fixed = new ArrayList<>();
        for (String declaration : code.split("[;{}]", -1)) {
            String withoutFallbacks = FALLBACK.matcher(declaration).replaceAll("");
            Matcher colour = COLOUR.matcher(withoutFallbacks);
            if (colour.find()) {
                fixed.add(declaration.strip());
            }
        }
        return fixed;
    }

    @Test
    void thePagesColoursAreJenkinsThemeVariables() {
        String css = new String(Assets.bytes("stackdrift.css"), StandardCharsets.UTF_8);
        assertThat(fixedColours(css)).isEmpty();
        assertThat(css).contains("var(--text-color, ").contains("var(--background, ").contains("var(--success-color, ");
    }

    @Test
    void aPlantedLightPillIsFound() {
        String planted = ".sd { --sd-green: var(--success-color, #1a7f37); }\n"
                + ".sd-state-in-sync { color: var(--sd-green); border-color: #aceebb; }\n"
                + ".sd-x { --sd-subtle: #f6f8fa; background: rgb(1 2 3); }\n"
                + "/* standalone page (the static report) */\n.sd-page { background: #f6f8fa; }\n";
        assertThat(fixedColours(planted)).containsExactly("border-color: #aceebb", "--sd-subtle: #f6f8fa", "background: rgb(1 2 3)");
    }
}
