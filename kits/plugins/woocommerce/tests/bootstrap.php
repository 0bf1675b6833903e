<?php

declare(strict_types=1);

// The few WordPress and WooCommerce functions and classes the plugin calls, as small
// in-memory stand-ins, so the gateway class runs under plain PHP. State lives in
// $GLOBALS['wp_test'] and is reset by WooCommerceTestCase::setUp().

if (PHP_SAPI !== 'cli') {
    http_response_code(404);
    exit;
}

define('ABSPATH', __DIR__ . '/');
define('PLUGIN_ROOT', dirname(__DIR__));

$plugin = json_decode((string) file_get_contents(PLUGIN_ROOT . '/plugin.json'), true);
$coreAutoload = PLUGIN_ROOT . '/' . $plugin['coreInto'] . '/autoload.php';
if (!is_file($coreAutoload)) {
    fwrite(STDERR, "The Paystra PHP library is missing at {$plugin['coreInto']}/: it ships in the plugin's archive, with these tests\n");
    exit(2);
}

function wp_test_reset(): void
{
    $GLOBALS['wp_test'] = [
        'options' => [],
        'orders' => [],
        'actions' => $GLOBALS['wp_test']['actions'] ?? [],
        'filters' => $GLOBALS['wp_test']['filters'] ?? [],
        'logs' => [],
        'notices' => [],
        'http' => null,
        'http_calls' => [],
        'currency' => 'INR',
        'scripts' => [],
    ];
}
wp_test_reset();

// ---- hooks ----
function add_action(string $hook, callable $callback, int $priority = 10, int $args = 1): bool
{
    $GLOBALS['wp_test']['actions'][$hook][] = $callback;
    return true;
}
function add_filter(string $hook, callable $callback, int $priority = 10, int $args = 1): bool
{
    $GLOBALS['wp_test']['filters'][$hook][] = $callback;
    return true;
}
function do_action(string $hook, mixed ...$args): void
{
    foreach ($GLOBALS['wp_test']['actions'][$hook] ?? [] as $callback) {
        $callback(...$args);
    }
}
function apply_filters(string $hook, mixed $value, mixed ...$args): mixed
{
    foreach ($GLOBALS['wp_test']['filters'][$hook] ?? [] as $callback) {
        $value = $callback($value, ...$args);
    }
    return $value;
}

// ---- text and escaping ----
function __(string $text, string $domain = 'default'): string
{
    return $text;
}
function esc_html__(string $text, string $domain = 'default'): string
{
    return esc_html($text);
}
function esc_html(string $text): string
{
    return htmlspecialchars($text, ENT_QUOTES, 'UTF-8');
}
function esc_attr(string $text): string
{
    return htmlspecialchars($text, ENT_QUOTES, 'UTF-8');
}
function esc_url(string $url): string
{
    return htmlspecialchars($url, ENT_QUOTES, 'UTF-8');
}
function wpautop(string $text): string
{
    return "<p>$text</p>\n";
}
function wptexturize(string $text): string
{
    return $text;
}
function wp_unslash(mixed $value): mixed
{
    return is_array($value) ? array_map('wp_unslash', $value) : (is_string($value) ? stripslashes($value) : $value);
}
function absint(mixed $value): int
{
    return abs((int) $value);
}
function add_query_arg(string $key, string $value, string $url): string
{
    return $url . (str_contains($url, '?') ? '&' : '?') . rawurlencode($key) . '=' . rawurlencode($value);
}

// ---- options, output, redirects ----
function get_option(string $name, mixed $default = false): mixed
{
    return $GLOBALS['wp_test']['options'][$name] ?? $default;
}
function get_woocommerce_currency(): string
{
    return $GLOBALS['wp_test']['currency'];
}
function wc_print_notice(string $message, string $type = 'success'): void
{
    $GLOBALS['wp_test']['notices'][] = [$type, $message];
    echo "<div class=\"woocommerce-$type\">$message</div>";
}
function wp_print_inline_script_tag(string $script): void
{
    $GLOBALS['wp_test']['scripts'][] = $script;
    echo "<script>$script</script>";
}

