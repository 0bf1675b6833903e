<?php

declare(strict_types=1);

namespace Paystra;

/**
 * The HASH that signs every request and response: all fields but HASH, keys sorted in byte
 * order, `KEY=VALUE` joined by `~`, the merchant salt appended, SHA-256, upper-case hex.
 */
final class Hash
{
    // paystra:region hash
    /** `KEY=VALUE~KEY=VALUE` in byte order of the keys; HASH itself is left out. */
    public static function canonical(array $fields): string
    {
        unset($fields['HASH']);
        uksort($fields, static fn ($a, $b): int => strcmp((string) $a, (string) $b));
        $pairs = [];
        foreach ($fields as $key => $value) {
            $pairs[] = $key . '=' . self::text($value);
        }
        return implode('~', $pairs);
    }

    /** The HASH of the fields: SHA-256 of the canonical string plus the salt, upper-case hex. */
    public static function sign(array $fields, string $salt): string
    {
        return strtoupper(hash('sha256', self::canonical($fields) . $salt));
    }
    // paystra:endregion

    /** The fields with their HASH added (an existing HASH is replaced). */
    public static function withHash(array $fields, string $salt): array
    {
        $fields['HASH'] = self::sign($fields, $salt);
        return $fields;
    }

    // paystra:region verify
    /** True when HASH is the hash of the other fields. Compared in constant time. */
    public static function verify(array $fieldsWithHash, string $salt): bool
    {
        $claimed = $fieldsWithHash['HASH'] ?? null;
        if (!is_string($claimed) || preg_match('/^[0-9A-Fa-f]{64}$/', $claimed) !== 1) {
            return false;
        }
        return hash_equals(self::sign($fieldsWithHash, $salt), strtoupper($claimed));
    }
    // paystra:endregion

    /** Field values travel as text; numbers from JSON are hashed as they were written. */
    private static function text(mixed $value): string
    {
        return match (true) {
            is_string($value) => $value,
            $value === null => '',
            is_bool($value) => $value ? 'true' : 'false',
            is_int($value), is_float($value) => (string) $value,
            default => throw new \InvalidArgumentException('Field values must be strings'),
        };
    }
}
