package io.stackdrift.render;

/**
 * A close-enough width of badge text in 11px Verdana/DejaVu Sans, so SVG badges fit their words
 * without a font at hand. Only our own short words are measured (counts and fixed labels).
 */
final class TextWidth {
    private TextWidth() {
    }

    static int of(final String text) {
        double width = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if ("il.,:;|!'".indexOf(c) >= 0) {
                width += 3.2;
            } else if ("fjtrI() ".indexOf(c) >= 0) {
                width += 4.4;
            } else if ("mwMW".indexOf(c) >= 0) {
                width += 10.0;
            } else if (Character.isUpperCase(c)) {
                width += 7.6;
            } else {
                width += 6.9;
            }
        }
        return (int) Math.ceil(width);
    }
}
