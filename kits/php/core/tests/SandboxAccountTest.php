<?php

declare(strict_types=1);

use Paystra\Client;
use Paystra\Config;
use Paystra\ConfigError;
use Paystra\GatewayError;

// The sandbox's own answers to POST /accounts, recorded from a sandbox at
// http://localhost:3000/sandbox: the same bytes, in the same order.

const ACCOUNT_ENV = <<<'ENV'
# Paystra kit configuration for sandbox account 3773599642181897.
# Environment variables override these values. Keep this file on your server: it holds
# your salt and webhook secret.

# The gateway: this sandbox.
PAYSTRA_BASE_URL=http://localhost:3000/sandbox
# Your merchant id (PAY_ID) and salt.
PAYSTRA_PAY_ID=3773599642181897
PAYSTRA_SALT=530dfe1903fb0f06
# Derives the 32-character AES key of ENCDATA (responses and merchant-hosted requests).
PAYSTRA_KEY_SALT=f96a0b4eef978c30
# Verifies the signed webhooks the gateway POSTs to NOTIFY_URL (APP_URL/webhook).
PAYSTRA_WEBHOOK_SECRET=wh_c98c7a1c04ec4a0eadaf875821d416cf

# Where this app is reachable; the gateway returns the customer to APP_URL/response and
# posts webhooks to APP_URL/webhook.
APP_URL=http://localhost:8000
PORT=8000
# Where the examples keep their orders (<example>-orders.json); default ./data in the kit root.
# PAYSTRA_DATA_DIR=data

ENV;

const ACCOUNT_CONSOLE = 'http://localhost:3000/sandbox/console/tl4-7EL_Eqy_CC0D83YKpM42Z_orZH9kgnBDHCgnnfg';

const ACCOUNT = [
    'STATUS' => 'Created',
    'PAY_ID' => '3773599642181897',
    'SALT' => '530dfe1903fb0f06',
    'KEY_SALT' => 'f96a0b4eef978c30',
    'MERCHANT_HOSTED_KEY' => '5BC116EA0D0104F0E095246E6692C1F6',
    'WEBHOOK_SECRET' => 'wh_c98c7a1c04ec4a0eadaf875821d416cf',
    'NAME' => 'Chai & Co.',
    'PAYSTRA_BASE_URL' => 'http://localhost:3000/sandbox',
    'CONSOLE_URL' => ACCOUNT_CONSOLE,
    'PAYSTRA_ENV_URL' => ACCOUNT_CONSOLE . '/paystra.env',
    'PAYSTRA_ENV' => ACCOUNT_ENV,
    'IDLE_DAYS' => '30',
];

const ACCOUNT_REFUSALS = [
    '360' => [400, <<<'JSON'
        {"STATUS":"Failed","RESPONSE_CODE":"360","RESPONSE_MESSAGE":"Invalid account name: up to 60 letters, digits, spaces and . , & ' ( ) - / characters"}
        JSON],
    '344' => [429, '{"STATUS":"Failed","RESPONSE_CODE":"344","RESPONSE_MESSAGE":"Too many requests: try again later"}'],
    '361' => [503, '{"STATUS":"Failed","RESPONSE_CODE":"361","RESPONSE_MESSAGE":"The sandbox holds as many accounts as it can: try again later"}'],
];

