<?php

declare(strict_types=1);

namespace Paystra\Plugin;

use Paystra\Amount;
use Paystra\Client;
use Paystra\Config;
use Paystra\GatewayError;
use Paystra\OrderStatus;
use Paystra\PaystraException;
use Paystra\Validate;
use Paystra\VerificationError;
use Paystra\Webhook;
use Paystra\WebhookError;

// The part of every Paystra shop plugin that does not depend on the shop: settings → client,
// the shop's decimal total → paise, the gateway ORDER_ID of an order, and the checks that turn
// a posted response or a signed webhook into an outcome the shop can act on. Each plugin ships
// the same copy of this file next to the Paystra PHP library; the platform glue stays thin.

require_once __DIR__ . '/Settlement.php';
require_once __DIR__ . '/Dispute.php';

/** A response the shop must not act on: unverified, for another order, or for another amount. */
class Rejected extends \RuntimeException
{
}

/**
 * The order's lock is still held by another request after HostedCheckout::LOCK_SECONDS: this
 * request changed nothing. The webhook answers 503 so the gateway delivers it again later.
 */
final class Busy extends Rejected
{
}

/**
 * A lock shared by every PHP process of the shop (all five platforms run on MySQL/MariaDB),
 * held while one outcome is applied to one order, so a browser return and a webhook arriving
 * together apply it once. Each plugin implements it with its platform's own facility.
 */
interface OrderLock
{
    /** Waits up to $seconds for the lock; false when another process still holds it. */
    public function acquire(string $name, int $seconds): bool;

    public function release(string $name): void;
}

/**
 * OrderLock as a MySQL/MariaDB named lock (GET_LOCK … RELEASE_LOCK) on the shop's own database
 * connection: the lock belongs to that connection and ends with it, so a crashed request never
 * leaves an order locked.
 */
final class MysqlOrderLock implements OrderLock
{
    /** @var callable(string): mixed */
    private $scalar;

    /** @param callable(string): mixed $scalar runs a SELECT through the shop's database API and returns its one value */
    public function __construct(callable $scalar)
    {
        $this->scalar = $scalar;
    }

    public function acquire(string $name, int $seconds): bool
    {
        return (string) ($this->scalar)(sprintf("SELECT GET_LOCK('%s', %d)", self::quoted($name), $seconds)) === '1';
    }

    public function release(string $name): void
    {
        ($this->scalar)(sprintf("SELECT RELEASE_LOCK('%s')", self::quoted($name)));
    }

    private static function quoted(string $name): string
    {
        if (preg_match('#^[A-Za-z0-9:/@_-]{1,64}$#', $name) !== 1) {
            throw new \InvalidArgumentException("Not a lock name: $name");
        }
        return $name;
    }
}

/**
 * What a verified gateway answer means for the shop's order: the status it asks for, by the
 * Paystra library's order rule (Paystra\OrderStatus, the same table every kit runs).
 */
final class Outcome
{
    public const PAID = OrderStatus::PAID;
    public const FAILED = OrderStatus::FAILED;
    public const PENDING = OrderStatus::PENDING;
    /** A status enquiry for an order the gateway never saw (the customer did not reach it). */
    public const NOT_FOUND = 'not_found';

    /** @param array<string, string> $fields the verified fields, HASH included */
    public function __construct(
        public readonly string $state,
        /** The shop's own order reference (order id, increment id or cart id). */
        public readonly string $ref,
        /** The gateway ORDER_ID, e.g. WC-1234-1763712000123. */
        public readonly string $orderId,
        /** Paise, as the gateway answered. */
        public readonly string $amount,
        public readonly string $txnId,
        public readonly string $code,
        public readonly string $message,
        public readonly array $fields,
    ) {
    }

    public function isPaid(): bool
    {
        return $this->state === self::PAID;
    }

    public function isFailed(): bool
    {
        return $this->state === self::FAILED;
    }

    public function isPending(): bool
    {
        return $this->state === self::PENDING;
    }