/** wp_send_json() ends the request in WordPress; here it throws with what it would have sent. */
final class WpSendJson extends RuntimeException
{
    public function __construct(public readonly mixed $data, public readonly ?int $status)
    {
        parent::__construct('wp_send_json');
    }
}
function wp_send_json(mixed $response, ?int $status_code = null, int $flags = 0): never
{
    throw new WpSendJson($response, $status_code);
}

final class WpDie extends RuntimeException
{
    public function __construct(string $message, public readonly string $title, public readonly array $args)
    {
        parent::__construct($message);
    }
}
function wp_die(string $message = '', string $title = '', array $args = []): never
{
    throw new WpDie($message, $title, $args);
}

// ---- HTTP ----
final class WP_Error
{
    public function __construct(private string $code = '', private string $message = '')
    {
    }
    public function get_error_message(): string
    {
        return $this->message;
    }
}
function is_wp_error(mixed $thing): bool
{
    return $thing instanceof WP_Error;
}
function wp_remote_post(string $url, array $args): array|WP_Error
{
    $GLOBALS['wp_test']['http_calls'][] = ['url' => $url, 'args' => $args];
    $answer = $GLOBALS['wp_test']['http'];
    return is_callable($answer) ? $answer($url, $args) : new WP_Error('http_request_failed', 'no network in tests');
}
function wp_remote_retrieve_response_code(array $response): int
{
    return $response['response']['code'];
}
function wp_remote_retrieve_body(array $response): string
{
    return $response['body'];
}

// ---- WooCommerce ----
final class WC_Test_Logger
{
    public function log(string $level, string $message, array $context = []): void
    {
        $GLOBALS['wp_test']['logs'][] = [$level, $message];
    }
}
function wc_get_logger(): WC_Test_Logger
{
    return new WC_Test_Logger();
}

final class WC_Test_Gateways
{
    private array $gateways = [];
    public function payment_gateways(): array
    {
        if ($this->gateways === []) {
            foreach (apply_filters('woocommerce_payment_gateways', []) as $class) {
                $gateway = new $class();
                $this->gateways[$gateway->id] = $gateway;
            }
        }
        return $this->gateways;
    }
}

final class WC_Test_Main
{
    public ?WC_Test_Gateways $gateways = null;
    public function api_request_url(string $request): string
    {
        return 'http://localhost:8080/wc-api/' . strtolower($request) . '/';
    }
    public function payment_gateways(): WC_Test_Gateways
    {
        return $this->gateways ??= new WC_Test_Gateways();
    }
}
function WC(): WC_Test_Main
{
    return $GLOBALS['wp_test']['wc'] ??= new WC_Test_Main();
}

/** $wpdb: the gateway runs only its order lock through it (GET_LOCK / RELEASE_LOCK). */
final class WP_Test_Wpdb
{
    public array $queries = [];
    public function get_var(string $sql): ?string
    {
        $this->queries[] = $sql;
        return \Paystra\Tests\TestCase::lockQuery($sql);
    }
}
$GLOBALS['wpdb'] = new WP_Test_Wpdb();

function wc_get_order(mixed $id): WC_Order|false
{
    return $GLOBALS['wp_test']['orders'][(int) $id] ?? false;
}

final class WC_Admin_Settings
{
    public static array $errors = [];
    public static function add_error(string $message): void
    {
        self::$errors[] = $message;
    }
}

/** A WooCommerce order with the methods the gateway uses. */
class WC_Order
{
    public array $meta = [];
    public array $notes = [];
    public string $transactionId = '';
    public int $saves = 0;

