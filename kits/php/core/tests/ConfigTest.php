<?php

declare(strict_types=1);

use Paystra\Config;
use Paystra\ConfigError;

/** Runs $body with a kit folder holding $envFile and the environment set as given. */
function withKit(?string $envFile, array $environment, callable $body): void
{
    $dir = sys_get_temp_dir() . '/paystra-config-' . bin2hex(random_bytes(4));
    mkdir($dir);
    if ($envFile !== null) {
        file_put_contents("$dir/paystra.env", $envFile);
    }
    $saved = [];
    foreach (Config::KEYS as $key) {
        $saved[$key] = getenv($key);
        putenv($key);
    }
    foreach ($environment as $key => $value) {
        putenv("$key=$value");
    }
    try {
        $body($dir);
    } finally {
        foreach ($saved as $key => $value) {
            putenv($value === false ? $key : "$key=$value");
        }
        @unlink("$dir/paystra.env");
        rmdir($dir);
    }
}

const ENV_FILE = <<<'ENV'
# Paystra kit configuration
PAYSTRA_BASE_URL=http://localhost:3000/sandbox/   # trailing slash is dropped
PAYSTRA_PAY_ID=1000000000000001
PAYSTRA_SALT=a1b2c3d4e5f60718

PAYSTRA_KEY_SALT = "f0e1d2c3b4a59687"
export APP_URL=http://localhost:8000
PORT=8000
ENV;

test('config: read from paystra.env with comments, spaces, quotes and export', static function (): void {
    withKit(ENV_FILE, [], static function (string $dir): void {
        $config = Config::load($dir);
        Assert::same('http://localhost:3000/sandbox', $config->baseUrl);
        Assert::same('1000000000000001', $config->payId);
        Assert::same('a1b2c3d4e5f60718', $config->salt);
        Assert::same('f0e1d2c3b4a59687', $config->keySalt);
        Assert::same('http://localhost:8000', $config->appUrl);
        Assert::same(8000, $config->port);
        Assert::same('http://localhost:8000/response', $config->returnUrl());
        Assert::same('034A0B731C8AE0736BD8D47D1B3017B3', $config->merchantHostedKey());
    });
});

test('config: environment variables override the file', static function (): void {
    withKit(ENV_FILE, ['PAYSTRA_BASE_URL' => 'http://127.0.0.1:4120/sandbox', 'APP_URL' => 'http://127.0.0.1:4121', 'PORT' => '4121'], static function (string $dir): void {
        $config = Config::load($dir);
        Assert::same('http://127.0.0.1:4120/sandbox', $config->baseUrl);
        Assert::same('http://127.0.0.1:4121', $config->appUrl);
        Assert::same(4121, $config->port);
        Assert::same('a1b2c3d4e5f60718', $config->salt, 'the rest still from the file');
    });
});

test('config: the environment alone is enough', static function (): void {
    withKit(null, ['PAYSTRA_BASE_URL' => 'https://pay.example/sandbox', 'PAYSTRA_PAY_ID' => '1000000000000001', 'PAYSTRA_SALT' => 's'], static function (string $dir): void {
        $config = Config::load($dir);
        Assert::same('https://pay.example/sandbox', $config->baseUrl);
        Assert::same('http://localhost:8000', $config->appUrl, 'APP_URL defaults to localhost:PORT');
        Assert::throws(ConfigError::class, static fn () => $config->merchantHostedKey(), 'PAYSTRA_KEY_SALT');
    });
});

test('config: missing or invalid settings are named', static function (): void {
    withKit(null, [], static function (string $dir): void {
        Assert::throws(ConfigError::class, static fn () => Config::load($dir), 'PAYSTRA_BASE_URL, PAYSTRA_PAY_ID, PAYSTRA_SALT');
    });
    withKit("PAYSTRA_BASE_URL=http://x/sandbox\nPAYSTRA_PAY_ID=123\nPAYSTRA_SALT=s\n", [], static function (string $dir): void {
        Assert::throws(ConfigError::class, static fn () => Config::load($dir), 'PAYSTRA_PAY_ID');
    });
    withKit("this is not a setting\n", [], static function (string $dir): void {
        Assert::throws(ConfigError::class, static fn () => Config::load($dir), 'line 1');
    });
    Assert::throws(ConfigError::class, static fn () => Config::fromArray(['PAYSTRA_BASE_URL' => 'ftp://x', 'PAYSTRA_PAY_ID' => '1000000000000001', 'PAYSTRA_SALT' => 's']), 'PAYSTRA_BASE_URL');
});

test('config: the kit\'s paystra.env.example loads (when present, filled as the archive ships it)', static function (): void {
    $example = __DIR__ . '/../../paystra.env.example';
    if (!is_file($example)) {
        $example = __DIR__ . '/../../../paystra.env.example';
    }
    // Unfilled, the example names the site's facts ({{SANDBOX_URL}}…): the archive fills them.
    if (!is_file($example) || str_contains((string) file_get_contents($example), '{{')) {
        return;
    }
    withKit((string) file_get_contents($example), [], static function (string $dir): void {
        $config = Config::load($dir);
        Assert::same('1000000000000001', $config->payId);
        Assert::same('034A0B731C8AE0736BD8D47D1B3017B3', $config->merchantHostedKey());
    });
});
