<?php

declare(strict_types=1);

namespace Paystra;

/**
 * The example apps' front controller: routes `METHOD /path` to a handler, reads the request,
 * answers HTML or JSON (`Accept: application/json`), and turns the library's errors into the
 * right status: bad input 400, an unverifiable response 400, an unreachable gateway 502.
 *
 *     $app = new Paystra\Web('PG kit', dirname(__DIR__, 2));
 *     $app->route('GET', '/', fn () => $app->html($app->page('Shop', '...')));
 *     $app->run();
 */
final class Web
{
    /** @var array<string, callable(): void> */
    private array $routes = [];
    private ?Client $client = null;

    public function __construct(public readonly string $kit, public readonly string $kitRoot)
    {
    }

    public function route(string $method, string $path, callable $handler): self
    {
        $this->routes[strtoupper($method) . ' ' . $path] = $handler;
        return $this;
    }

    /** The configured client (paystra.env + environment), created on first use. */
    public function client(): Client
    {
        return $this->client ??= new Client(Config::load($this->kitRoot));
    }

    public function config(): Config
    {
        return $this->client()->config;
    }

    public function run(): void
    {
        $method = $_SERVER['REQUEST_METHOD'] ?? 'GET';
        $path = self::path();
        $handler = $this->routes["$method $path"] ?? ($method === 'HEAD' ? $this->routes["GET $path"] ?? null : null);
        try {
            if ($handler !== null) {
                $handler();
                return;
            }
            $allowed = array_keys(array_filter($this->routes, static fn (string $key): bool => str_ends_with($key, " $path"), ARRAY_FILTER_USE_KEY));
            if ($allowed !== []) {
                header('Allow: ' . implode(', ', array_map(static fn (string $key): string => strtok($key, ' '), $allowed)));
                $this->fail(405, 'Method not allowed', "$method is not supported on $path.");
                return;
            }
            $this->fail(404, 'Page not found', "There is no page at $path.");
        } catch (\InvalidArgumentException $error) {
            $this->fail(400, 'Please check the form', $error->getMessage());
        } catch (VerificationError $error) {
            $this->fail(400, 'Not verified', $error->getMessage(), ['verified' => false]);
        } catch (ConfigError $error) {
            $this->fail(500, 'Configuration needed', $error->getMessage());
        } catch (GatewayError $error) {
            $this->fail(502, 'The gateway did not answer as expected', $error->getMessage(), array_filter([
                'verified' => false,
                'code' => $error->responseCode,
            ], static fn ($value): bool => $value !== null));
        } catch (\Throwable $error) {
            error_log((string) $error);
            $this->fail(500, 'Something went wrong', 'The server could not handle this request. Its log has the details.');
        }
    }

    /**
     * GET /status?order_id=ID, the same in every example: the verified status enquiry answer as
     * JSON {"verified": true, "fields": {...}}, or as a page for a browser (reloading itself
     * while the payment is pending).
     */
    public function status(): void
    {
        $orderId = self::query('order_id');
        if (($problem = Validate::orderId($orderId)) !== null) {
            throw new \InvalidArgumentException('order_id: ' . $problem);
        }
        $fields = $this->client()->status($orderId);
        if (!self::wantsHtml()) {
            $this->json(['verified' => true, 'fields' => $fields]);
            return;
        }
        $pending = ($fields['STATUS'] ?? '') === 'Pending';
        $body = Html::result($fields, 'Order ' . $orderId)
            . Html::notice($pending ? 'wait' : 'info', $pending
                ? 'The payment is still open; this page checks again every 5 seconds.'
                : 'This answer came from the gateway\'s status enquiry and its HASH verified.')
            . Html::statusForm($orderId);
        $this->html($this->page('Order status', $body, $pending ? ['refresh' => 5] : []));
    }

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

    /** A whole page in the kit's layout. */
    public function page(string $title, string $body, array $options = []): string
    {
        $options += ['kit' => $this->kit];
        if (!isset($options['gateway'])) {
            try {
                $options['gateway'] = $this->config()->baseUrl;
            } catch (ConfigError $error) {
                // Every page still renders, and says what to set up first.
                $body = Html::notice('bad', '<strong>Configuration needed.</strong> ' . Html::e($error->getMessage())) . $body;
            }
        }
        return Html::page($title, $body, $options);
    }

    public function html(string $html, int $status = 200): void
    {
        header_remove('X-Powered-By');
        http_response_code($status);
        header('Content-Type: text/html; charset=utf-8');
        header('Cache-Control: no-store');
        header('X-Content-Type-Options: nosniff');
        header('Referrer-Policy: same-origin');
        echo $html;
    }

    public function json(array $data, int $status = 200): void
    {
        header_remove('X-Powered-By');
        http_response_code($status);
        header('Content-Type: application/json; charset=utf-8');
        header('Cache-Control: no-store');
        header('X-Content-Type-Options: nosniff');
        echo json_encode($data, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRETTY_PRINT | JSON_INVALID_UTF8_SUBSTITUTE | JSON_THROW_ON_ERROR), "\n";
    }

    /** An error as JSON {"error": ...} (plus `$extra`) or as a page. */
    public function fail(int $status, string $title, string $message, array $extra = []): void
    {
        if (self::wantsJson()) {
            $this->json($extra + ['error' => $message], $status);
            return;
        }
        $this->html($this->page($title, Html::errorBody($title, $message)), $status);
    }
}
