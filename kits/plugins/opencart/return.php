<?php
/**
 * Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.
 *
 * The RETURN_URL: https://your-store.example/extension/paystra/return.php
 *
 * OpenCart sets its session cookie SameSite=Strict and starts a session on every request, so
 * the gateway's cross-site POST lands here and is relayed to the extension's callback route
 * from the store's own page (see ReturnRelay).
 */

declare(strict_types=1);

require __DIR__ . '/system/library/ReturnRelay.php';

// From extension/paystra/ back to the store's index.php (OpenCart 4.0.2 routes name methods with ".").
\Paystra\Plugin\ReturnRelay::forward('../../index.php?route=extension/paystra/payment/paystra.callback');
