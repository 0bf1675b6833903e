<?php

declare(strict_types=1);

// Stand-ins for the osCommerce 2.3.4 functions and globals the module touches (database
// helpers, links, redirects, $order, $currencies, the session), so the module runs under
// plain PHP. The Paystra library is where plugin.json's "coreInto" puts it.

if (PHP_SAPI !== 'cli') {
    http_response_code(404);
    exit;
}

define('PLUGIN_ROOT', dirname(__DIR__));
define('CATALOG', PLUGIN_ROOT . '/catalog');

$plugin = json_decode((string) file_get_contents(PLUGIN_ROOT . '/plugin.json'), true);
if (!is_file(PLUGIN_ROOT . '/' . $plugin['coreInto'] . '/autoload.php')) {
    fwrite(STDERR, "The Paystra PHP library is missing at {$plugin['coreInto']}/: it ships in the plugin's archive, with these tests\n");
    exit(2);
}

foreach ([
    'CONFIGURATION' => 'configuration', 'ZONES_TO_GEO_ZONES' => 'zones_to_geo_zones', 'ORDERS' => 'orders',
    'ORDERS_TOTAL' => 'orders_total', 'ORDERS_STATUS' => 'orders_status', 'ORDERS_STATUS_HISTORY' => 'orders_status_history',
    'ORDERS_PRODUCTS' => 'orders_products', 'ORDERS_PRODUCTS_ATTRIBUTES' => 'orders_products_attributes',
    'ORDERS_PRODUCTS_DOWNLOAD' => 'orders_products_download', 'PRODUCTS' => 'products', 'PRODUCTS_OPTIONS' => 'products_options',
    'PRODUCTS_OPTIONS_VALUES' => 'products_options_values', 'PRODUCTS_ATTRIBUTES' => 'products_attributes',
    'PRODUCTS_ATTRIBUTES_DOWNLOAD' => 'products_attributes_download', 'CUSTOMERS_BASKET' => 'customers_basket',
    'CUSTOMERS_BASKET_ATTRIBUTES' => 'customers_basket_attributes',
] as $name => $table) {
    define('TABLE_' . $name, $table);
}
define('FILENAME_CHECKOUT_PAYMENT', 'checkout_payment.php');
define('FILENAME_CHECKOUT_SUCCESS', 'checkout_success.php');
define('FILENAME_ACCOUNT_HISTORY_INFO', 'account_history_info.php');
// includes/languages/english/checkout_process.php
define('EMAIL_TEXT_SUBJECT', 'Order Process');
define('EMAIL_TEXT_ORDER_NUMBER', 'Order Number:');
define('EMAIL_TEXT_INVOICE_URL', 'Detailed Invoice:');
define('EMAIL_TEXT_DATE_ORDERED', 'Date Ordered:');
define('EMAIL_TEXT_PRODUCTS', 'Products');
define('EMAIL_TEXT_DELIVERY_ADDRESS', 'Delivery Address');
define('EMAIL_TEXT_BILLING_ADDRESS', 'Billing Address');
define('EMAIL_TEXT_PAYMENT_METHOD', 'Payment Method');
define('EMAIL_SEPARATOR', '------------------------------------------------------');

final class OscRedirect extends RuntimeException
{
    public function __construct(public readonly string $url)
    {
        parent::__construct("redirect to $url");
    }
}

/** The session's shopping cart (includes/classes/shopping_cart.php). */
final class OscCart
{
    public int $resets = 0;

    public function __construct(public string $cartID)
    {
    }

    public function reset(bool $reset_database = false): void
    {
        $this->resets++;
    }
}

// error_log() is the module's log; the tests read it from here.
define('ERROR_LOG', sys_get_temp_dir() . '/paystra-oscommerce-test-' . getmypid() . '.log');
ini_set('error_log', ERROR_LOG);
register_shutdown_function(static fn () => is_file(ERROR_LOG) && unlink(ERROR_LOG));