    /**
     * True when a payment attempt in `$state` (created, pending, paid or failed) moves to this
     * outcome: the library's forward-only rule, so a late, repeated or out-of-order answer never
     * moves an attempt back.
     */
    public function movesFrom(string $state): bool
    {
        return OrderStatus::moves($state, $this->state);
    }

    /** One line for the order's history, e.g. "Paystra 000 Transaction successful, TXN_ID …". */
    public function summary(): string
    {
        $parts = ['Paystra ' . $this->code . ' ' . $this->message];
        if ($this->txnId !== '') {
            $parts[] = 'TXN_ID ' . $this->txnId;
        }
        $parts[] = 'ORDER_ID ' . $this->orderId;
        if ($this->amount !== '' && Amount::isValid($this->amount)) {
            $parts[] = 'amount ' . Amount::format($this->amount);
        }
        $method = trim(($this->fields['PAYMENT_TYPE'] ?? '') . ' ' . ($this->fields['MOP_TYPE'] ?? ''));
        if ($method !== '') {
            $parts[] = 'method ' . $method;
        }
        return implode(', ', $parts);
    }
}

/**
 * A verified webhook delivery: its event, and what it carries for this shop: a payment's outcome,
 * a settlement whose lines may name the shop's orders, or a dispute of one of its orders.
 */
final class Notification
{
    public function __construct(
        public readonly string $eventId,
        /** payment.*, refund.processed, settlement.processed, dispute.created|won|lost, payout.* */
        public readonly string $type,
        /** The outcome for one of this shop's orders; null when the event is no payment of the shop. */
        public readonly ?Outcome $outcome,
        /** Why the event changes no order, when it carries neither an outcome nor a settlement. */
        public readonly string $ignored = '',
        /**
         * A settlement.processed event of this merchant: its data (SETTLEMENT_ID, UTR,
         * SETTLEMENT_DATE, STATUS, the amounts; no lines, fetch them with settlement()).
         *
         * @var array<string, string>
         */
        public readonly array $settlement = [],
        /** A dispute.* event of this merchant about one of this shop's orders. */
        public readonly ?Dispute $dispute = null,
    ) {
    }
}

final class HostedCheckout
{
    /** Live payments. */
    public const LIVE_URL = 'https://secure.paystra.example/pg';
    /** The public sandbox: test cards and UPI IDs, no money moves. */
    public const SANDBOX_URL = 'https://paystra.example/sandbox';
    /** The sandbox's demo merchant, used in test mode while the credentials are left blank. */
    public const DEMO_PAY_ID = '1000000000000001';
    public const DEMO_SALT = 'a1b2c3d4e5f60718';
    public const DEMO_KEY_SALT = 'f0e1d2c3b4a59687';
    /** The demo merchant's webhook secret (from the merchant portal; it is not the salt). */
    public const DEMO_WEBHOOK_SECRET = 'wh_demo_7c1e4b9a2f6d8035';
    /** How long a request waits for an order another request is updating. */
    public const LOCK_SECONDS = 10;

    public function __construct(
        public readonly Client $client,
        /** Starts every ORDER_ID of this shop, e.g. WC; letters and digits only. */
        public readonly string $prefix,
        /** Signs the gateway's webhook deliveries; '' refuses them all (secret-missing). */
        public readonly string $webhookSecret = '',
    ) {
        if (preg_match('/^[A-Za-z0-9]{1,10}$/', $prefix) !== 1) {
            throw new \InvalidArgumentException('The order prefix must be 1 to 10 letters or digits.');
        }
    }