function accountCreated(): string
{
    return json_encode(ACCOUNT, JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
}

/** A stand-in sandbox answering [$status, $body]; records each request's URL and JSON. */
function sandboxAnswering(int $status, string $body, array &$requests): Closure
{
    return static function (string $url, string $json) use ($status, $body, &$requests): array {
        $requests[] = [$url, $json];
        return [$status, $body];
    };
}

test('sandbox account: posts the tidied name as JSON, unsigned, and returns the account\'s fields', static function (): void {
    $requests = [];
    $account = Client::createSandboxAccount('http://localhost:3000/sandbox/', "  Chai  &\u{a0}Co. ", sandboxAnswering(201, accountCreated(), $requests));
    Assert::same(ACCOUNT, $account);
    Assert::same([['http://localhost:3000/sandbox/accounts', '{"NAME":"Chai & Co."}']], $requests);

    $requests = [];
    foreach (['', '   '] as $name) {
        Client::createSandboxAccount('http://localhost:3000/sandbox', $name, sandboxAnswering(201, accountCreated(), $requests));
    }
    Assert::same(['{}', '{}'], array_column($requests, 1), 'no NAME: the sandbox names it');
});

test('sandbox account: each refusal throws GatewayError with its code, message and HTTP status', static function (): void {
    foreach (ACCOUNT_REFUSALS as $code => [$status, $body]) {
        $requests = [];
        $error = Assert::throws(GatewayError::class, static fn () => Client::createSandboxAccount(
            'http://localhost:3000/sandbox',
            'Chai & Co.',
            sandboxAnswering($status, $body, $requests),
        ));
        $fields = json_decode($body, true);
        Assert::same([(string) $code, $status, $fields['RESPONSE_MESSAGE'], $fields], [$error->responseCode, $error->httpStatus, $error->getMessage(), $error->fields]);
    }
});

test('sandbox account: a name or base URL the sandbox would refuse is refused before sending', static function (): void {
    $requests = [];
    $sandbox = sandboxAnswering(201, accountCreated(), $requests);
    $names = [str_repeat('x', 61), str_repeat("\u{1D400}", 31), "tab\there", "line\nbreak", '<script>', 'a~b', 'a@b', "bell\u{85}", "\xC3\x28"];
    foreach ($names as $name) {
        Assert::throws(InvalidArgumentException::class, static fn () => Client::createSandboxAccount('http://localhost:3000/sandbox', $name, $sandbox), 'account name');
    }
    foreach (['', 'localhost:3000/sandbox', 'ftp://localhost/sandbox'] as $url) {
        Assert::throws(InvalidArgumentException::class, static fn () => Client::createSandboxAccount($url, 'Shop', $sandbox), 'base URL');
    }
    Assert::same([], $requests, 'nothing sent');
    foreach ([str_repeat('x', 60), str_repeat("\u{1D400}", 30), 'Café Ünïcode', 'चाय वाला', "O'Brien (Pune) - 2/B, Ltd."] as $name) {
        Client::createSandboxAccount('http://localhost:3000/sandbox', $name, $sandbox);
    }
    Assert::same(5, count($requests));
    Assert::same(null, Paystra\Validate::accountName('Chai & Co.'));
});

test('sandbox account: an answer that is not JSON or not an account, or none, throws GatewayError', static function (): void {
    $requests = [];
    // A sandbox that makes no accounts answers its HTML 404 page.
    $error = Assert::throws(GatewayError::class, static fn () => Client::createSandboxAccount(
        'http://localhost:3000/sandbox',
        'Shop',
        sandboxAnswering(404, "<!doctype html><html lang=\"en\" dir=\"ltr\">\n<head>", $requests),
    ), 'HTTP 404 without JSON');
    Assert::same(404, $error->httpStatus);
    $withoutSalt = json_encode(array_diff_key(ACCOUNT, ['SALT' => 1]), JSON_THROW_ON_ERROR);
    foreach ([[201, $withoutSalt], [200, accountCreated()], [201, '[]']] as [$status, $body]) {
        Assert::throws(GatewayError::class, static fn () => Client::createSandboxAccount('http://localhost:3000/sandbox', 'Shop', sandboxAnswering($status, $body, $requests)));
    }
    Assert::throws(GatewayError::class, static fn () => Client::createSandboxAccount('http://127.0.0.1:1/sandbox', 'Shop'), 'Cannot reach');
});

test('sandbox account: Config::writeEnvFile saves its paystra.env for its owner, keeping one that is there unless told', static function (): void {
    $root = sys_get_temp_dir() . '/paystra-account-' . bin2hex(random_bytes(6));
    mkdir($root);
    try {
        $file = Config::writeEnvFile($root, ACCOUNT);
        Assert::same($root . DIRECTORY_SEPARATOR . 'paystra.env', $file);
        Assert::same(ACCOUNT_ENV, file_get_contents($file));
        if (DIRECTORY_SEPARATOR === '/') {
            Assert::same(0600, fileperms($file) & 0777, 'owner only');
        }
        Assert::same(ACCOUNT['PAY_ID'], Config::fromArray(Config::parseFile($file))->payId);

        file_put_contents($file, "PAYSTRA_PAY_ID=1000000000000001\n");
        Assert::throws(ConfigError::class, static fn () => Config::writeEnvFile($root, ACCOUNT), 'exists');
        Assert::same("PAYSTRA_PAY_ID=1000000000000001\n", file_get_contents($file));
        Config::writeEnvFile($root, ACCOUNT, overwrite: true);
        Assert::same(ACCOUNT_ENV, file_get_contents($file));

        unlink($file);
        Assert::throws(ConfigError::class, static fn () => Config::writeEnvFile($root, ['PAY_ID' => '1']), 'PAYSTRA_ENV');
        Assert::false(file_exists($file), 'nothing written');
    } finally {
        @unlink($root . '/paystra.env');
        rmdir($root);
    }
});