function osc_reset(): void
{
    file_put_contents(ERROR_LOG, '');
    $GLOBALS['osc'] = [
        'queries' => [], 'zones' => [], 'mail' => [], 'unregistered' => [], 'next_id' => 501,
        // Paystra's JSON API (the settlement call): a transport, or null for no network.
        'http' => null,
        // Tables the module writes with tep_db_perform() (rows with their id) and reads back.
        'db' => ['products' => [7 => ['products_quantity' => 10, 'products_ordered' => 0]], 'customers_basket' => [12 => 2]],
        'config' => [
            'MODULE_PAYMENT_PAYSTRA_STATUS' => 'True',
            'MODULE_PAYMENT_PAYSTRA_TEST_MODE' => 'True',
            'MODULE_PAYMENT_PAYSTRA_PAY_ID' => '',
            'MODULE_PAYMENT_PAYSTRA_SALT' => '',
            'MODULE_PAYMENT_PAYSTRA_KEY_SALT' => '',
            'MODULE_PAYMENT_PAYSTRA_GATEWAY_URL' => 'http://127.0.0.1:4100/sandbox',
            'MODULE_PAYMENT_PAYSTRA_ZONE' => '0',
            'MODULE_PAYMENT_PAYSTRA_ORDER_STATUS_ID' => '2',
            'MODULE_PAYMENT_PAYSTRA_PENDING_STATUS_ID' => '1',
            'MODULE_PAYMENT_PAYSTRA_PREPARE_ORDER_STATUS_ID' => '5',
            'MODULE_PAYMENT_PAYSTRA_DISPUTE_STATUS_ID' => '1',
            'MODULE_PAYMENT_PAYSTRA_SORT_ORDER' => '0',
            'DEFAULT_ORDERS_STATUS_ID' => '1',
            'STOCK_LIMITED' => 'true',
            'STOCK_ALLOW_CHECKOUT' => 'true',
            'SEND_EMAILS' => 'true',
            'STORE_NAME' => 'Chennai Books',
            'STORE_OWNER' => 'Chennai Books',
            'STORE_OWNER_EMAIL_ADDRESS' => 'orders@chennaibooks.example',
            'SEND_EXTRA_ORDER_EMAILS_TO' => '',
        ],
    ];
    $_SESSION = [];
    $_POST = [];
    $_GET = [];
    $GLOBALS['currency'] = 'INR';
    $GLOBALS['customer_id'] = 12;
    $GLOBALS['languages_id'] = 1;
    $GLOBALS['cart'] = new OscCart('48213');
    $GLOBALS['currencies'] = (object) ['currencies' => [
        'INR' => ['value' => 1.0, 'decimal_places' => 2],
        'USD' => ['value' => 0.012, 'decimal_places' => 2],
    ]];
    $address = ['firstname' => 'Ananya', 'lastname' => 'Iyer', 'company' => '', 'street_address' => '14 Luz Church Road', 'suburb' => 'Mylapore', 'city' => 'Chennai', 'postcode' => '600004', 'state' => 'Tamil Nadu', 'country' => ['id' => 99, 'title' => 'India'], 'zone_id' => 1505, 'format_id' => 1];
    $GLOBALS['order'] = (object) [
        'info' => ['total' => 1499.5, 'order_status' => 5, 'comments' => '', 'currency' => 'INR', 'currency_value' => 1.0, 'payment_method' => 'Cards, UPI, Net Banking and Wallets (Paystra)'],
        'customer' => $address + ['email_address' => 'ananya.iyer@example.com', 'telephone' => '044 2345 6789'],
        'delivery' => $address,
        'billing' => $address,
        'products' => [['id' => '7', 'model' => 'TK-01', 'name' => 'Tirukkural (hardback)', 'price' => 1400.0, 'final_price' => 1400.0, 'tax' => 0, 'qty' => 1]],
    ];
    // checkout_confirmation.php has run the order total modules before the payment module.
    $GLOBALS['order_total_modules'] = (object) ['modules' => ['ot_subtotal.php', 'ot_shipping.php', 'ot_total.php']];
    $GLOBALS['ot_subtotal'] = (object) ['enabled' => true, 'code' => 'ot_subtotal', 'sort_order' => 1, 'output' => [['title' => 'Sub-Total:', 'text' => '₹1,400.00', 'value' => 1400.0]]];
    $GLOBALS['ot_shipping'] = (object) ['enabled' => true, 'code' => 'ot_shipping', 'sort_order' => 2, 'output' => [['title' => 'Courier:', 'text' => '₹99.50', 'value' => 99.5]]];
    $GLOBALS['ot_total'] = (object) ['enabled' => true, 'code' => 'ot_total', 'sort_order' => 4, 'output' => [['title' => 'Total:', 'text' => '<strong>₹1,499.50</strong>', 'value' => 1499.5]]];
}

/** Rows of a stand-in table whose column equals the value. */
function osc_rows(string $table, string $column, int $value): array
{
    return array_values(array_filter($GLOBALS['osc']['db'][$table] ?? [], static fn (array $row): bool => (int) ($row[$column] ?? 0) === $value));
}

