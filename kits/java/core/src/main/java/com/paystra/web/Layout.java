package com.paystra.web;

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

    private static final String STYLE = String.join("",
            ":root{--brand:#4a2fd6;--brand-strong:#2d1a99;--soft:#eeebff;--ink:#12142b;--muted:#474b66;",
            "--line:#dcdfeb;--page:#f4f4fa;--ok:#067647;--ok-soft:#e4f6ec;--bad:#b42318;--bad-soft:#fdecea;",
            "--wait:#8a4b00;--wait-soft:#fff2df;--mono:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}",
            "*{box-sizing:border-box}",
            "body{margin:0;background:var(--page);color:var(--ink);",
            "font:16px/1.55 system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',Arial,sans-serif}",
            ".wrap{max-width:780px;margin:0 auto;padding:0 20px}",
            ".top{background:#fff;border-bottom:1px solid var(--line)}",
            ".top .wrap{display:flex;align-items:center;justify-content:space-between;gap:12px;min-height:60px}",
            ".brand{font-weight:700;font-size:1.15rem;color:var(--brand);text-decoration:none}",
            ".brand span{color:var(--muted);font-weight:500}",
            ".badge{background:var(--wait-soft);color:var(--wait);border-radius:99px;padding:2px 12px;",
            "font-size:.8rem;font-weight:700}",
            "h1{font-size:1.7rem;line-height:1.25;margin:32px 0 8px}",
            "h2{font-size:1.15rem;margin:0 0 12px}",
            "h3{font-size:1rem;margin:18px 0 6px}",
            ".lead{color:var(--muted);margin:0 0 24px;font-size:1.05rem}",
            ".muted{color:var(--muted);font-weight:400}",
            ".card{background:#fff;border:1px solid var(--line);border-radius:14px;padding:22px 24px;",
            "margin:0 0 20px;box-shadow:0 8px 28px rgba(30,20,110,.06)}",
            ".card>p:first-of-type{margin-top:0}",
            "label{display:block;font-weight:600;margin:14px 0 4px}",
            "input,select,textarea{width:100%;padding:10px 12px;border:1px solid #8e93ad;border-radius:9px;",
            "font:inherit;color:inherit;background:#fff}",
            "select{min-height:46.8px}",
            "textarea{min-height:110px;font-family:var(--mono);font-size:.92rem}",
            ".choices{border:0;padding:0;margin:14px 0 0;display:grid;gap:10px}",
            "@media(min-width:640px){.choices{grid-template-columns:repeat(auto-fit,minmax(180px,1fr))}}",
            ".choices legend{font-weight:600;padding:0;margin:0 0 8px}",
            ".choices label{display:flex;align-items:center;gap:10px;margin:0;border:1px solid #8e93ad;",
            "border-radius:9px;padding:12px 14px;cursor:pointer;background:#fff}",
            ".choices label:has(input:checked){border-color:var(--brand);background:var(--soft)}",
            ".choices input{width:auto;margin:0;accent-color:var(--brand)}",
            ".hint{color:var(--muted);font-size:.88rem;margin:4px 0 0}",
            "button,.button{display:inline-block;margin-top:18px;background:var(--brand);color:#fff;border:0;",
            "border-radius:9px;padding:11px 22px;font:inherit;font-weight:600;cursor:pointer;text-decoration:none}",
            "button:hover,.button:hover{background:var(--brand-strong)}",
            ".button.secondary{background:#fff;color:var(--brand);border:1px solid var(--brand)}",
            ":focus-visible{outline:3px solid var(--brand);outline-offset:2px}",
            "a{color:var(--brand)}",
            "code{font-family:var(--mono);font-size:.9em;background:var(--soft);border-radius:5px;",
            "padding:1px 5px;overflow-wrap:anywhere}",
            ".grid{display:grid;gap:0 16px}",
            "@media(min-width:640px){.grid.two{grid-template-columns:1fr 1fr}}",
            "table{width:100%;border-collapse:collapse;font-size:.93rem}",
            "caption{text-align:left;font-weight:700;padding:0 0 8px}",
            "th,td{text-align:left;padding:8px 10px;border-bottom:1px solid var(--line);vertical-align:top}",
            "td{overflow-wrap:anywhere}",
            "td.num,th.num{text-align:right;white-space:nowrap}",
            ".scroll{overflow-x:auto}",
            ".facts{display:grid;grid-template-columns:minmax(110px,max-content) 1fr;gap:8px 20px;margin:0}",
            ".facts dt{color:var(--muted)}",
            ".facts dd{margin:0;font-weight:600;overflow-wrap:anywhere}",
            ".result{border-left:6px solid var(--bad)}",
            ".result.ok{border-left-color:var(--ok)}",
            ".result.wait{border-left-color:var(--wait)}",
            ".result h2{display:flex;flex-wrap:wrap;align-items:center;gap:10px}",
            ".report{min-width:600px}.report code{overflow-wrap:normal;white-space:nowrap}",
            ".status{white-space:nowrap;display:inline-block;border-radius:99px;padding:2px 12px;font-size:.82rem;font-weight:700}",
            ".status.ok{background:var(--ok-soft);color:var(--ok)}",
            ".status.wait{background:var(--wait-soft);color:var(--wait)}",
            ".status.bad{background:var(--bad-soft);color:var(--bad)}",
            ".notice{border-radius:9px;padding:12px 16px;margin:0 0 20px;font-weight:600}",
            ".notice.ok{background:var(--ok-soft);color:var(--ok)}",
            ".notice.wait{background:var(--wait-soft);color:var(--wait)}",
            ".notice.bad{background:var(--bad-soft);color:var(--bad)}",
            ".steps{padding-left:1.3em;margin:0}",
            ".steps li{margin:0 0 6px}",
            ".qr{display:grid;gap:20px;align-items:start}",
            "@media(min-width:640px){.qr{grid-template-columns:260px 1fr}}",
            ".qr .actions{margin-top:18px}",
            ".qr h2{display:flex;flex-wrap:wrap;align-items:center;gap:10px}",
            ".qr img{width:100%;max-width:260px;height:auto;aspect-ratio:1;border:1px solid var(--line);",
            "border-radius:9px;background:#fff;image-rendering:pixelated}",
            ".actions{display:flex;flex-wrap:wrap;gap:10px;margin:0 0 20px}",
            ".actions .button{margin-top:0}",
            "th code{overflow-wrap:normal;white-space:nowrap}",
            "@media(max-width:540px){.card{padding:18px}",
            ".facts{grid-template-columns:1fr;gap:0}.facts dd{margin-bottom:10px}",
            ".fields thead{display:none}.fields tr{display:block;border-bottom:1px solid var(--line);padding:8px 0}",
            ".fields th,.fields td{display:block;border:0;padding:2px 0}}",
            "footer{color:var(--muted);font-size:.88rem;padding-top:12px;padding-bottom:40px}");
}
