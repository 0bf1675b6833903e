<?php

declare(strict_types=1);

namespace Paystra;

/**
 * ENCDATA of merchant-hosted requests and of every gateway response: AES-256-CBC with the
 * merchant-hosted key's 32 ASCII bytes, IV = its first 16 characters, PKCS#7 padding, Base64
 * without `=` padding. The plaintext is the sorted `KEY=VALUE~...` fields plus `~HASH=<hash>`.
 */
final class Cipher
{
    private const ALGORITHM = 'aes-256-cbc';

    /** The 32-character key: first 32 characters of upper-case hex SHA-256(key salt + PAY_ID). */
    public static function merchantHostedKey(string $keySalt, string $payId): string
    {
        return substr(strtoupper(hash('sha256', $keySalt . $payId)), 0, 32);
    }

    // paystra:region encrypt
    /** ENCDATA of the fields: their canonical string, `~HASH=` and its hash, encrypted. */
    public static function encrypt(array $fields, string $salt, string $key): string
    {
        unset($fields['HASH']);
        $plaintext = Hash::canonical($fields) . '~HASH=' . Hash::sign($fields, $salt);
        return self::encryptText($plaintext, $key);
    }

    /** AES-256-CBC (IV = first 16 characters of the key), Base64 without `=` padding. */
    public static function encryptText(string $plaintext, string $key): string
    {
        self::checkKey($key);
        $bytes = openssl_encrypt($plaintext, self::ALGORITHM, $key, OPENSSL_RAW_DATA, substr($key, 0, 16));
        if ($bytes === false) {
            throw new ProtocolError('Encryption failed: ' . (openssl_error_string() ?: 'unknown error'));
        }
        return rtrim(base64_encode($bytes), '=');
    }
    // paystra:endregion

    // paystra:region decrypt
    /**
     * The fields inside ENCDATA, HASH included (check it with Hash::verify). Throws
     * ProtocolError when ENCDATA is not Base64, does not decrypt with this key or is malformed.
     */
    public static function decrypt(string $encdata, string $key): array
    {
        return self::parse(self::decryptText($encdata, $key));
    }

    /** Accepts padded and unpadded Base64, and spaces where a form post turned `+` into one. */
    public static function decryptText(string $encdata, string $key): string
    {
        self::checkKey($key);
        $base64 = rtrim(trim(str_replace(' ', '+', $encdata)), '=');
        if (preg_match('#^[A-Za-z0-9+/]+$#', $base64) !== 1) {
            throw new ProtocolError('ENCDATA is not Base64');
        }
        $padded = str_pad($base64, (int) (ceil(strlen($base64) / 4) * 4), '=');
        $bytes = base64_decode($padded, true);
        $plaintext = $bytes === false ? false
            : openssl_decrypt($bytes, self::ALGORITHM, $key, OPENSSL_RAW_DATA, substr($key, 0, 16));
        if ($plaintext === false) {
            throw new ProtocolError('ENCDATA does not decrypt with this key');
        }
        return $plaintext;
    }
    // paystra:endregion

    /**
     * Reads `KEY=VALUE~KEY=VALUE` in any order. Only the first `=` of a pair separates, so a
     * value may contain `=`; a pair without a key is malformed.
     */
    public static function parse(string $text): array
    {
        $fields = [];
        if ($text === '') {
            return $fields;
        }
        foreach (explode('~', $text) as $pair) {
            $separator = strpos($pair, '=');
            if ($separator === false || $separator === 0) {
                // Quote only printable ASCII: a wrong key or tampering yields arbitrary bytes.
                $shown = (string) preg_replace('/[^\x20-\x7e]/', '?', substr($pair, 0, 40));
                throw new ProtocolError('Malformed field "' . $shown . '"');
            }
            $fields[substr($pair, 0, $separator)] = substr($pair, $separator + 1);
        }
        return $fields;
    }

    private static function checkKey(string $key): void
    {
        if (preg_match('/^[\x21-\x7e]{32}$/', $key) !== 1) {
            throw new ProtocolError('The merchant-hosted key must be 32 ASCII characters');
        }
    }
}