    /**
     * The client from the shop's settings: pay_id, salt, key_salt, webhook_secret, gateway_url,
     * test_mode. An empty gateway URL means the live gateway, or the sandbox in test mode; in
     * test mode blank credentials fall back to the sandbox's demo merchant (and its webhook
     * secret, unless one is given) so the plugin works at once.
     *
     * @param array<string, mixed> $settings
     * @param (callable(string, string): array{0: int, 1: string})|null $transport for JSON calls
     * @throws \Paystra\ConfigError when a credential is missing or malformed
     */
    public static function fromSettings(array $settings, string $prefix, ?callable $transport = null): self
    {
        $testMode = self::flag($settings['test_mode'] ?? false);
        $text = static fn (string $key): string => trim((string) ($settings[$key] ?? ''));
        $payId = $text('pay_id');
        $salt = $text('salt');
        $keySalt = $text('key_salt');
        $webhookSecret = $text('webhook_secret');
        if ($testMode && $payId === '' && $salt === '' && $keySalt === '') {
            [$payId, $salt, $keySalt] = [self::DEMO_PAY_ID, self::DEMO_SALT, self::DEMO_KEY_SALT];
            $webhookSecret = $webhookSecret !== '' ? $webhookSecret : self::DEMO_WEBHOOK_SECRET;
        }
        $config = new Config(self::baseUrl($text('gateway_url'), $testMode), $payId, $salt, $keySalt);
        $config->merchantHostedKey(); // responses are encrypted with it: fail now, not at the return
        return new self(new Client($config, $transport), $prefix, $webhookSecret);
    }

    public static function baseUrl(string $gatewayUrl, bool $testMode): string
    {
        $gatewayUrl = rtrim(trim($gatewayUrl), '/');
        return $gatewayUrl !== '' ? $gatewayUrl : ($testMode ? self::SANDBOX_URL : self::LIVE_URL);
    }

    /** Checkbox values as shops store them: true, 1, "1", "yes", "on". */
    public static function flag(mixed $value): bool
    {
        return $value === true || in_array(strtolower(trim((string) $value)), ['1', 'yes', 'on', 'true'], true);
    }

    /**
     * A shop total in rupees → paise. Shops keep totals as floats ("1499.5"), decimal strings
     * with two or four places ("1499.5000") or integers; the total is rounded half up to whole
     * paise the way the shop rounds it for display.
     */
    public static function toPaise(string|int|float $total): string
    {
        if (is_string($total)) {
            $total = trim($total);
            if (preg_match('/^(\d+)(?:\.(\d*))?$/', $total, $m) !== 1) {
                throw new \InvalidArgumentException("Not an amount: $total");
            }
            $fraction = str_pad($m[2] ?? '', 3, '0');
            $paise = (int) $m[1] * 100 + (int) substr($fraction, 0, 2) + ((int) $fraction[2] >= 5 ? 1 : 0);
            return (string) $paise;
        }
        if (is_float($total) && (!is_finite($total) || $total < 0)) {
            throw new \InvalidArgumentException('Not an amount');
        }
        return Amount::fromRupees(is_float($total) ? round($total, 2) : $total);
    }

    /** The gateway ORDER_ID of one payment attempt: PREFIX-ref-milliseconds (unique per attempt). */
    public function orderId(string $ref, ?int $milliseconds = null): string
    {
        $orderId = $this->prefix . '-' . $ref . '-' . ($milliseconds ?? (int) floor(microtime(true) * 1000));
        if (Validate::orderId($orderId) !== null) {
            throw new \InvalidArgumentException("The order reference \"$ref\" cannot form a gateway ORDER_ID (1 to 50 letters, digits or : / @ _ -).");
        }
        return $orderId;
    }

    /** The shop's reference inside a gateway ORDER_ID of this shop, or null. */
    public function refOf(string $orderId): ?string
    {
        $pattern = '#^' . preg_quote($this->prefix, '#') . '-([A-Za-z0-9:/@_-]+)-(\d{1,20})$#';
        return preg_match($pattern, $orderId, $m) === 1 ? $m[1] : null;
    }

    /** The name of an order's lock, e.g. paystra_WC_1234 (MySQL allows 64 characters). */
    public function lockName(string $ref): string
    {
        $name = 'paystra_' . $this->prefix . '_' . $ref;
        return strlen($name) <= 64 ? $name : 'paystra_' . sha1($name);
    }

