<?php

declare(strict_types=1);

namespace Paystra;

/**
 * The merchant's settings. `Config::load()` reads `paystra.env` (KEY=VALUE lines, `#` comments)
 * from the kit root when present, then environment variables override it. Plugins build one
 * from their platform's settings with `new Config(...)` or `Config::fromArray()`.
 */
final class Config
{
    public const FILE = 'paystra.env';

    /** The settings every kit reads, with the sandbox's demo values in paystra.env.example. */
    public const KEYS = ['PAYSTRA_BASE_URL', 'PAYSTRA_PAY_ID', 'PAYSTRA_SALT', 'PAYSTRA_KEY_SALT', 'PAYSTRA_WEBHOOK_SECRET', 'APP_URL', 'PORT'];

    public readonly string $baseUrl;
    public readonly string $appUrl;

    public function __construct(
        string $baseUrl,
        public readonly string $payId,
        public readonly string $salt,
        public readonly string $keySalt = '',
        string $appUrl = 'http://localhost:8000',
        public readonly int $port = 8000,
        /** Signs the gateway's webhooks; from the merchant portal, not the salt. Not trimmed: Webhook::verify says so. */
        public readonly string $webhookSecret = '',
    ) {
        $this->baseUrl = rtrim($baseUrl, '/');
        $this->appUrl = rtrim($appUrl, '/');
        if (!preg_match('#^https?://[^\s/]+#i', $this->baseUrl)) {
            throw new ConfigError('PAYSTRA_BASE_URL must be an http(s) URL, e.g. http://localhost:3000/sandbox');
        }
        if (!preg_match('/^\d{16}$/', $payId)) {
            throw new ConfigError('PAYSTRA_PAY_ID must be the 16-digit PAY_ID from the merchant portal');
        }
        if ($salt === '') {
            throw new ConfigError('PAYSTRA_SALT is empty: copy it from the merchant portal');
        }
        if (!preg_match('#^https?://[^\s/]+#i', $this->appUrl)) {
            throw new ConfigError('APP_URL must be an http(s) URL, e.g. http://localhost:8000');
        }
    }

    /** Settings from `<kitRoot>/paystra.env` (if present), overridden by the environment. */
    public static function load(string $kitRoot): self
    {
        $file = rtrim($kitRoot, '/\\') . DIRECTORY_SEPARATOR . self::FILE;
        $values = is_file($file) ? self::parseFile($file) : [];
        foreach (self::KEYS as $key) {
            $fromEnv = getenv($key);
            if (is_string($fromEnv) && $fromEnv !== '') {
                $values[$key] = $fromEnv;
            }
        }
        $missing = array_values(array_filter(
            ['PAYSTRA_BASE_URL', 'PAYSTRA_PAY_ID', 'PAYSTRA_SALT'],
            static fn (string $key): bool => ($values[$key] ?? '') === '',
        ));
        if ($missing !== []) {
            throw new ConfigError(sprintf(
                'Missing %s: copy paystra.env.example to %s (or set the environment variables).',
                implode(', ', $missing),
                $file,
            ));
        }
        return self::fromArray($values);
    }

    /** @param array<string, string|int> $values keys as in paystra.env */
    public static function fromArray(array $values): self
    {
        $port = (string) ($values['PORT'] ?? '8000');
        if (!preg_match('/^\d{1,5}$/', $port)) {
            throw new ConfigError('PORT must be a port number');
        }
        return new self(
            baseUrl: (string) ($values['PAYSTRA_BASE_URL'] ?? ''),
            payId: (string) ($values['PAYSTRA_PAY_ID'] ?? ''),
            salt: (string) ($values['PAYSTRA_SALT'] ?? ''),
            keySalt: (string) ($values['PAYSTRA_KEY_SALT'] ?? ''),
            appUrl: (string) ($values['APP_URL'] ?? 'http://localhost:' . $port),
            port: (int) $port,
            webhookSecret: (string) ($values['PAYSTRA_WEBHOOK_SECRET'] ?? ''),
        );
    }

    /**
     * Saves a sandbox account's paystra.env (Client::createSandboxAccount()'s PAYSTRA_ENV) in the
     * kit root, readable by its owner only, for Config::load(). Returns the file's path.
     *
     * @param array<string, string> $account
     * @throws ConfigError when a paystra.env is there and `$overwrite` is not set
     */
    public static function writeEnvFile(string $kitRoot, array $account, bool $overwrite = false): string
    {
        $text = $account['PAYSTRA_ENV'] ?? '';
        if (!is_string($text) || $text === '') {
            throw new ConfigError('The account has no PAYSTRA_ENV to write.');
        }
        $file = rtrim($kitRoot, '/\\') . DIRECTORY_SEPARATOR . self::FILE;
        $umask = umask(0077);
        try {
            $handle = @fopen($file, $overwrite ? 'wb' : 'xb');
        } finally {
            umask($umask);
        }
        if ($handle === false) {
            throw new ConfigError(file_exists($file) ? "$file exists: pass overwrite: true to replace it." : "Cannot write $file.");
        }
        try {
            if (fwrite($handle, $text) !== strlen($text)) {
                throw new ConfigError("Cannot write $file.");
            }
        } finally {
            fclose($handle);
        }
        return $file;
    }

    /**
     * KEY=VALUE lines. Blank lines and lines starting with `#` are skipped, a ` #` after a value
     * starts a comment, and a value may be quoted ('...' or "...") to keep a `#` or spaces.
     *
     * @return array<string, string>
     */
    public static function parseFile(string $file): array
    {
        $text = file_get_contents($file);
        if ($text === false) {
            throw new ConfigError("Cannot read $file");
        }
        $values = [];
        foreach (preg_split('/\r\n|\r|\n/', $text) ?: [] as $number => $line) {
            $line = trim($line);
            if ($line === '' || $line[0] === '#') {
                continue;
            }
            if (!preg_match('/^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/', $line, $match)) {
                throw new ConfigError(sprintf('%s line %d is not KEY=VALUE', $file, $number + 1));
            }
            $values[$match[1]] = self::value($match[2]);
        }
        return $values;
    }

    /** The merchant-hosted AES key derived from the key salt and PAY_ID. */
    public function merchantHostedKey(): string
    {
        if ($this->keySalt === '') {
            throw new ConfigError('PAYSTRA_KEY_SALT is empty: merchant-hosted requests and responses need it');
        }
        return Cipher::merchantHostedKey($this->keySalt, $this->payId);
    }

    /** Where the gateway sends the customer back: APP_URL + /response. */
    public function returnUrl(): string
    {
        return $this->appUrl . '/response';
    }

    /** Where the example apps receive the gateway's webhooks: APP_URL + /webhook. */
    public function notifyUrl(): string
    {
        return $this->appUrl . '/webhook';
    }

    private static function value(string $raw): string
    {
        if ($raw !== '' && ($raw[0] === '"' || $raw[0] === "'")) {
            $end = strpos($raw, $raw[0], 1);
            if ($end !== false) {
                return substr($raw, 1, $end - 1);
            }
        }
        return trim((string) preg_replace('/\s+#.*$/', '', $raw));
    }
}
