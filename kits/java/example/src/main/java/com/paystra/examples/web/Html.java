package com.paystra.examples.web;

import com.paystra.Client.PaymentForm;
import java.math.BigInteger;
import java.util.Locale;
import java.util.Map;

/**
 * HTML pieces the example apps share. Every value that reaches a page goes through esc(); the
 * helpers escape what they are given, so callers pass plain text unless a name says "Html".
 */
public final class Html {
    private Html() {}

    /** The one script of the kits: submits the payment form to the gateway (allowed by its hash in the CSP). */
    public static final String AUTO_SUBMIT_SCRIPT = "document.forms[0].submit()";

    private static final String RUPEE = "\u20B9";

    /** Escapes text for element content and quoted attribute values. */
    public static String esc(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&': out.append("&amp;"); break;
                case '<': out.append("&lt;"); break;
                case '>': out.append("&gt;"); break;
                case '"': out.append("&quot;"); break;
                case '\'': out.append("&#39;"); break;
                default: out.append(c);
            }
        }
        return out.toString();
    }

    /** Paise to rupees with Indian digit grouping: "12345678" becomes "Rs 1,23,456.78" (with the rupee sign). */
    public static String rupees(String paise) {
        if (paise == null || !paise.matches("\\d{1,18}")) {
            return paise == null ? "" : paise;
        }
        BigInteger value = new BigInteger(paise);
        BigInteger[] parts = value.divideAndRemainder(BigInteger.valueOf(100));
        String whole = parts[0].toString();
        StringBuilder grouped = new StringBuilder();
        if (whole.length() > 3) {
            String head = whole.substring(0, whole.length() - 3);
            for (int i = 0; i < head.length(); i++) {
                if (i > 0 && (head.length() - i) % 2 == 0) {
                    grouped.append(',');
                }
                grouped.append(head.charAt(i));
            }
            grouped.append(',').append(whole.substring(whole.length() - 3));
        } else {
            grouped.append(whole);
        }
        return RUPEE + grouped + "." + String.format(Locale.ROOT, "%02d", parts[1].intValue());
    }

    /** An amount in paise, shown in rupees with the paise the protocol carries. */
    public static String amountHtml(String paise) {
        if (paise == null || paise.isEmpty()) {
            return "&ndash;";
        }
        return esc(rupees(paise)) + " <span class=\"muted\">(" + esc(paise) + " paise)</span>";
    }

    /** A labelled input. attributes is raw HTML from the caller's code (e.g. required, pattern). */
    public static String input(String label, String name, String type, String value, String hint,
            String attributes) {
        return input("f", label, name, type, value, hint, attributes);
    }

    /** As input(label, ...), its id prefixed with formId, for a page with two fields of one name. */
    public static String input(String formId, String label, String name, String type, String value,
            String hint, String attributes) {
        String id = formId + "-" + name.toLowerCase(Locale.ROOT);
        StringBuilder html = new StringBuilder()
                .append("<label for=\"").append(id).append("\">").append(esc(label)).append("</label>")
                .append("<input id=\"").append(id).append("\" name=\"").append(esc(name))
                .append("\" type=\"").append(esc(type)).append("\" value=\"").append(esc(value)).append('"');
        if (hint != null && !hint.isEmpty()) {
            html.append(" aria-describedby=\"").append(id).append("-hint\"");
        }
        if (attributes != null && !attributes.isEmpty()) {
            html.append(' ').append(attributes);
        }
        html.append('>');
        if (hint != null && !hint.isEmpty()) {
            html.append("<p class=\"hint\" id=\"").append(id).append("-hint\">").append(esc(hint)).append("</p>");
        }
        return html.toString();
    }

    /** A labelled select; options maps each value to its label. */
    public static String select(String label, String name, Map<String, String> options, String selected,
            String hint) {
        String id = "f-" + name.toLowerCase(Locale.ROOT);
        StringBuilder html = new StringBuilder()
                .append("<label for=\"").append(id).append("\">").append(esc(label)).append("</label>")
                .append("<select id=\"").append(id).append("\" name=\"").append(esc(name)).append('"');
        if (hint != null && !hint.isEmpty()) {
            html.append(" aria-describedby=\"").append(id).append("-hint\"");
        }
        html.append('>');
        options.forEach((value, text) -> html.append("<option value=\"").append(esc(value)).append('"')
                .append(value.equals(selected) ? " selected" : "").append('>').append(esc(text))
                .append("</option>"));
        html.append("</select>");
        if (hint != null && !hint.isEmpty()) {
            html.append("<p class=\"hint\" id=\"").append(id).append("-hint\">").append(esc(hint)).append("</p>");
        }
        return html.toString();
    }

    /** A group of radio buttons under a legend; options maps each value to its label. */
    public static String radios(String legend, String name, Map<String, String> options, String selected) {
        StringBuilder html = new StringBuilder("<fieldset class=\"choices\"><legend>").append(esc(legend))
                .append("</legend>");
        options.forEach((value, text) -> {
            String id = "f-" + name.toLowerCase(Locale.ROOT) + "-" + value.toLowerCase(Locale.ROOT);
            html.append("<label for=\"").append(esc(id)).append("\"><input type=\"radio\" id=\"").append(esc(id))
                    .append("\" name=\"").append(esc(name)).append("\" value=\"").append(esc(value)).append('"')
                    .append(value.equals(selected) ? " checked" : "").append("> ").append(esc(text)).append("</label>");
        });
        return html.append("</fieldset>").toString();
    }

    /** Every field as a two-column table (for the raw answer under a result). */
    public static String fieldsTable(String caption, Map<String, String> fields) {
        StringBuilder html = new StringBuilder("<table class=\"fields\"><caption>").append(esc(caption))
                .append("</caption><thead><tr><th scope=\"col\">Field</th><th scope=\"col\">Value</th></tr></thead><tbody>");
        fields.forEach((key, value) -> html.append("<tr><th scope=\"row\"><code>").append(esc(key))
                .append("</code></th><td>").append(esc(value)).append("</td></tr>"));
        return html.append("</tbody></table>").toString();
    }

    /** A list of label, value pairs; values are HTML (pass esc(text) or amountHtml). */
    public static String factsHtml(String... labelsAndValuesHtml) {
        StringBuilder html = new StringBuilder("<dl class=\"facts\">");
        for (int i = 0; i + 1 < labelsAndValuesHtml.length; i += 2) {
            html.append("<dt>").append(esc(labelsAndValuesHtml[i])).append("</dt><dd>")
                    .append(labelsAndValuesHtml[i + 1]).append("</dd>");
        }
        return html.append("</dl>").toString();
    }

    /** STATUS as a coloured badge: green for 000, amber for Pending, red otherwise. */
    public static String statusBadge(String status, String code) {
        return "<span class=\"status " + tone(status, code) + "\">" + esc(status == null || status.isEmpty()
                ? "Unknown" : status) + "</span>";
    }

    /** ok, wait or bad, for a STATUS and RESPONSE_CODE. */
    public static String tone(String status, String code) {
        if ("000".equals(code)) {
            return "ok";
        }
        return "Pending".equals(status) ? "wait" : "bad";
    }

    /**
     * The one form of a payment hand-off: hidden inputs, a button for browsers without
     * scripts, and the script that submits it at once.
     */
    public static String autoSubmitForm(PaymentForm form, String buttonLabel) {
        StringBuilder html = new StringBuilder("<form method=\"post\" action=\"")
                .append(esc(form.action())).append("\">");
        form.fields().forEach((name, value) -> html.append("<input type=\"hidden\" name=\"")
                .append(esc(name)).append("\" value=\"").append(esc(value)).append("\">"));
        return html.append("<button type=\"submit\">").append(esc(buttonLabel)).append("</button></form>")
                .append("<script>").append(AUTO_SUBMIT_SCRIPT).append("</script>").toString();
    }

    /** The outcome of a payment (a verified response or status enquiry answer). */
    public static String paymentResult(Map<String, String> fields) {
        String code = fields.getOrDefault("RESPONSE_CODE", "");
        String status = fields.getOrDefault("STATUS", "");
        String headline = "000".equals(code) ? "Payment successful"
                : "Pending".equals(status) ? "Payment pending" : "Payment not completed";
        return "<section class=\"card result " + tone(status, code) + "\" aria-labelledby=\"result-title\">"
                + "<h2 id=\"result-title\">" + esc(headline) + " " + statusBadge(status, code) + "</h2>"
                + factsHtml(
                        "Order id", "<code>" + esc(fields.get("ORDER_ID")) + "</code>",
                        "Transaction id", "<code>" + esc(fields.getOrDefault("TXN_ID", "\u2013")) + "</code>",
                        "Amount", amountHtml(fields.get("AMOUNT")),
                        "Status", esc(status),
                        "Response code", "<code>" + esc(code) + "</code>",
                        "Message", esc(fields.get("RESPONSE_MESSAGE")),
                        "Method", esc(method(fields.get("PAYMENT_TYPE"), fields.get("MOP_TYPE"))),
                        "Date and time", esc(fields.get("RESPONSE_DATE_TIME")))
                + (fields.containsKey("REFUNDED_AMOUNT")
                        ? factsHtml("Refunded so far", amountHtml(fields.get("REFUNDED_AMOUNT"))) : "")
                + "</section>";
    }

    /** CC VI into "Card (Visa)", WL PPL into "Wallet (Paytm)", NB 1004 into "Net banking (HDFC)". */
    public static String method(String paymentType, String mopType) {
        if (paymentType == null || paymentType.isEmpty()) {
            return "\u2013";
        }
        String name = METHODS.getOrDefault(paymentType, paymentType);
        if (mopType == null || mopType.isEmpty() || mopType.equals(paymentType)) {
            return name;
        }
        return name + " (" + MOP_TYPES.getOrDefault(mopType, mopType) + ")";
    }

    private static final Map<String, String> METHODS = Map.of(
            "CC", "Card", "DC", "Debit card", "NB", "Net banking", "WL", "Wallet", "UP", "UPI");

    /** The sandbox's card networks, banks and wallets by MOP_TYPE. */
    private static final Map<String, String> MOP_TYPES = Map.ofEntries(
            Map.entry("VI", "Visa"), Map.entry("MC", "Mastercard"), Map.entry("RU", "RuPay"),
            Map.entry("AX", "American Express"), Map.entry("1005", "AXIS Bank"), Map.entry("1093", "BOB"),
            Map.entry("1013", "ICICI"), Map.entry("1030", "SBI"), Map.entry("1038", "Union Bank"),
            Map.entry("1012", "Kotak Bank"), Map.entry("1004", "HDFC"), Map.entry("1107", "PNB"),
            Map.entry("PPL", "Paytm"), Map.entry("MWL", "Mobikwik"), Map.entry("PPWL", "PhonePay"));

    /** The address of the status page of an order (URL-encoded; escape it when it goes into HTML). */
    public static String statusHref(String orderId) {
        return "/status?order_id=" + java.net.URLEncoder.encode(orderId == null ? "" : orderId,
                java.nio.charset.StandardCharsets.UTF_8);
    }

    /** A coloured message box; kind is ok, wait or bad. */
    public static String notice(String kind, String text) {
        return "<p class=\"notice " + esc(kind) + "\" role=\"" + ("bad".equals(kind) ? "alert" : "status")
                + "\">" + esc(text) + "</p>";
    }
}