    /**
     * Runs `$apply` while this process holds the order's lock, and releases it afterwards (also
     * when `$apply` throws). Serialises the browser return, the webhook and the status enquiry
     * of one order across PHP processes: `$apply` must load the order's state afresh inside the
     * lock and decide from it, so the second caller sees what the first one recorded and does
     * nothing.
     *
     * @template T
     * @param callable(): T $apply
     * @return T
     * @throws Busy when another request still holds the lock after LOCK_SECONDS
     */
    public function withOrderLock(OrderLock $lock, string $ref, callable $apply): mixed
    {
        $name = $this->lockName($ref);
        if (!$lock->acquire($name, self::LOCK_SECONDS)) {
            throw new Busy("Order $ref is being updated by another request; nothing was changed.");
        }
        try {
            return $apply();
        } finally {
            $lock->release($name);
        }
    }

    /**
     * The hosted checkout form of an order: post `fields` to `action` from the customer's browser.
     * `$notifyUrl` is the shop's webhook endpoint (NOTIFY_URL): the gateway tells it the outcome
     * even when the customer never comes back to `$returnUrl`.
     *
     * @param array{name?: string, email?: string, mobile?: string, id?: string} $customer
     * @return array{action: string, fields: array<string, string>, orderId: string}
     */
    public function request(string $ref, string|int|float $total, array $customer, string $returnUrl, string $notifyUrl = ''): array
    {
        $amount = self::toPaise($total);
        if (!Amount::isValid($amount)) {
            throw new \InvalidArgumentException("The order total $total cannot be paid online.");
        }
        $orderId = $this->orderId($ref);
        $form = $this->client->paymentRequest([
            'ORDER_ID' => $orderId,
            'AMOUNT' => $amount,
            'RETURN_URL' => $returnUrl,
            'NOTIFY_URL' => $notifyUrl,
            'CUST_NAME' => self::clean($customer['name'] ?? '', 100),
            'CUST_EMAIL' => filter_var($customer['email'] ?? '', FILTER_VALIDATE_EMAIL) ? (string) $customer['email'] : '',
            'CUST_MOBILE' => substr((string) preg_replace('/\D/', '', (string) ($customer['mobile'] ?? '')), -10),
            'CUST_ID' => self::clean($customer['id'] ?? '', 32),
        ]);
        return $form + ['orderId' => $orderId];
    }

    /**
     * The customer's return (PAY_ID + ENCDATA posted to the shop): decrypted, HASH and PAY_ID
     * verified, and its ORDER_ID one of this shop's. Check the amount with expectAmount() once
     * the shop has loaded the order named by $outcome->ref.
     *
     * @param array<string, mixed> $posted e.g. $_POST
     * @throws Rejected when the response must not be acted on
     */
    public function response(array $posted): Outcome
    {
        try {
            $fields = $this->client->verifyResponse($posted);
        } catch (VerificationError $error) {
            throw new Rejected($error->getMessage(), 0, $error);
        }
        return $this->outcome($fields);
    }

    /**
     * @throws Rejected when the gateway's amount or currency is not the order's: never mark such
     *         an order paid.
     */
    public function expectAmount(Outcome $outcome, string|int|float $total): void
    {
        $expected = self::toPaise($total);
        if (!hash_equals($expected, $outcome->amount)) {
            throw new Rejected(sprintf(
                'The response is for %s paise but order %s is for %s paise.',
                $outcome->amount,
                $outcome->ref,
                $expected,
            ));
        }
        if (($outcome->fields['CURRENCY_CODE'] ?? Client::CURRENCY_INR) !== Client::CURRENCY_INR) {
            throw new Rejected('The response is not in rupees (CURRENCY_CODE 356).');
        }
    }

    /**
     * Status enquiry of one payment attempt (the ORDER_ID the shop stored when it sent the
     * customer to pay), signed and verified.
     *
     * @throws PaystraException when the gateway cannot be reached or its answer does not verify
     */
    public function status(string $orderId): Outcome
    {
        $fields = $this->client->status($orderId);
        if (($fields['RESPONSE_CODE'] ?? '') === '328') {
            return new Outcome(Outcome::NOT_FOUND, $this->refOf($orderId) ?? '', $orderId, '', '', '328', (string) ($fields['RESPONSE_MESSAGE'] ?? ''), $fields);
        }
        return $this->outcome($fields + ['ORDER_ID' => $orderId]);
    }

