package io.stackdrift.render;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.parser.Parser;

/** Parses SVG as XML for the tests. */
final class BadgeSvg {
    private BadgeSvg() {
    }

    static Document parse(final String svg) {
        return Jsoup.parse(svg, "", Parser.xmlParser());
    }
}