/** The order's rows as the module wrote them (orders, totals, products, history). */
function osc_order(int $id): ?array
{
    return $GLOBALS['osc']['db']['orders'][$id] ?? null;
}

function tep_db_query(string $sql): array
{
    $GLOBALS['osc']['queries'][] = $sql;
    $db = &$GLOBALS['osc']['db'];
    if (($lock = \Paystra\Tests\TestCase::lockQuery($sql)) !== null) {
        return [['result' => $lock]];
    }
    if (str_contains($sql, TABLE_ZONES_TO_GEO_ZONES)) {
        return $GLOBALS['osc']['zones'];
    }
    if (preg_match("/^select o.orders_status, o.payment_method, o.currency, o.currency_value, ot.value from orders o, orders_total ot where o.orders_id = '(\d+)' and ot.orders_id = o.orders_id and ot.class = 'ot_total'$/", $sql, $m) === 1) {
        $order = osc_order((int) $m[1]);
        $total = array_values(array_filter(osc_rows('orders_total', 'orders_id', (int) $m[1]), static fn ($row) => $row['class'] === 'ot_total'));
        return $order && $total ? [['orders_status' => (string) $order['orders_status'], 'payment_method' => $order['payment_method'], 'currency' => $order['currency'], 'currency_value' => (string) $order['currency_value'], 'value' => (string) $total[0]['value']]] : [];
    }
    if (preg_match("/^select orders_status_history_id from orders_status_history where orders_id = '(\d+)' and comments like '(.+)%' limit 1$/", $sql, $m) === 1) {
        return array_slice(array_values(array_filter(osc_rows('orders_status_history', 'orders_id', (int) $m[1]), static fn (array $row): bool => str_starts_with($row['comments'], stripslashes($m[2])))), 0, 1);
    }
    if (preg_match("/^select orders_status_history_id, orders_status_id, comments from orders_status_history where orders_id = '(\d+)' order by orders_status_history_id$/", $sql, $m) === 1) {
        $lines = array_filter($db['orders_status_history'] ?? [], static fn (array $row): bool => (int) $row['orders_id'] === (int) $m[1]);
        ksort($lines);
        return array_values(array_map(static fn (int $id, array $row): array => ['orders_status_history_id' => $id, 'orders_status_id' => $row['orders_status_id'], 'comments' => $row['comments']], array_keys($lines), $lines));
    }
    if (preg_match("/^select (orders_status|customers_id, customers_name.*) from orders where orders_id = '(\d+)'$/", $sql, $m) === 1) {
        $order = osc_order((int) $m[2]);
        return $order ? [$order] : [];
    }
    if (preg_match("/^select orders_products_id, .* from orders_products where orders_id = '(\d+)'$/", $sql, $m) === 1) {
        return osc_rows('orders_products', 'orders_id', (int) $m[1]);
    }
    if (preg_match("/^select (orders_products_download_id|products_options, products_options_values) from (orders_products_download|orders_products_attributes) where orders_products_id = '(\d+)'/", $sql, $m) === 1) {
        return osc_rows($m[2], 'orders_products_id', (int) $m[3]);
    }
    if (preg_match("/^select title, text from orders_total where orders_id = '(\d+)'/", $sql, $m) === 1) {
        return osc_rows('orders_total', 'orders_id', (int) $m[1]);
    }
    if (preg_match("/^update orders set orders_status = '(\d+)', last_modified = now\(\) where orders_id = '(\d+)'$/", $sql, $m) === 1) {
        $db['orders'][(int) $m[2]]['orders_status'] = (int) $m[1];
        return [];
    }
    if (preg_match("/^update products set (products_quantity = products_quantity|products_ordered = products_ordered) ([-+]) (\d+) where products_id = '(\d+)'$/", $sql, $m) === 1) {
        $column = explode(' ', $m[1])[0];
        $db['products'][(int) $m[4]][$column] += ($m[2] === '-' ? -1 : 1) * (int) $m[3];
        return [];
    }
    if (preg_match("/^delete from (\w+) where (orders_id|customers_id) = '(\d+)'$/", $sql, $m) === 1) {
        if ($m[2] === 'customers_id') {
            unset($db[$m[1]][(int) $m[3]]);
        } else {
            $db[$m[1]] = array_filter($db[$m[1]] ?? [], static fn (array $row, int $id): bool => (int) ($m[1] === 'orders' ? $id : $row['orders_id']) !== (int) $m[3], ARRAY_FILTER_USE_BOTH);
        }
        return [];
    }
    // install(): the "Preparing [Paystra]" status.
    if (str_starts_with($sql, 'select orders_status_id from orders_status where orders_status_name')) {
        return $GLOBALS['osc']['preparing_exists'] ?? [];
    }
    if (str_starts_with($sql, 'select max(orders_status_id)')) {
        return [['status_id' => '4']];
    }
    if (str_starts_with($sql, 'describe orders_status public_flag')) {
        return [['Field' => 'public_flag']];
    }
    if (str_contains($sql, 'select configuration_value')) {
        return isset($GLOBALS['osc']['installed']) ? [['configuration_value' => 'True']] : [];
    }
    return [];
}
function tep_db_fetch_array(array &$result): array|false
{
    return array_shift($result) ?? false;
}
function tep_db_num_rows(array $result): int
{
    return count($result);
}
function tep_db_input(string $value): string
{
    return addslashes($value);
}
function tep_db_perform(string $table, array $data, string $action = 'insert', string $parameters = ''): bool
{
    $id = $GLOBALS['osc']['next_id']++;
    $GLOBALS['osc']['db'][$table][$id] = $data + ($table === TABLE_ORDERS_PRODUCTS ? ['orders_products_id' => $id] : []);
    $GLOBALS['osc']['insert_id'] = $id;
    return true;
}
function tep_db_insert_id(): int
{
    return $GLOBALS['osc']['insert_id'];
}
function tep_not_null(mixed $value): bool
{
    return is_array($value) ? $value !== [] : ($value !== null && trim((string) $value) !== '' && strtolower((string) $value) !== 'null');
}
function tep_get_prid(string|int $uprid): int
{
    return (int) $uprid;
}
function tep_get_languages(): array
{
    return [['id' => 1, 'code' => 'en'], ['id' => 2, 'code' => 'hi']];
}
function tep_session_unregister(string $name): void
{
    $GLOBALS['osc']['unregistered'][] = $name;
    unset($_SESSION[$name]);
}
function tep_mail(string $to_name, string $to_email, string $subject, string $text, string $from_name, string $from_email): void
{
    $GLOBALS['osc']['mail'][] = compact('to_name', 'to_email', 'subject', 'text');
}
function tep_href_link(string $page = '', string $parameters = '', string $connection = 'NONSSL', bool $add_session_id = true, bool $search_engine_safe = true): string
{
    return 'https://store.test/catalog/' . $page . ($parameters !== '' ? '?' . $parameters : '');
}
function tep_redirect(string $url): never
{
    throw new OscRedirect($url);
}