    /**
     * A webhook delivery (POST to NOTIFY_URL): its signature over the raw body checked with the
     * webhook secret, its data's HASH with the salt, its timestamp against the clock. A payment
     * event of this shop carries the same outcome the browser return would have brought.
     *
     * @param string $rawBody the request body exactly as it arrived (php://input), not parsed
     * @param string|null $header the X-Paystra-Signature header
     * @throws WebhookError when the delivery must not be trusted (answer 400 with its message)
     */
    public function notification(string $rawBody, ?string $header, ?int $now = null): Notification
    {
        $event = Webhook::verify($rawBody, $header, $this->webhookSecret, ['salt' => $this->client->config->salt] + ($now !== null ? ['now' => $now] : []));
        $ignore = static fn (string $why): Notification => new Notification($event['id'], $event['type'], null, $why);
        $settlement = $event['type'] === 'settlement.processed';
        $dispute = in_array($event['type'], Dispute::EVENTS, true);
        if (!$settlement && !$dispute && !str_starts_with($event['type'], 'payment.')) {
            return $ignore("A {$event['type']} event changes no order.");
        }
        if (($event['data']['PAY_ID'] ?? '') !== $this->client->config->payId) {
            return $ignore('The event is for another merchant (PAY_ID does not match).');
        }
        if ($settlement) {
            if (preg_match(Settlement::ID_PATTERN, $event['data']['SETTLEMENT_ID'] ?? '') !== 1) {
                return $ignore('The settlement.processed event carries no SETTLEMENT_ID.');
            }
            return new Notification($event['id'], $event['type'], null, '', $event['data']);
        }
        if ($dispute) {
            $orderId = $event['data']['ORDER_ID'] ?? '';
            $ref = $this->refOf($orderId);
            if ($ref === null) {
                return $ignore("ORDER_ID \"$orderId\" was not issued by this shop.");
            }
            try {
                return new Notification($event['id'], $event['type'], null, '', [], Dispute::fromEvent($event['type'], $event['data'], $ref));
            } catch (Rejected $error) {
                return $ignore($error->getMessage());
            }
        }
        try {
            return new Notification($event['id'], $event['type'], $this->outcome($event['data']));
        } catch (Rejected $error) {
            return $ignore($error->getMessage());
        }
    }

