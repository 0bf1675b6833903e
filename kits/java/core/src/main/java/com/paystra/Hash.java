package com.paystra;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeSet;

/**
 * The HASH that signs every request and answer: every field but HASH, keys sorted, KEY=VALUE
 * joined by "~", the merchant salt appended with no separator, SHA-256, upper-case hex.
 */
public final class Hash {
    private Hash() {}

    // paystra:region hash
    /** "KEY=VALUE~KEY=VALUE" of every field but HASH; String order is UTF-16 code unit order. */
    public static String canonical(Map<String, String> fields) {
        StringJoiner pairs = new StringJoiner("~");
        for (String key : new TreeSet<>(fields.keySet())) {
            if (!key.equals("HASH")) {
                pairs.add(key + "=" + fields.get(key));
            }
        }
        return pairs.toString();
    }

    /** The HASH of the fields: SHA-256 of the canonical string plus the salt, upper-case hex. */
    public static String sign(Map<String, String> fields, String salt) {
        return sha256Hex(canonical(fields) + salt);
    }
    // paystra:endregion

    /** A copy of the fields with their HASH added (or replaced). */
    public static Map<String, String> withHash(Map<String, String> fields, String salt) {
        Map<String, String> signed = new LinkedHashMap<>(fields);
        signed.put("HASH", sign(fields, salt));
        return signed;
    }

    // paystra:region verify
    /** True when fields.HASH is the hash of the other fields; false when HASH is missing. */
    public static boolean verify(Map<String, String> fields, String salt) {
        String claimed = fields.get("HASH");
        if (claimed == null || !claimed.matches("[0-9A-Fa-f]{64}")) {
            return false;
        }
        byte[] expected = sign(fields, salt).getBytes(StandardCharsets.US_ASCII);
        byte[] given = claimed.toUpperCase(Locale.ROOT).getBytes(StandardCharsets.US_ASCII);
        // Constant time: the comparison does not stop at the first differing character.
        return MessageDigest.isEqual(expected, given);
    }
    // paystra:endregion

    /** Upper-case hex SHA-256 of the UTF-8 bytes of the text. */
    public static String sha256Hex(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().withUpperCase().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
