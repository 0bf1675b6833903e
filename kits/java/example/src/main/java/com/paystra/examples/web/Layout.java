package com.paystra.examples.web;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The page around every screen of an example: header, one h1, the content, a footer. */
public final class Layout {
    private final String kitName;

    /** @param kitName e.g. "PG kit", shown after "Paystra" in the header and the title */
    public Layout(String kitName) {
        this.kitName = kitName;
    }

    public String kitName() {
        return kitName;
    }

    /**
     * A whole document. title and lead are text (escaped here); contentHtml is HTML the
     * caller built with Html's helpers.
     */
    public String page(String title, String lead, String contentHtml) {
        return "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<title>" + Html.esc(title) + " \u00B7 Paystra " + Html.esc(kitName) + "</title>\n"
                + "<link rel=\"icon\" href=\"data:,\">\n"
                + "<style>" + STYLE + "</style>\n</head>\n<body>\n"
                + "<header class=\"top\"><div class=\"wrap\"><a class=\"brand\" href=\"/\">Paystra <span>"
                + Html.esc(kitName) + " \u00B7 Java</span></a>"
                + "<span class=\"badge\">Sandbox</span></div></header>\n"
                + "<main class=\"wrap\">\n<h1>" + Html.esc(title) + "</h1>\n"
                + (lead == null || lead.isEmpty() ? "" : "<p class=\"lead\">" + Html.esc(lead) + "</p>\n")
                + contentHtml + "\n</main>\n"
                + "<footer class=\"wrap\"><p>A Paystra sample integration. Amounts travel in paise, the "
                + "rupee's minor unit: AMOUNT 100 is \u20B91.00. In the sandbox no real money moves.</p>"
                + "</footer>\n</body>\n</html>\n";
    }

    /** The examples' stylesheet, read once: see {@link #readStyle()}. */
    private static final String STYLE = readStyle();

    /**
     * The one stylesheet every kit language's examples use: example/example.css, beside this web
     * layer, or ../shared/example.css where the kits of every language share one copy. Both paths
     * are relative to the folder the examples run from.
     */
    static String readStyle() {
        for (Path candidate : List.of(Path.of("example", "example.css"), Path.of("..", "shared", "example.css"))) {
            if (Files.isRegularFile(candidate)) {
                try {
                    return Files.readString(candidate, StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new UncheckedIOException("Cannot read " + candidate.toAbsolutePath(), e);
                }
            }
        }
        throw new IllegalStateException("example/example.css not found: run the example from the kit's folder"
                + " (the one holding core/ and example/), " + Path.of("").toAbsolutePath() + " is not it");
    }
}
