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
    fwrite(STDERR, "The Paystra PHP library is missing at {$plugin['coreInto']}/: copy kits/php/core/src there\n"
        . "(or run php kits/plugins/run-tests.php oscommerce from the repository).\n");
    exit(2);
}

define('TABLE_CONFIGURATION', 'configuration');
define('TABLE_ZONES_TO_GEO_ZONES', 'zones_to_geo_zones');
define('TABLE_ORDERS_STATUS_HISTORY', 'orders_status_history');
define('TABLE_ORDERS', 'orders');
define('TABLE_ORDERS_TOTAL', 'orders_total');
define('FILENAME_CHECKOUT_PAYMENT', 'checkout_payment.php');

final class OscRedirect extends RuntimeException
{
    public function __construct(public readonly string $url)
    {
        parent::__construct("redirect to $url");
    }
}

// error_log() is the module's log; the tests read it from here.
define('ERROR_LOG', sys_get_temp_dir() . '/paystra-oscommerce-test-' . getmypid() . '.log');
ini_set('error_log', ERROR_LOG);
register_shutdown_function(static fn () => is_file(ERROR_LOG) && unlink(ERROR_LOG));

function osc_reset(): void
{
    file_put_contents(ERROR_LOG, '');
    $GLOBALS['osc'] = ['queries' => [], 'performed' => [], 'zones' => [], 'orders' => [], 'config' => [
        'MODULE_PAYMENT_PAYSTRA_STATUS' => 'True',
        'MODULE_PAYMENT_PAYSTRA_TEST_MODE' => 'True',
        'MODULE_PAYMENT_PAYSTRA_PAY_ID' => '',
        'MODULE_PAYMENT_PAYSTRA_SALT' => '',
        'MODULE_PAYMENT_PAYSTRA_KEY_SALT' => '',
        'MODULE_PAYMENT_PAYSTRA_GATEWAY_URL' => 'http://127.0.0.1:4100/sandbox',
        'MODULE_PAYMENT_PAYSTRA_ZONE' => '0',
        'MODULE_PAYMENT_PAYSTRA_ORDER_STATUS_ID' => '2',
        'MODULE_PAYMENT_PAYSTRA_PENDING_STATUS_ID' => '1',
        'MODULE_PAYMENT_PAYSTRA_SORT_ORDER' => '0',
        'DEFAULT_ORDERS_STATUS_ID' => '1',
    ]];
    $_SESSION = [];
    $_POST = [];
    $_GET = [];
    $GLOBALS['currency'] = 'INR';
    $GLOBALS['customer_id'] = 12;
    $GLOBALS['cart'] = (object) ['cartID' => '48213'];
    $GLOBALS['insert_id'] = null;
    $GLOBALS['currencies'] = (object) ['currencies' => [
        'INR' => ['value' => 1.0, 'decimal_places' => 2],
        'USD' => ['value' => 0.012, 'decimal_places' => 2],
    ]];
    $GLOBALS['order'] = (object) [
        'info' => ['total' => 1499.5, 'order_status' => 1, 'comments' => ''],
        'customer' => ['firstname' => 'Ananya', 'lastname' => 'Iyer', 'email_address' => 'ananya.iyer@example.com', 'telephone' => '044 2345 6789'],
        'billing' => ['country' => ['id' => 99], 'zone_id' => 1505],
    ];
}

function tep_db_query(string $sql): array
{
    $GLOBALS['osc']['queries'][] = $sql;
    if (str_contains($sql, TABLE_ZONES_TO_GEO_ZONES)) {
        return $GLOBALS['osc']['zones'];
    }
    // Orders the tests placed ($GLOBALS['osc']['orders'][id] = status, total, currency, value, history).
    if (preg_match("/select orders_id from orders_status_history where comments like '%ORDER_ID ([^%]+)%'/", $sql, $m) === 1) {
        foreach ($GLOBALS['osc']['orders'] as $id => $order) {
            foreach ($order['history'] as $comment) {
                if (str_contains($comment, 'ORDER_ID ' . stripslashes($m[1]))) {
                    return [['orders_id' => (string) $id]];
                }
            }
        }
        return [];
    }
    if (preg_match("/from orders o, orders_total ot where o.orders_id = '(\d+)'/", $sql, $m) === 1) {
        $order = $GLOBALS['osc']['orders'][(int) $m[1]] ?? null;
        return $order ? [['orders_status' => (string) $order['status'], 'currency' => $order['currency'], 'currency_value' => '1.000000', 'value' => (string) $order['total']]] : [];
    }
    if (preg_match("/update orders set orders_status = '(\d+)'.* where orders_id = '(\d+)'/", $sql, $m) === 1) {
        $GLOBALS['osc']['orders'][(int) $m[2]]['status'] = (int) $m[1];
        return [];
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
    $GLOBALS['osc']['performed'][] = [$table, $data];
    if ($table === TABLE_ORDERS_STATUS_HISTORY && isset($GLOBALS['osc']['orders'][(int) $data['orders_id']])) {
        $GLOBALS['osc']['orders'][(int) $data['orders_id']]['history'][] = $data['comments'];
    }
    return true;
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
}

abstract class OsCommerceTestCase extends \Paystra\Tests\TestCase
{
    protected function setUp(): void
    {
        osc_reset();
    }

    /** checkout_confirmation.php: the module's hidden fields, read back as the browser posts them. */
    protected static function confirmationForm(): array
    {
        $module = new TestPaystra();
        $html = $module->process_button();
        preg_match_all('/<input type="hidden" name="([A-Z_]+)" value="([^"]*)">/', $html, $inputs, PREG_SET_ORDER);
        $fields = [];
        foreach ($inputs as [, $name, $value]) {
            $fields[$name] = html_entity_decode($value, ENT_QUOTES, 'UTF-8');
        }
        return [$module->form_action_url, $fields];
    }

    /**
     * checkout_process.php with the posted response: before_process(), the order insert,
     * after_process(). Returns the new order id, or the redirect when no order was created.
     */
    protected static function checkoutProcess(array $posted): int|string
    {
        $_POST = $posted;
        $module = new TestPaystra();
        try {
            $module->before_process();
        } catch (OscRedirect $redirect) {
            return $redirect->url;
        }
        $GLOBALS['insert_id'] = 501;
        $module->after_process();
        return 501;
    }
}
