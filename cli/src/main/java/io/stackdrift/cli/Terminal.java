package io.stackdrift.cli;

/** What the terminal gets: colour only on a terminal without {@code NO_COLOR}; untrusted text made inert. */
final class Terminal {
    private Terminal() {
    }

    static boolean colour() {
        String noColor = System.getenv("NO_COLOR");
        return System.console() != null && (noColor == null || noColor.isEmpty());
    }

    /** Resource names and paths come from tool output: control characters (escape sequences) become '?'. */
    static String safe(final String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(c -> out.appendCodePoint(Character.isISOControl(c) || c == 0x2028 || c == 0x2029
                || Character.getType(c) == Character.FORMAT ? '?' : c));
        return out.toString();
    }
}
