<?php

declare(strict_types=1);

final class AssertionFailed extends Exception
{
}

/** The few assertions the tests need. */
final class Assert
{
    public static function same(mixed $expected, mixed $actual, string $what = ''): void
    {
        if ($expected !== $actual) {
            throw new AssertionFailed(trim("$what\nexpected: " . var_export($expected, true) . "\nactual:   " . var_export($actual, true)));
        }
    }

    public static function true(bool $condition, string $what = 'expected true'): void
    {
        self::same(true, $condition, $what);
    }

    public static function false(bool $condition, string $what = 'expected false'): void
    {
        self::same(false, $condition, $what);
    }

    /** Runs $body and checks it throws $class (and, if given, a message containing $contains). */
    public static function throws(string $class, callable $body, string $contains = ''): Throwable
    {
        try {
            $body();
        } catch (Throwable $error) {
            if (!$error instanceof $class) {
                throw new AssertionFailed("expected $class, got " . get_class($error) . ': ' . $error->getMessage());
            }
            if ($contains !== '' && !str_contains($error->getMessage(), $contains)) {
                throw new AssertionFailed("expected a message containing \"$contains\", got \"{$error->getMessage()}\"");
            }
            return $error;
        }
        throw new AssertionFailed("expected $class, nothing was thrown");
    }
}
