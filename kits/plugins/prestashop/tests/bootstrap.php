<?php

declare(strict_types=1);

// Loads the module against stand-ins of PrestaShop (tests/stubs.php); the Paystra library is
// where plugin.json's "coreInto" puts it, as in the release archive.

if (PHP_SAPI !== 'cli') {
    http_response_code(404);
    exit;
}

define('PLUGIN_ROOT', dirname(__DIR__));

$plugin = json_decode((string) file_get_contents(PLUGIN_ROOT . '/plugin.json'), true);
if (!is_file(PLUGIN_ROOT . '/' . $plugin['coreInto'] . '/autoload.php')) {
    fwrite(STDERR, "The Paystra PHP library is missing at {$plugin['coreInto']}/: it ships in the plugin's archive, with these tests\n");
    exit(2);
}

require __DIR__ . '/stubs.php';
ps_reset();
require PLUGIN_ROOT . '/paystra.php';
require PLUGIN_ROOT . '/controllers/front/redirect.php';
require PLUGIN_ROOT . '/controllers/front/validation.php';
require PLUGIN_ROOT . '/controllers/front/webhook.php';

/** A fresh shop for each test: the module installed in test mode against a local sandbox. */
abstract class PrestaShopTestCase extends \Paystra\Tests\TestCase
{
    protected Paystra $module;

    protected function setUp(): void
    {
        ps_reset();
        $_SERVER['REQUEST_METHOD'] = 'GET';
        $this->module = new Paystra();
        $GLOBALS['ps']['module'] = $this->module;
        $this->module->install();
        Configuration::updateValue(Paystra::GATEWAY_URL, 'http://127.0.0.1:4100/sandbox');
        Currency::store(1, ['iso_code' => 'INR']);
        Currency::store(2, ['iso_code' => 'EUR']);
        Customer::store(5, ['firstname' => 'Kavya', 'lastname' => 'Reddy', 'email' => 'kavya.reddy@example.com', 'secure_key' => 'a1b2c3secure']);
        Address::store(9, ['phone' => '', 'phone_mobile' => '+91 99887 76655']);
    }

    /** A checkout-ready cart of the customer, ₹1,499.50 in rupees unless told otherwise. */
    protected static function cart(float $total = 1499.5, int $id = 31, int $currency = 1): Cart
    {
        Cart::store($id, ['id_customer' => 5, 'id_currency' => $currency, 'id_address_delivery' => 9, 'id_address_invoice' => 9, 'total' => $total]);
        $cart = new Cart($id);
        Context::getContext()->cart = $cart;
        return $cart;
    }
}