    /**
     * The whole webhook endpoint but the shop's own part: verifies the delivery, then hands a
     * payment's outcome to `$apply`, the same function the browser return uses. `$apply` finds
     * the order, checks it (expectAmount) and records the outcome forward only, and returns the
     * order's state afterwards; it throws Rejected for an order it does not know or whose amount
     * differs. Every verified event is answered 200 (so the gateway stops retrying, including for
     * orders this shop does not know); a refused delivery 400 with the reason and the message;
     * an order another request holds locked (Busy from withOrderLock()) 503, so the gateway
     * delivers the event again.
     *
     * A settlement.processed event, with `$settle` given, fetches the settlement's lines
     * (settlement()) and hands each of the shop's settled payments to `$settle`, which records
     * the UTR and settlement date on the order once, under the order's lock: it returns true when
     * it recorded them, false when the order already had a settlement (a repeated event, or a
     * second settlement naming the order, changes nothing), and throws Rejected for an order it
     * does not know. A settlement the gateway cannot be asked about now (unreachable, an answer
     * that does not verify) or an order still locked is answered 503, so the gateway delivers
     * the event again; orders recorded meanwhile stay as they are.
     *
     * A dispute.created, dispute.won or dispute.lost event of one of the shop's orders, with
     * `$dispute` given, is handed to `$dispute`, which applies Dispute::decide() to the order
     * under the order's lock (on hold with the note and the deadline; the paid state back when
     * won; a note when lost) and returns true when it changed the order, false when the order
     * already had the event (a repeated delivery changes nothing); it throws Rejected for an
     * order it does not know. An order still locked is answered 503.
     *
     * @param callable(Outcome): string $apply
     * @param (callable(string, string): void)|null $log level ("info" or "error") and message
     * @param (callable(SettledPayment): bool)|null $settle
     * @param (callable(Dispute): bool)|null $dispute
     * @return array{0: int, 1: array<string, mixed>} the HTTP status and the JSON answer
     */
    public function receiveWebhook(string $rawBody, ?string $header, callable $apply, ?callable $log = null, ?int $now = null, ?callable $settle = null, ?callable $dispute = null): array
    {
        $log ??= static function (string $level, string $message): void {
        };
        try {
            $notification = $this->notification($rawBody, $header, $now);
        } catch (WebhookError $error) {
            $log('error', "Paystra webhook refused ({$error->reason}): " . $error->getMessage());
            return [400, ['received' => false, 'reason' => $error->reason, 'error' => $error->getMessage()]];
        }
        $answer = ['received' => true, 'event_id' => $notification->eventId, 'type' => $notification->type];
        if ($notification->settlement !== []) {
            if ($settle === null) {
                return [200, $answer + ['ignored' => 'This shop records no settlements.']];
            }
            return $this->receiveSettlement($notification, $answer, $settle, $log);
        }
        if ($notification->dispute !== null) {
            if ($dispute === null) {
                return [200, $answer + ['ignored' => 'This shop records no disputes.']];
            }
            return $this->receiveDispute($notification, $notification->dispute, $answer, $dispute, $log);
        }
        $outcome = $notification->outcome;
        if ($outcome === null) {
            $log('info', "Paystra webhook {$notification->eventId} ignored: {$notification->ignored}");
            return [200, $answer + ['ignored' => $notification->ignored]];
        }
        $answer['order_id'] = $outcome->orderId;
        try {
            $status = $apply($outcome);
        } catch (Busy $error) {
            $log('error', "Paystra webhook {$notification->eventId} not applied yet: " . $error->getMessage());
            return [503, $answer + ['retry' => true, 'error' => $error->getMessage()]];
        } catch (Rejected $error) {
            $log('error', "Paystra webhook {$notification->eventId} ignored: " . $error->getMessage());
            return [200, $answer + ['ignored' => $error->getMessage()]];
        }
        $log('info', "Paystra webhook {$notification->eventId} ({$notification->type}) for {$outcome->ref}: {$outcome->summary()}; order now $status");
        return [200, $answer + ['status' => $status]];
    }

    /**
     * One settlement with all its lines: the signed `/pgws/settlement` call, page after page of
     * up to 1,000 lines, each answer's HASH verified, LINES parsed.
     *
     * @throws \InvalidArgumentException when $settlementId is not setl_ and 20 hex digits
     * @throws GatewayError when the gateway cannot be reached, refuses (`responseCode`, e.g. 338
     *         No settlement found) or answers something that is not a settlement
     * @throws \Paystra\VerificationError when the answer's HASH does not verify
     */
    public function settlement(string $settlementId): Settlement
    {
        if (preg_match(Settlement::ID_PATTERN, $settlementId) !== 1) {
            throw new \InvalidArgumentException("Not a settlement id: \"$settlementId\" (setl_ and 20 hex digits).");
        }
        $first = $this->settlementPage($settlementId, 1);
        $lines = $first->lines;
        $pages = (int) ($first->fields['PAGES'] ?? '1'); // a gateway without pages sends one
        for ($page = 2; $page <= $pages; $page++) {
            array_push($lines, ...$this->settlementPage($settlementId, $page)->lines);
        }
        if (count($lines) !== (int) ($first->fields['LINES_COUNT'] ?? count($lines))) {
            throw new GatewayError("The settlement's pages do not hold its LINES_COUNT lines.", null, $first->fields);
        }
        return new Settlement($first->fields, $lines);
    }

