<?php

declare(strict_types=1);

namespace Paystra\Example;

/**
 * The request an example answers, read from PHP's globals: path, query, headers, the raw body,
 * the posted fields (form, JSON or text) and what the client accepts.
 */
final class Request
{
    /** The request path without the query string or a trailing slash. */
    public static function path(): string
    {
        $path = parse_url($_SERVER['REQUEST_URI'] ?? '/', PHP_URL_PATH);
        $path = is_string($path) ? rtrim($path, '/') : '';
        return $path === '' ? '/' : $path;
    }

    public static function query(string $key): string
    {
        $value = $_GET[$key] ?? '';
        return is_string($value) ? trim($value) : '';
    }

    /** A request header by name (`X-Paystra-Signature`), or null when absent. */
    public static function header(string $name): ?string
    {
        $value = $_SERVER['HTTP_' . strtoupper(str_replace('-', '_', $name))] ?? null;
        return is_string($value) ? $value : null;
    }

    /** The raw request body. */
    public static function body(): string
    {
        return (string) file_get_contents('php://input');
    }

    /**
     * The posted fields: a form ($_POST) or a JSON object. A text/plain body is returned as
     * ['_body' => text].
     *
     * @return array<string, mixed>
     */
    public static function input(): array
    {
        $type = strtolower(trim(explode(';', $_SERVER['CONTENT_TYPE'] ?? '')[0]));
        if ($type === 'application/json') {
            $data = json_decode(self::body(), true);
            if (!is_array($data) || (array_is_list($data) && $data !== [])) {
                throw new \InvalidArgumentException('The body must be a JSON object.');
            }
            return $data;
        }
        if ($type === 'text/plain') {
            return ['_body' => self::body()];
        }
        return $_POST;
    }

    /** True when the client asked for JSON (Accept: application/json). */
    public static function wantsJson(): bool
    {
        return str_contains(strtolower($_SERVER['HTTP_ACCEPT'] ?? ''), 'application/json');
    }

    /** True when a browser asked for a page rather than data (Accept: text/html, no JSON). */
    public static function wantsHtml(): bool
    {
        return !self::wantsJson() && str_contains(strtolower($_SERVER['HTTP_ACCEPT'] ?? ''), 'text/html');
    }
}