    public function __construct(
        public int $id,
        public string $total,
        public string $status = 'pending',
        public string $currency = 'INR',
        public string $paymentMethod = 'paystra',
        public array $billing = ['first_name' => 'Aarav', 'last_name' => 'Sharma', 'email' => 'aarav.sharma@example.com', 'phone' => '+91 98765 43210'],
        public int $customerId = 7,
    ) {
        $GLOBALS['wp_test']['orders'][$id] = $this;
    }
    public function get_id(): int { return $this->id; }
    public function get_total(): string { return $this->total; }
    public function get_currency(): string { return $this->currency; }
    public function get_payment_method(): string { return $this->paymentMethod; }
    public function get_billing_first_name(): string { return $this->billing['first_name']; }
    public function get_billing_last_name(): string { return $this->billing['last_name']; }
    public function get_billing_email(): string { return $this->billing['email']; }
    public function get_billing_phone(): string { return $this->billing['phone']; }
    public function get_customer_id(): int { return $this->customerId; }
    public function get_status(): string { return $this->status; }
    public function get_transaction_id(): string { return $this->transactionId; }
    public function has_status(string $status): bool { return $this->status === $status; }
    public function is_paid(): bool { return in_array($this->status, ['processing', 'completed'], true); }
    public function get_checkout_payment_url(bool $onCheckout = false): string
    {
        return 'http://localhost:8080/checkout/order-pay/' . $this->id . '/?pay_for_order=true&key=wc_order_abc' . $this->id;
    }
    public function get_checkout_order_received_url(): string
    {
        return 'http://localhost:8080/checkout/order-received/' . $this->id . '/?key=wc_order_abc' . $this->id;
    }
    public function update_meta_data(string $key, mixed $value): void { $this->meta[$key] = $value; }
    public function get_meta(string $key, bool $single = true): mixed { return $this->meta[$key] ?? ''; }
    public function save(): int { $this->saves++; return $this->id; }
    public function add_order_note(string $note): int { $this->notes[] = $note; return count($this->notes); }
    public function update_status(string $status, string $note = ''): bool
    {
        $this->status = $status;
        if ($note !== '') {
            $this->notes[] = $note;
        }
        return true;
    }
    public function payment_complete(string $transactionId = ''): bool
    {
        $this->transactionId = $transactionId;
        $this->status = 'processing';
        return true;
    }
}

/** WC_Settings_API + WC_Payment_Gateway, reduced to what a gateway subclass relies on. */
abstract class WC_Payment_Gateway
{
    public $id = '';
    public $title = '';
    public $description = '';
    public $enabled = 'no';
    public $method_title = '';
    public $method_description = '';
    public $has_fields = false;
    public $supports = ['products'];
    public $icon = '';
    public $order_button_text = '';
    public $form_fields = [];
    public $settings = [];

    public function init_settings(): void
    {
        $saved = get_option('woocommerce_' . $this->id . '_settings', []);
        $defaults = array_map(static fn (array $field) => $field['default'] ?? '', $this->form_fields);
        $this->settings = array_merge($defaults, is_array($saved) ? $saved : []);
    }
    public function get_option(string $key, mixed $empty = null): mixed
    {
        return $this->settings[$key] ?? $empty;
    }
    public function get_description(): string
    {
        return (string) $this->description;
    }
    public function is_available()
    {
        return $this->enabled === 'yes';
    }
    public function get_return_url($order = null)
    {
        return $order ? $order->get_checkout_order_received_url() : 'http://localhost:8080/checkout/order-received/';
    }
    public function supports($feature)
    {
        return in_array($feature, $this->supports, true);
    }
    public function process_admin_options()
    {
        return true;
    }
}

require PLUGIN_ROOT . '/paystra-woocommerce.php';
do_action('plugins_loaded');

/** Fresh options and orders before each test; the gateway is built from the options given. */
abstract class WooCommerceTestCase extends \Paystra\Tests\TestCase
{
    protected function setUp(): void
    {
        wp_test_reset();
        self::useSettings([]);
    }

    /** Saved gateway settings: enabled, test mode against a local sandbox, demo merchant. */
    protected static function useSettings(array $settings): void
    {
        $GLOBALS['wp_test']['options']['woocommerce_paystra_settings'] = $settings + [
            'enabled' => 'yes',
            'test_mode' => 'yes',
            'gateway_url' => 'http://127.0.0.1:4100/sandbox',
            'pay_id' => '',
            'salt' => '',
            'key_salt' => '',
        ];
    }

    protected static function gateway(): WC_Gateway_Paystra
    {
        return new WC_Gateway_Paystra();
    }
}
