package io.jenkins.plugins.stackdrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;

import org.apache.commons.jexl.ExpressionFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * Every {@code ${…}} of every view compiles the way Jelly and Stapler compile it when the view is loaded (the
 * real build's InjectedTest compiles every view): Jelly splits each attribute value and text into expressions,
 * a plain expression is parsed as JEXL, and a localized {@code ${%key(arg,…)}} is split at its first {@code (}
 * with each argument parsed as JEXL (Stapler's InternationalizedStringExpression). A view that does not compile
 * breaks every page that includes it (Manage Jenkins → System includes every global configuration), so text
 * with parentheses must not be a key, and a quote inside an expression of a mixed text swallows the rest.
 */
class JellyExpressionsTest {
    private static final Path RESOURCES = Path.of("src/main/resources");

    @Test
    void everyViewExpressionCompilesAsStaplerCompilesIt() throws Exception {
        List<String> failures = new ArrayList<>();
        int expressions = 0;
        for (Path view : views()) {
            List<String> problems = new ArrayList<>();
            List<String> found = expressions(parse(Files.readString(view, StandardCharsets.UTF_8)), problems);
            problems.forEach(p -> failures.add(RESOURCES.relativize(view) + ": " + p));
            for (String expression : found) {
                expressions++;
                String problem = compile(expression);
                if (problem != null) {
                    failures.add(RESOURCES.relativize(view) + ": ${" + expression + "}: " + problem);
                }
            }
        }
        assertThat(expressions).as("expressions found in the views").isGreaterThan(50);
        assertThat(failures).isEmpty();
    }

    @Test
    void aKeyWithParenthesesDoesNotCompile() {
        // the mistake this test exists for: the words after "(" are parsed as JEXL arguments
        assertThat(compile("%Rehearsal (plan everything, apply nothing)")).isNotNull();
        assertThat(compile("%Destroy (in reverse dependency order)")).isNotNull();
        assertThat(compile("%Rehearsal: plan everything, apply nothing")).isNull();
        assertThat(compile("%Deploy of {0} stacks(it.count)")).isNull();
        assertThat(compile("it.failed gt it.failedStacks.size()")).isNull();
    }

    @Test
    void findsExpressionsAsJellySplitsText() {
        List<String> problems = new ArrayList<>();
        assertThat(expressions("${%Key}", problems)).containsExactly("%Key");
        assertThat(expressions("a ${it.x} b ${%Key(it.y)} $${not}", problems)).containsExactly("it.x", "%Key(it.y)");
        assertThat(problems).isEmpty();
        // an apostrophe opens a JEXL string inside the expression: the rest of the text is lost, silently
        assertThat(expressions("${%the job's trail}: more", problems)).isEmpty();
        assertThat(problems).hasSize(1);
    }

    @Test
    void readsAttributesAndTextButNotComments() throws Exception {
        List<String> problems = new ArrayList<>();
        assertThat(expressions(parse("<j:jelly><!-- ${not (one} --><a title=\"${%Key}\">${it.x}:</a></j:jelly>"), problems))
                .containsExactly("%Key", "it.x");
        assertThat(problems).isEmpty();
    }

    private static List<Path> views() throws IOException {
        try (Stream<Path> walk = Files.walk(RESOURCES)) {
            return walk.filter(p -> p.toString().endsWith(".jelly")).sorted().toList();
        }
    }

    private static Document parse(final String xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setCoalescing(true);
        factory.setExpandEntityReferences(false);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
    }

    /** The expressions of every attribute value and text node (Jelly compiles each of them on its own). */
    static List<String> expressions(final Node node, final List<String> problems) {
        List<String> found = new ArrayList<>();
        if (node.getNodeType() == Node.TEXT_NODE || node.getNodeType() == Node.CDATA_SECTION_NODE) {
            found.addAll(expressions(node.getNodeValue(), problems));
        }
        NamedNodeMap attributes = node.getAttributes();
        for (int i = 0; attributes != null && i < attributes.getLength(); i++) {
            found.addAll(expressions(attributes.item(i).getNodeValue(), problems));
        }
        NodeList children = node.getChildNodes();
        for (int i = 0; i < children.getLength(); i++) {
            found.addAll(expressions(children.item(i), problems));
        }
        return found;
    }

    /**
     * The {@code ${…}} bodies of one text, split the way Jelly's CompositeExpression splits it: a text that is one
     * expression is taken whole; otherwise quotes inside an expression are skipped, {@code $$} is a dollar, and an
     * expression whose closing brace is never reached is lost (reported as a problem here).
     */
    static List<String> expressions(final String text, final List<String> problems) {
        List<String> found = new ArrayList<>();
        int first = text.indexOf("${");
        if (first < 0) {
            return found;
        }
        int firstEnd = text.indexOf('}', first + 2);
        if (firstEnd < 0) {
            problems.add("missing '}' in: " + text.strip());
            return found;
        }
        if (first == 0 && firstEnd == text.length() - 1) {
            found.add(text.substring(2, firstEnd));
            return found;
        }
        int i = 0;
        while (i < text.length()) {
            boolean dollar = text.charAt(i) == '$' && i + 1 < text.length();
            if (dollar && text.charAt(i + 1) == '$') {
                i += 2;
            } else if (dollar && text.charAt(i + 1) == '{') {
                int end = closingBrace(text, i + 2);
                if (end < 0) {
                    problems.add("the expression at '" + text.substring(i, Math.min(text.length(), i + 40)).strip()
                            + "' never closes (a quote inside it?): the rest of the text is lost");
                    return found;
                }
                found.add(text.substring(i + 2, end));
                i = end + 1;
            } else {
                i++;
            }
        }
        return found;
    }

    private static int closingBrace(final String text, final int from) {
        char quote = 0;
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '}') {
                return i;
            }
        }
        return -1;
    }

    /** Null when the expression compiles, else why not. */
    static String compile(final String expression) {
        try {
            if (!expression.startsWith("%")) {
                ExpressionFactory.createExpression(expression);
                return null;
            }
            int open = expression.indexOf('(');
            if (open < 0) {
                return null;
            }
            String rest = expression.substring(open + 1);
            while (!rest.isEmpty()) {
                String argument = argument(rest);
                ExpressionFactory.createExpression(argument);
                rest = rest.substring(argument.length() + 1);
            }
            return null;
        } catch (Exception e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    /** One argument of {@code arg,arg)}: up to a comma or the closing parenthesis at depth 0 (Stapler's rule). */
    private static String argument(final String text) {
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case ',':
                    if (depth == 0) {
                        return text.substring(0, i);
                    }
                    break;
                case '(', '{', '[':
                    depth++;
                    break;
                case ')':
                    if (depth == 0) {
                        return text.substring(0, i);
                    }
                    depth--;
                    break;
                case '}', ']':
                    depth--;
                    break;
                case '"', '\'':
                    int close = text.indexOf(c, i + 1);
                    if (close < 0) {
                        throw new IllegalArgumentException("unclosed string");
                    }
                    i = close;
                    break;
                default:
                    break;
            }
        }
        throw new IllegalArgumentException("missing ')' at the end");
    }
}
