package com.paystra;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.spec.IvParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * ENCDATA of merchant-hosted requests and of every gateway response: AES-256-CBC with the
 * 32-character merchant-hosted key (IV = its first 16 characters), PKCS#7 padding, Base64
 * without "=" padding.
 */
public final class Cipher {
    private Cipher() {}

    // paystra:region encrypt
    /** The AES key: the first 32 characters of upper-case hex SHA-256(key salt + PAY_ID). */
    public static String merchantHostedKey(String keySalt, String payId) {
        return Hash.sha256Hex(keySalt + payId).substring(0, 32);
    }

    /** ENCDATA of the fields: their canonical string plus "~HASH=<hash>", encrypted. */
    public static String encrypt(Map<String, String> fields, String salt, String key) {
        return encryptText(Hash.canonical(fields) + "~HASH=" + Hash.sign(fields, salt), key);
    }

    /** AES-256-CBC of the UTF-8 text, then Base64 without "=" padding. */
    public static String encryptText(String plaintext, String key) {
        try {
            byte[] encrypted = aes(javax.crypto.Cipher.ENCRYPT_MODE, key,
                    plaintext.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().withoutPadding().encodeToString(encrypted);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-256-CBC is part of every Java runtime", e);
        }
    }

    /** Key = the key's 32 ASCII bytes, IV = its first 16; PKCS#7 is what Java calls PKCS5Padding. */
    private static byte[] aes(int mode, String key, byte[] input) throws GeneralSecurityException {
        byte[] keyBytes = checkedKey(key).getBytes(StandardCharsets.US_ASCII);
        javax.crypto.Cipher aes = javax.crypto.Cipher.getInstance("AES/CBC/PKCS5Padding");
        aes.init(mode, new SecretKeySpec(keyBytes, "AES"), new IvParameterSpec(keyBytes, 0, 16));
        return aes.doFinal(input);
    }
    // paystra:endregion

    // paystra:region decrypt
    /** The fields of ENCDATA, HASH included: check them with Hash.verify before using any. */
    public static Map<String, String> decrypt(String encdata, String key) {
        return parseFields(decryptText(encdata, key));
    }

    /** Accepts padded or unpadded Base64, and spaces where a form post turned "+" into " ". */
    public static String decryptText(String encdata, String key) {
        String base64 = encdata.replace(' ', '+').trim().replaceAll("=+$", "");
        try {
            byte[] plain = aes(javax.crypto.Cipher.DECRYPT_MODE, key, Base64.getDecoder().decode(base64));
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(plain)).toString();
        } catch (IllegalArgumentException | GeneralSecurityException | CharacterCodingException e) {
            // Not Base64, or another key (the padding or the UTF-8 does not come out right).
            throw new VerificationError("ENCDATA does not decrypt with this key");
        }
    }
    // paystra:endregion

    /**
     * Reads "KEY=VALUE~..." in any order. A value may contain "=" (only the first one separates);
     * a pair without a key or without "=" is malformed.
     */
    public static Map<String, String> parseFields(String text) {
        Map<String, String> fields = new LinkedHashMap<>();
        if (text.isEmpty()) {
            return fields;
        }
        for (String pair : text.split("~", -1)) {
            int separator = pair.indexOf('=');
            if (separator <= 0) {
                throw new VerificationError("ENCDATA holds a malformed field");
            }
            fields.put(pair.substring(0, separator), pair.substring(separator + 1));
        }
        return fields;
    }

    private static String checkedKey(String key) {
        if (key == null || !key.matches("[\\x21-\\x7e]{32}")) {
            throw new PaystraException("The merchant-hosted key must be 32 ASCII characters");
        }
        return key;
    }
}
