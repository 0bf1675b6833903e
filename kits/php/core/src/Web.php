<?php

declare(strict_types=1);

namespace Paystra;

/**
 * The example apps' front controller: routes `METHOD /path` to a handler, reads the request,
 * answers HTML or JSON (`Accept: application/json`), and turns the library's errors into the
 * right status: bad input 400, an unverifiable response 400, an unreachable gateway 502.
 *
 *     $app = new Paystra\Web('PG kit', dirname(__DIR__, 2), 'pg');
 *     $app->route('GET', '/', fn () => $app->html($app->page('Shop', '...')));
 *     $app->routeWebhooks(); // POST /webhook and GET /orders/<ORDER_ID>
 *     $app->run();
 *
 * A route ending in `/*` matches every path under it; the handler gets the rest of the path.
 */
final class Web
{
    /** @var array<string, callable(): void> */
    private array $routes = [];
    private ?Client $client = null;
    private ?OrderStore $orders = null;

    /** `$example` names the example's order store (data/<example>-orders.json). */
    public function __construct(public readonly string $kit, public readonly string $kitRoot, public readonly string $example = 'example')
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

    /** The example's orders: recorded at /pay or /qr, moved forward by return, enquiry and webhook. */
    public function orders(): OrderStore
    {
        return $this->orders ??= OrderStore::forExample($this->kitRoot, $this->example);
    }

    /**
     * NOTIFY_URL for the requests the example sends: APP_URL + /webhook, or '' (no NOTIFY_URL)
     * while PAYSTRA_WEBHOOK_SECRET is unset: every delivery would then be refused, and the
     * gateway would retry each one for a day and a half.
     */
    public function notifyUrl(): string
    {
        return $this->config()->webhookSecret === '' ? '' : $this->config()->notifyUrl();
    }

    /** POST /webhook (the gateway's signed events) and GET /orders/<ORDER_ID> (the order store). */
    public function routeWebhooks(): self
    {
        return $this->route('POST', '/webhook', $this->webhook(...))->route('GET', '/orders/*', $this->order(...));
    }

    /**
     * POST /webhook: verifies the raw body against X-Paystra-Signature and applies the event
     * once. Refused: 400 {"received": false, "reason", "error"}. Verified: 200, also for a repeat
     * or an event this example does not act on, so the gateway stops retrying.
     */
    public function webhook(): void
    {
        $rawBody = self::body(); // the bytes as they arrived: the signature covers exactly these
        try {
            $event = $this->client()->verifyWebhook($rawBody, self::header(Webhook::SIGNATURE_HEADER));
        } catch (WebhookError $error) {
            $this->json(['received' => false, 'reason' => $error->reason, 'error' => $error->getMessage()], 400);
            return;
        }
        $this->json($this->orders()->receive($event));
    }

    /** The home page's sentence about webhooks: where the example listens and what it records. */
    public function webhookNotice(): string
    {
        try {
            $config = $this->config();
            $url = $config->notifyUrl();
            $secretSet = $config->webhookSecret !== '';
        } catch (ConfigError) {
            [$url, $secretSet] = ['<APP_URL>/webhook', false];
        }
        $where = $secretSet
            ? 'the requests it sends carry <code>NOTIFY_URL=' . Html::e($url) . '</code>'
            : 'set <code>PAYSTRA_WEBHOOK_SECRET</code> (from the merchant portal) and the requests it sends carry <code>NOTIFY_URL=' . Html::e($url) . '</code>';
        return Html::notice('info', 'This server also listens at <code>/webhook</code> for Paystra\'s signed events: ' . $where
            . ' (<code>APP_URL</code> must be an address the gateway can reach). <code>/orders/&lt;ORDER_ID&gt;</code> shows what it recorded.');
    }

    /** GET /orders/<ORDER_ID>: the stored order as JSON, or 404. */
    public function order(string $orderId): void
    {
        $order = $this->orders()->find(rawurldecode($orderId));
        if ($order === null) {
            $this->json(['error' => 'No such order'], 404);
            return;
        }
        $this->json([
            'order_id' => $order['order_id'],
            'status' => $order['status'],
            'amount' => $order['amount'],
            'events' => $order['events'],
            'updated_by' => $order['updated_by'],
        ]);
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
            foreach ($this->routes as $key => $prefixHandler) {
                $prefix = substr($key, 0, -1);
                if (str_ends_with($key, '/*') && str_starts_with("$method $path", $prefix) && strlen("$method $path") > strlen($prefix)) {
                    $prefixHandler(substr("$method $path", strlen($prefix)));
                    return;
                }
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
        $this->orders()->update($fields, 'status');
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