    /** One page of a settlement's lines, the answer checked as settlement() says. */
    private function settlementPage(string $settlementId, int $page): Settlement
    {
        $request = ['SETTLEMENT_ID' => $settlementId, 'PAGE_SIZE' => (string) Settlement::PAGE_SIZE] + ($page > 1 ? ['PAGE' => (string) $page] : []);
        $answer = $this->client->call('/pgws/settlement', $request);
        $code = $answer['RESPONSE_CODE'] ?? '';
        if ($code !== '000') {
            throw new GatewayError(trim("Paystra refused the settlement enquiry for $settlementId: $code " . ($answer['RESPONSE_MESSAGE'] ?? '')), $code, $answer);
        }
        if (($answer['SETTLEMENT_ID'] ?? '') !== $settlementId) {
            throw new GatewayError("The settlement answer is not for $settlementId.", null, $answer);
        }
        return Settlement::fromAnswer($answer);
    }

    /**
     * The settlement's PAYMENT lines whose ORDER_ID this shop issued, in the settlement's order.
     * Refunds and carried balances name no order's payment; another shop's ORDER_IDs (another
     * prefix on the same merchant account) are left to that shop.
     *
     * @return list<SettledPayment>
     */
    public function settledPayments(Settlement $settlement): array
    {
        $payments = [];
        foreach ($settlement->lines as $line) {
            $ref = $line['TYPE'] === 'PAYMENT' ? $this->refOf($line['ORDER_ID'] ?? '') : null;
            if ($ref !== null) {
                $payments[] = SettledPayment::of($settlement, $line, $ref);
            }
        }
        return $payments;
    }

    /**
     * @throws Rejected when the settled payment is not for the order's total: the ORDER_ID names
     *         another order than the one the shop found (another shop on the same account).
     */
    public function expectSettledAmount(SettledPayment $payment, string|int|float $total): void
    {
        $expected = self::toPaise($total);
        if (!hash_equals($expected, $payment->amount)) {
            throw new Rejected(sprintf('The settled payment %s is for %s paise but order %s is for %s paise.', $payment->orderId, $payment->amount, $payment->ref, $expected));
        }
    }

    /** The webhook request as PHP received it: the raw body and the X-Paystra-Signature header. */
    public static function webhookRequest(): array
    {
        $header = $_SERVER['HTTP_X_PAYSTRA_SIGNATURE'] ?? null;
        return [(string) file_get_contents('php://input'), is_string($header) ? $header : null];
    }

    /**
     * Sends a receiveWebhook() answer where the shop has no response object of its own, and
     * stops nothing: the caller returns or exits.
     *
     * @param array{0: int, 1: array<string, mixed>} $answer
     */
    public static function sendWebhookAnswer(array $answer): void
    {
        if (!headers_sent()) {
            http_response_code($answer[0]);
            header('Content-Type: application/json');
            header('Cache-Control: no-store');
        }
        echo self::json($answer[1]);
    }

    /** A webhook answer's JSON text. */
    public static function json(array $body): string
    {
        return json_encode($body, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR);
    }