require CATALOG . '/includes/languages/english/modules/payment/paystra.php';
require CATALOG . '/includes/modules/payment/paystra.php';

/** The module with its settings from $GLOBALS['osc']['config'] (constants in a real store). */
final class TestPaystra extends paystra
{
    function setting($key)
    {
        return $GLOBALS['osc']['config'][$key] ?? null;
    }

    /** The module's checkout, its JSON calls sent to $GLOBALS['osc']['http'] (no network in tests). */
    function checkout()
    {
        return \Paystra\Tests\TestCase::withTransport(parent::checkout(), $GLOBALS['osc']['http'] ?? static function (string $url): never {
            throw new \Paystra\GatewayError("Cannot reach the gateway at $url (no network in tests).");
        });
    }
}

abstract class OsCommerceTestCase extends \Paystra\Tests\TestCase
{
    protected function setUp(): void
    {
        osc_reset();
    }

    /**
     * checkout_confirmation.php: confirmation() (which writes the preparing order), then the
     * module's hidden fields, read back as the browser posts them.
     */
    protected static function confirmationForm(): array
    {
        $module = new TestPaystra();
        $module->confirmation();
        $html = $module->process_button();
        preg_match_all('/<input type="hidden" name="([A-Z_]+)" value="([^"]*)">/', $html, $inputs, PREG_SET_ORDER);
        $fields = [];
        foreach ($inputs as [, $name, $value]) {
            $fields[$name] = html_entity_decode($value, ENT_QUOTES, 'UTF-8');
        }
        return [$module->form_action_url, $fields];
    }

    /**
     * checkout_process.php with the posted response: before_process() always ends in a
     * redirect (checkout_success.php once the order is placed, the payment step otherwise).
     */
    protected static function checkoutProcess(array $posted): string
    {
        $_POST = $posted;
        try {
            (new TestPaystra())->before_process();
        } catch (OscRedirect $redirect) {
            return $redirect->url;
        }
        throw new \Paystra\Tests\AssertionFailed('before_process() did not redirect: checkout_process.php would write a second order');
    }
}
