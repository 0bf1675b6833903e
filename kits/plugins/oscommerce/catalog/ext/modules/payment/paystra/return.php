<?php
/**
 * Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.
 *
 * The RETURN_URL: https://your-store.example/ext/modules/payment/paystra/return.php
 *
 * osCommerce starts a session on every request and browsers treat its cookie (no SameSite
 * attribute) as Lax, so the gateway's cross-site POST lands here and is relayed to
 * checkout_process.php from the store's own page (see ReturnRelay); the payment module's
 * before_process() verifies everything.
 */

declare(strict_types=1);

require __DIR__ . '/../../../../includes/modules/payment/paystra/lib/ReturnRelay.php';

// From ext/modules/payment/paystra/ back to the catalog's checkout_process.php.
\Paystra\Plugin\ReturnRelay::forward('../../../../checkout_process.php');