    /**
     * settlement.processed: the settlement's lines fetched, each of the shop's payments in it
     * handed to `$settle` (see receiveWebhook()).
     *
     * @param array<string, mixed> $answer
     * @param callable(SettledPayment): bool $settle
     * @param callable(string, string): void $log
     * @return array{0: int, 1: array<string, mixed>}
     */
    private function receiveSettlement(Notification $notification, array $answer, callable $settle, callable $log): array
    {
        $id = $notification->settlement['SETTLEMENT_ID'];
        $answer['settlement_id'] = $id;
        $event = "Paystra webhook {$notification->eventId} ({$notification->type} $id)";
        try {
            $settlement = $this->settlement($id);
        } catch (GatewayError $error) {
            $log('error', "$event: the settlement was not fetched: " . $error->getMessage());
            // A refusal will not change on a retry; anything else (no answer) may.
            return $error->responseCode !== null
                ? [200, $answer + ['ignored' => $error->getMessage()]]
                : [503, $answer + ['retry' => true, 'error' => $error->getMessage()]];
        } catch (PaystraException $error) {
            $log('error', "$event: the settlement was not fetched: " . $error->getMessage());
            return [503, $answer + ['retry' => true, 'error' => $error->getMessage()]];
        }
        $answer += ['utr' => $settlement->utr(), 'settlement_date' => $settlement->date(), 'orders' => []];
        $busy = null;
        foreach ($this->settledPayments($settlement) as $payment) {
            $entry = ['order_id' => $payment->orderId];
            try {
                $entry['result'] = $settle($payment) ? 'recorded' : 'unchanged';
                $log('info', "$event for {$payment->ref}: " . ($entry['result'] === 'recorded' ? $payment->note() : 'already recorded, unchanged'));
            } catch (Busy $error) {
                $busy = $error;
                $entry += ['result' => 'busy', 'reason' => $error->getMessage()];
                $log('error', "$event for {$payment->ref} not recorded yet: " . $error->getMessage());
            } catch (Rejected $error) {
                $entry += ['result' => 'ignored', 'reason' => $error->getMessage()];
                $log('error', "$event for {$payment->orderId} ignored: " . $error->getMessage());
            }
            $answer['orders'][] = $entry;
        }
        if ($busy !== null) {
            return [503, $answer + ['retry' => true, 'error' => $busy->getMessage()]];
        }
        return [200, $answer];
    }

    /**
     * dispute.*: the dispute handed to `$record` (see receiveWebhook()).
     *
     * @param array<string, mixed> $answer
     * @param callable(Dispute): bool $record
     * @param callable(string, string): void $log
     * @return array{0: int, 1: array<string, mixed>}
     */
    private function receiveDispute(Notification $notification, Dispute $dispute, array $answer, callable $record, callable $log): array
    {
        $answer += ['order_id' => $dispute->orderId, 'dispute_id' => $dispute->disputeId];
        $event = "Paystra webhook {$notification->eventId} ({$notification->type} {$dispute->disputeId}) for {$dispute->ref}";
        try {
            $recorded = $record($dispute);
        } catch (Busy $error) {
            $log('error', "$event not recorded yet: " . $error->getMessage());
            return [503, $answer + ['result' => 'busy', 'retry' => true, 'error' => $error->getMessage()]];
        } catch (Rejected $error) {
            $log('error', "$event ignored: " . $error->getMessage());
            return [200, $answer + ['result' => 'ignored', 'ignored' => $error->getMessage()]];
        }
        $log('info', "$event: " . ($recorded ? $dispute->note() : 'already recorded, unchanged'));
        return [200, $answer + ['result' => $recorded ? 'recorded' : 'unchanged']];
    }

    /** @param array<string, string> $fields verified fields */
    private function outcome(array $fields): Outcome
    {
        $orderId = (string) ($fields['ORDER_ID'] ?? '');
        $ref = $this->refOf($orderId);
        if ($ref === null) {
            throw new Rejected("ORDER_ID \"$orderId\" was not issued by this shop.");
        }
        $code = (string) ($fields['RESPONSE_CODE'] ?? '');
        return new Outcome(
            OrderStatus::of($fields) ?? Outcome::NOT_FOUND,
            $ref,
            $orderId,
            (string) ($fields['AMOUNT'] ?? ''),
            (string) ($fields['TXN_ID'] ?? ''),
            $code,
            (string) ($fields['RESPONSE_MESSAGE'] ?? ''),
            $fields,
        );
    }

    /** Customer text without `~` (it separates fields inside ENCDATA) or control characters. */
    private static function clean(mixed $value, int $length): string
    {
        $text = trim((string) preg_replace('/[~\p{Cc}]+/u', ' ', (string) $value));
        return function_exists('mb_substr') ? mb_substr($text, 0, $length, 'UTF-8') : substr($text, 0, $length);
    }
}
