package io.stackdrift.render;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Masks what a Terraform/OpenTofu diagnostic in human form quotes of the configuration and its values: the source
 * lines under {@code on main.tf line 3, in variable "db_password":} ({@code 3:   default = "hunter2"}: a variable's
 * default, a literal in a resource) and the values under the expression marker ({@code │ var.password is "hunter2"}).
 * The line numbers, the file and block named, and a value's type ({@code is a list of string}) stay, so the log still
 * says where the problem is. What a tool prints otherwise (a provider's message quoting a value) cannot be told apart
 * from words and stays as printed.
 */
public final class DiagnosticSnippets {
    /** What a masked source line or value reads as. */
    public static final String MASKED = "(not kept: it may hold a value)";
    /** The box Terraform draws around a diagnostic, the spaces around it and the colour escapes it is printed with. */
    private static final String GUTTER = "(?:[\\s\\u2502\\u2575\\u2577]|\\u001B\\[[0-9;]*m)*";
    private static final char BOX_END = '\u2575';
    private static final Pattern WHERE = Pattern.compile(GUTTER + "on .+ line \\d+.*");
    private static final Pattern SOURCE = Pattern.compile("(" + GUTTER + "\\d+:)(.*)");
    private static final Pattern VALUE = Pattern.compile("(" + GUTTER + "[\\u251c\\u2502]" + GUTTER + "\\S+ (?:is|has) )(.*)");
    /** A value rather than a type: quoted, a number, a bool, null, a collection's opening. */
    private static final Pattern LITERAL = Pattern.compile("(?:\\u001B\\[[0-9;]*m)*(?:[\"\\[{\\d-].*|(?:true|false|null)\\b.*)");

    private DiagnosticSnippets() {
    }

    /** The text with every source line of a diagnostic and every value it shows replaced by {@link #MASKED}. */
    public static String mask(final String text) {
        StringBuilder out = new StringBuilder(text.length());
        boolean inSnippet = false;
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            String shown = line;
            if (WHERE.matcher(line).matches()) {
                inSnippet = true;
            } else if (inSnippet) {
                Matcher source = SOURCE.matcher(line);
                Matcher value = VALUE.matcher(line);
                if (source.matches()) {
                    shown = source.group(1) + " " + MASKED;
                } else if (value.matches() && LITERAL.matcher(value.group(2)).matches()) {
                    shown = value.group(1) + MASKED;
                } else if (line.indexOf(BOX_END) >= 0 || line.isBlank()) {
                    // a blank line ends the snippet (a gutter line inside a box is not blank), as does the box's end
                    inSnippet = false;
                }
            }
            out.append(shown);
            if (i < lines.length - 1) {
                out.append('\n');
            }
        }
        return out.toString();
    }
}
