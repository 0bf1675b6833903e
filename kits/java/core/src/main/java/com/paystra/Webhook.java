package com.paystra;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Webhooks: the gateway POSTs a signed event to the merchant's NOTIFY_URL when a payment,
 * refund or payout reaches an outcome, so the merchant hears of it even when the customer's
 * browser never comes back, and when a settlement is made (settlement.processed).
 *
 *   X-Paystra-Signature: t=<unix seconds>,v1=<lower-case hex HMAC-SHA256(secret, "<t>.<raw body>")>
 *
 * The same rules, reasons and messages as every other Paystra kit (the shared vectors' "webhook" section).
 */
public final class Webhook {
    public static final String SIGNATURE_HEADER = "X-Paystra-Signature";
    public static final String EVENT_ID_HEADER = "X-Paystra-Event-Id";
    /** A signature older (or newer) than this is refused: a replayed request or a wrong clock. */
    public static final long TOLERANCE_SECONDS = 300;

    private static final Map<String, String> MESSAGES = messages(
            "secret-missing",
            "No webhook secret: set PAYSTRA_WEBHOOK_SECRET to the webhook secret from the merchant portal (it is not your salt).",
            "secret-whitespace",
            "The webhook secret has white space around it: remove the spaces or line break around PAYSTRA_WEBHOOK_SECRET.",
            "body-not-raw",
            "Pass the raw request body as it arrived (a string or bytes), not parsed JSON: the signature covers the exact bytes.",
            "malformed-header",
            "The X-Paystra-Signature header is missing or malformed: expected t=<unix seconds>,v1=<64 hex digits>.",
            "body-reserialised",
            "The signature does not match, and the body is not laid out as Paystra sends it: it was parsed and serialised again. Verify the raw request body, byte for byte, before parsing it.",
            "wrong-secret",
            "The signature does not match, but the body is intact (its HASH verifies with your salt): sign with the webhook secret, not the salt or another merchant\u2019s secret.",
            "signature-mismatch",
            "The signature does not match the body: it was changed after Paystra signed it, or it is not the raw request body, or the secret is not your webhook secret.",
            "stale-timestamp",
            "The signature\u2019s timestamp is more than 5 minutes from this server\u2019s clock: a replayed request, or a server clock that is wrong.",
            "malformed-body",
            "The body is signed but is not a Paystra event: a JSON object with id, type, created and data.",
            "data-hash",
            "The event is signed, but the HASH of its data does not verify with your salt: check PAYSTRA_SALT.");

    private static final SecureRandom RANDOM = new SecureRandom();

    private Webhook() {}

    /**
     * A delivered event: payment.captured, payment.failed, payment.pending, refund.processed,
     * payout.processed, payout.failed, settlement.processed. Any type verifies the same way.
     */
    public record Event(String id, String type, long created, Map<String, String> data) {
        public Event {
            data = Collections.unmodifiableMap(new LinkedHashMap<>(data));
        }
    }

    /** A signed delivery: what the gateway sends, and what a merchant's own tests can send. */
    public record Signed(String body, Map<String, String> headers) {}

    /**
     * How to verify. With the salt, data's HASH is checked too and a wrong secret is told from a
     * changed body; now (unix seconds) defaults to the clock, toleranceSeconds to 300.
     */
    public record Options(String salt, Long now, Long toleranceSeconds) {
        public static final Options NONE = new Options(null, null, null);

        public static Options salt(String salt) {
            return new Options(salt, null, null);
        }

        public Options at(long unixSeconds) {
            return new Options(salt, unixSeconds, toleranceSeconds);
        }

        public Options tolerance(long seconds) {
            return new Options(salt, now, seconds);
        }
    }

    /** The words every kit says for a refusal reason. */
    public static String message(String reason) {
        return MESSAGES.getOrDefault(reason, reason);
    }

    /** Every refusal reason and its message, in the order verify checks them. */
    public static Map<String, String> messages() {
        return MESSAGES;
    }

    // paystra:region webhook-verify
    /**
     * Checks a delivery: the secret, the header, the signature over the raw bytes (and, when it
     * fails, the likeliest reason), the timestamp, then the event itself. Returns the event or
     * throws WebhookError with the reason.
     */
    public static Event verify(byte[] rawBody, String header, String secret, Options options) {
        Options given = options == null ? Options.NONE : options;
        if (secret == null || secret.isEmpty()) {
            throw new WebhookError("secret-missing");
        }
        if (hasSpaceAround(secret)) {
            throw new WebhookError("secret-whitespace");
        }
        if (rawBody == null) {
            throw new WebhookError("body-not-raw");
        }
        ParsedHeader parsed = ParsedHeader.parse(header);
        if (parsed == null) {
            throw new WebhookError("malformed-header");
        }
        // The bytes as they arrived: a body parsed and written again has other bytes.
        byte[] expected = signature(secret, parsed.timestamp, rawBody).getBytes(StandardCharsets.US_ASCII);
        boolean matches = false;
        for (String candidate : parsed.signatures) {
            // Constant time, and every candidate is compared (secret rotation sends two).
            matches |= MessageDigest.isEqual(expected, candidate.getBytes(StandardCharsets.US_ASCII));
        }
        String text = new String(rawBody, StandardCharsets.UTF_8);
        Event event = readEvent(text);
        if (!matches) {
            if (event != null && !text.startsWith("{\n")) {
                throw new WebhookError("body-reserialised");
            }
            if (event != null && given.salt() != null && Hash.verify(event.data(), given.salt())) {
                throw new WebhookError("wrong-secret");
            }
            throw new WebhookError("signature-mismatch");
        }
        long now = given.now() != null ? given.now() : System.currentTimeMillis() / 1000;
        long tolerance = given.toleranceSeconds() != null ? given.toleranceSeconds() : TOLERANCE_SECONDS;
        if (Math.abs(now - parsed.timestamp) > tolerance) {
            throw new WebhookError("stale-timestamp");
        }
        if (event == null) {
            throw new WebhookError("malformed-body");
        }
        if (given.salt() != null && !Hash.verify(event.data(), given.salt())) {
            throw new WebhookError("data-hash");
        }
        return event;
    }
    // paystra:endregion

    /** As verify(byte[], ...), for a body a framework already holds as text (its UTF-8 bytes are verified). */
    public static Event verify(String rawBody, String header, String secret, Options options) {
        return verify(rawBody == null ? null : rawBody.getBytes(StandardCharsets.UTF_8), header, secret, options);
    }

    /**
     * Signs an event as the gateway does: indented JSON ending in a line break (id, type,
     * created, data), with its headers. For the merchant's own tests.
     */
    public static Signed sign(Event event, String secret, long timestamp) {
        Map<String, Object> layout = new LinkedHashMap<>();
        layout.put("id", event.id());
        layout.put("type", event.type());
        layout.put("created", event.created());
        layout.put("data", event.data());
        String body = Json.writeIndented(layout) + "\n";
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put(EVENT_ID_HEADER, event.id());
        headers.put(SIGNATURE_HEADER, "t=" + timestamp + ",v1="
                + signature(secret, timestamp, body.getBytes(StandardCharsets.UTF_8)));
        return new Signed(body, Collections.unmodifiableMap(headers));
    }

    /** Signed now. */
    public static Signed sign(Event event, String secret) {
        return sign(event, secret, System.currentTimeMillis() / 1000);
    }

    /** evt_ and 24 lower-case hex digits, as the gateway's event ids. */
    public static String newEventId() {
        byte[] bytes = new byte[12];
        RANDOM.nextBytes(bytes);
        return "evt_" + HexFormat.of().formatHex(bytes);
    }

    /** Lower-case hex HMAC-SHA256(secret, "<t>." + body). */
    public static String signature(String secret, long timestamp, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((timestamp + ".").getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    }

    /** t=<1-12 digits>,v1=<64 hex>[,v1=...]; other keys are ignored (a later scheme may add some). */
    private record ParsedHeader(long timestamp, List<String> signatures) {
        static ParsedHeader parse(String header) {
            if (header == null || header.length() > 1000) {
                return null;
            }
            Long timestamp = null;
            List<String> signatures = new ArrayList<>();
            // -1 keeps a trailing empty part, which has no "=" and so is malformed.
            for (String part : header.split(",", -1)) {
                int separator = part.indexOf('=');
                if (separator < 0) {
                    return null;
                }
                String key = trim(part.substring(0, separator));
                String value = trim(part.substring(separator + 1));
                if (key.equals("t")) {
                    if (!value.matches("[0-9]{1,12}") || timestamp != null) {
                        return null;
                    }
                    timestamp = Long.parseLong(value);
                } else if (key.equals("v1")) {
                    if (!value.matches("[0-9a-fA-F]{64}")) {
                        return null;
                    }
                    signatures.add(value.toLowerCase(Locale.ROOT));
                }
            }
            return timestamp == null || signatures.isEmpty() ? null : new ParsedHeader(timestamp, signatures);
        }
    }

    /** The event in a body, or null: an object with id, type (strings), created (a number), data (strings). */
    @SuppressWarnings("unchecked")
    private static Event readEvent(String text) {
        Object value;
        try {
            value = Json.parse(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
        if (!(value instanceof Map)) {
            return null;
        }
        Map<String, Object> object = (Map<String, Object>) value;
        if (!(object.get("id") instanceof String id) || !(object.get("type") instanceof String type)
                || !(object.get("created") instanceof Number created) || !(object.get("data") instanceof Map)) {
            return null;
        }
        Map<String, String> data = new LinkedHashMap<>();
        for (Map.Entry<String, Object> field : ((Map<String, Object>) object.get("data")).entrySet()) {
            if (!(field.getValue() instanceof String fieldValue)) {
                return null;
            }
            data.put(field.getKey(), fieldValue);
        }
        return new Event(id, type, created.longValue(), data);
    }

    /** White space as JavaScript's trim sees it (the reference), not only ASCII. */
    private static boolean hasSpaceAround(String text) {
        return isSpace(text.charAt(0)) || isSpace(text.charAt(text.length() - 1));
    }

    private static String trim(String text) {
        int start = 0;
        int end = text.length();
        while (start < end && isSpace(text.charAt(start))) {
            start++;
        }
        while (end > start && isSpace(text.charAt(end - 1))) {
            end--;
        }
        return text.substring(start, end);
    }

    private static boolean isSpace(char c) {
        return c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r' || c == '\uFEFF'
                || Character.isSpaceChar(c);
    }

    private static Map<String, String> messages(String... reasonsAndMessages) {
        Map<String, String> messages = new LinkedHashMap<>();
        for (int i = 0; i < reasonsAndMessages.length; i += 2) {
            messages.put(reasonsAndMessages[i], reasonsAndMessages[i + 1]);
        }
        return Collections.unmodifiableMap(messages);
    }
}
