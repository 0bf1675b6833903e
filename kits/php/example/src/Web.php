<?php

declare(strict_types=1);

namespace Paystra\Example;

use Paystra\Client;
use Paystra\Config;
use Paystra\ConfigError;
use Paystra\GatewayError;
use Paystra\Validate;
use Paystra\VerificationError;
use Paystra\Webhook;
use Paystra\WebhookError;

/**
 * The example apps' server, a front controller: routes `METHOD /path` to a handler (the request
 * is read with Request), answers HTML or JSON (`Accept: application/json`), and turns the library's errors into the
 * right status: bad input 400, an unverifiable response 400, an unreachable gateway 502.
 *
 *     $app = new Paystra\Example\Web('PG kit', dirname(__DIR__, 2), 'pg');
 *     $app->route('GET', '/', fn () => $app->html($app->page('Shop', '...')));
 *     $app->routeWebhooks(); // POST /webhook and /dispute, GET /orders/<ORDER_ID> and /settlements/<SETTLEMENT_ID>
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

    /**
     * POST /webhook (the gateway's signed events), GET /orders/<ORDER_ID> and
     * GET /settlements/<SETTLEMENT_ID> (what the order store recorded), and POST /dispute (the
     * order page's answer to a dispute).
     */
    public function routeWebhooks(): self
    {
        return $this->route('POST', '/webhook', $this->webhook(...))
            ->route('GET', '/orders/*', $this->order(...))
            ->route('GET', '/settlements/*', $this->settlement(...))
            ->route('POST', '/dispute', $this->answerDispute(...));
    }

    /**
     * POST /webhook: verifies the raw body against X-Paystra-Signature and applies the event
     * once. Refused: 400 {"received": false, "reason", "error"}. Verified: 200, also for a repeat
     * or an event this example does not act on, so the gateway stops retrying.
     */
    public function webhook(): void
    {
        $rawBody = Request::body(); // the bytes as they arrived: the signature covers exactly these
        try {
            $event = $this->client()->verifyWebhook($rawBody, Request::header(Webhook::SIGNATURE_HEADER));
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
        return Widgets::webhookNotice($url, $secretSet);
    }

    /**
     * GET /orders/<ORDER_ID>: the stored order, or 404: JSON, with `dispute` null or the dispute
     * kept on it, or for a browser the order page (its dispute, and the forms that answer it).
     */
    public function order(string $orderId): void
    {
        $order = $this->orders()->find(rawurldecode($orderId));
        if ($order === null) {
            $this->fail(404, 'No such order', 'This example has no order ' . rawurldecode($orderId) . '.');
            return;
        }
        $dispute = $order['dispute'] ?? null;
        if (Request::wantsHtml()) {
            $this->html($this->page('Order ' . $order['order_id'], Widgets::order($order) . Widgets::dispute($order['order_id'], $dispute)));
            return;
        }
        $this->json([
            'order_id' => $order['order_id'],
            'status' => $order['status'],
            'amount' => $order['amount'],
            'events' => $order['events'],
            'updated_by' => $order['updated_by'],
            'dispute' => $dispute === null ? null : [
                'dispute_id' => $dispute['DISPUTE_ID'],
                'status' => $dispute['STATUS'],
                'reason_code' => $dispute['REASON_CODE'],
                'reason' => $dispute['REASON'],
                'amount' => $dispute['AMOUNT'],
                'currency_code' => $dispute['CURRENCY_CODE'],
                'respond_by' => $dispute['RESPOND_BY'],
            ],
        ]);
    }

    /**
     * POST /dispute (ORDER_ID, ACTION ACCEPT or CONTEST, EVIDENCE for a contest, and optionally
     * a document as the file EVIDENCE_FILE): answers the dispute of the order with the client's
     * acceptDispute or contestDispute, and records the verified answer on the order at once.
     * A browser goes back to the order page; JSON gets {"verified": true, "fields": ...}.
     * In a shop, only its staff may reach this.
     */
    public function answerDispute(): void
    {
        $input = Request::input();
        $orderId = trim((string) ($input['ORDER_ID'] ?? ''));
        $disputeId = $this->orders()->find($orderId)['dispute']['DISPUTE_ID'] ?? null;
        if ($disputeId === null) {
            throw new \InvalidArgumentException("Order $orderId has no dispute to answer.");
        }
        $action = strtoupper(trim((string) ($input['ACTION'] ?? '')));
        if ($action === 'ACCEPT') {
            $fields = $this->client()->acceptDispute($disputeId);
        } elseif ($action === 'CONTEST') {
            $file = $_FILES['EVIDENCE_FILE'] ?? null;
            $uploaded = is_array($file) && ($file['error'] ?? UPLOAD_ERR_NO_FILE) === UPLOAD_ERR_OK && is_uploaded_file((string) $file['tmp_name']);
            $fields = $this->client()->contestDispute(
                $disputeId,
                (string) ($input['EVIDENCE'] ?? ''),
                $uploaded ? (string) file_get_contents((string) $file['tmp_name']) : null,
                $uploaded ? basename((string) $file['name']) : '',
            );
        } else {
            throw new \InvalidArgumentException('ACTION must be ACCEPT or CONTEST.');
        }
        if (($fields['RESPONSE_CODE'] ?? '') !== '000') {
            // A signed refusal (348 answered, 349 too late, 350-352 the evidence): nothing changed.
            $this->fail(400, 'Dispute not answered', trim(($fields['RESPONSE_CODE'] ?? '') . ' ' . ($fields['RESPONSE_MESSAGE'] ?? '')), ['verified' => true, 'fields' => $fields]);
            return;
        }
        $this->orders()->disputeAnswered($fields);
        if (Request::wantsJson()) {
            $this->json(['verified' => true, 'fields' => $fields]);
            return;
        }
        header('Location: /orders/' . rawurlencode($orderId), true, 303);
    }

    /**
     * GET /settlements/<SETTLEMENT_ID>: the settlement recorded from its settlement.processed
     * event (SETTLEMENT_ID, UTR, SETTLEMENT_DATE, NET_AMOUNT, STATUS) as JSON, or 404.
     */
    public function settlement(string $settlementId): void
    {
        $settlement = $this->orders()->settlement(rawurldecode($settlementId));
        if ($settlement === null) {
            $this->json(['error' => 'No such settlement'], 404);
            return;
        }
        $this->json($settlement);
    }

    public function run(): void
    {
        $method = $_SERVER['REQUEST_METHOD'] ?? 'GET';
        $path = Request::path();
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
        $orderId = Request::query('order_id');
        if (($problem = Validate::orderId($orderId)) !== null) {
            throw new \InvalidArgumentException('order_id: ' . $problem);
        }
        $fields = $this->client()->status($orderId);
        $this->orders()->update($fields, 'status');
        if (!Request::wantsHtml()) {
            $this->json(['verified' => true, 'fields' => $fields]);
            return;
        }
        $pending = ($fields['STATUS'] ?? '') === 'Pending';
        $body = Widgets::result($fields, 'Order ' . $orderId)
            . Widgets::notice($pending ? 'wait' : 'info', $pending
                ? 'The payment is still open; this page checks again every 5 seconds.'
                : 'This answer came from the gateway\'s status enquiry and its HASH verified.')
            . Widgets::statusForm($orderId);
        $this->html($this->page('Order status', $body, $pending ? ['refresh' => 5] : []));
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
                $body = Widgets::notice('bad', '<strong>Configuration needed.</strong> ' . Escape::html($error->getMessage())) . $body;
            }
        }
        return Layout::page($title, $body, $options);
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
        if (Request::wantsJson()) {
            $this->json($extra + ['error' => $message], $status);
            return;
        }
        $this->html($this->page($title, Widgets::errorBody($title, $message)), $status);
    }
}
