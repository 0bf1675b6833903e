<?php
/**
 * Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.
 *
 * The NOTIFY_URL: https://your-store.example/ext/modules/payment/paystra/webhook.php
 *
 * Paystra's server posts a signed event here when a payment reaches an outcome. The raw body is
 * read before the store starts (application_top.php parses nothing of it) and verified by the
 * payment module's webhook(), which completes the order the confirmation page wrote, also when
 * the customer never comes back, and puts a settlement's UTR and date in its orders' history;
 * JSON 200 for every verified event, 400 with the reason for a refused one, 503 while the return
 * is updating the same order or the settlement cannot be fetched (the gateway retries).
 */

declare(strict_types=1);

$paystra_body = (string) file_get_contents('php://input');
$paystra_header = isset($_SERVER['HTTP_X_PAYSTRA_SIGNATURE']) && is_string($_SERVER['HTTP_X_PAYSTRA_SIGNATURE']) ? $_SERVER['HTTP_X_PAYSTRA_SIGNATURE'] : null;

// From ext/modules/payment/paystra/ to the catalog, as osCommerce's own ext/ handlers do.
chdir('../../../../');
require 'includes/application_top.php';
// The order email's texts, as checkout_process.php loads them.
require DIR_WS_LANGUAGES . $language . '/' . FILENAME_CHECKOUT_PROCESS;
require DIR_WS_LANGUAGES . $language . '/modules/payment/paystra.php';
require DIR_WS_MODULES . 'payment/paystra.php';

$paystra_module = new paystra();
\Paystra\Plugin\HostedCheckout::sendWebhookAnswer($paystra_module->webhook($paystra_body, $paystra_header));

require 'includes/application_bottom.php';
