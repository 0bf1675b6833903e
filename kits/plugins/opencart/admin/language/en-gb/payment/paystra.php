<?php
// Heading
$_['heading_title']          = 'Paystra';

// Text
$_['text_extension']         = 'Extensions';
$_['text_success']           = 'Success: You have modified the Paystra payment settings!';
$_['text_edit']              = 'Edit Paystra';
$_['text_paystra']           = '<a href="https://paystra.example/developers" target="_blank" rel="noopener"><strong>Paystra</strong></a>';
$_['text_about']             = 'Cards, UPI, net banking and wallets on the Paystra hosted payment page. AMOUNT is sent in paise (₹1,499.50 → 149950); the order currency must be the Indian rupee (INR).';
$_['text_return_url']        = 'Return URL to register with Paystra before going live: %s';
$_['text_webhook_url']       = 'Webhook URL (sent as NOTIFY_URL with every payment): %s. Paystra posts each payment\'s outcome there, signed with your webhook secret, so an order is paid even when the customer closes the tab before returning.';

// Entry
$_['entry_test_mode']        = 'Test mode';
$_['entry_pay_id']           = 'Pay ID';
$_['entry_salt']             = 'Salt';
$_['entry_key_salt']         = 'Key salt';
$_['entry_webhook_secret']   = 'Webhook secret';
$_['entry_gateway_url']      = 'Gateway URL';
$_['entry_order_status']     = 'Paid order status';
$_['entry_pending_status']   = 'Pending order status';
$_['entry_failed_status']    = 'Failed order status';
$_['entry_dispute_status']   = 'Disputed order status';
$_['entry_geo_zone']         = 'Geo zone';
$_['entry_status']           = 'Status';
$_['entry_sort_order']       = 'Sort order';

// Help
$_['help_test_mode']         = 'Send payments to the Paystra sandbox; no money moves. With the credentials left blank, the sandbox demo merchant is used.';
$_['help_pay_id']            = 'Your 16-digit PAY_ID from the Paystra merchant portal.';
$_['help_salt']              = 'Signs every request and verifies every response. Keep it secret.';
$_['help_key_salt']          = 'Derives the key that decrypts Paystra\'s responses (ENCDATA).';
$_['help_webhook_secret']    = 'From the Paystra merchant portal; it is not the salt. Verifies the webhook Paystra sends to the webhook URL. Blank in test mode with the demo merchant: the demo secret.';
$_['help_gateway_url']       = 'Leave blank for the default: %s, or %s in test mode.';
$_['help_pending_status']    = 'For payments the bank has not confirmed yet (e.g. code 026).';
$_['help_dispute_status']    = 'For paid orders whose payment the cardholder disputes, until the dispute is won. OpenCart puts the stock of an order back when it leaves the processing and complete statuses.';

// Error
$_['error_permission']       = 'Warning: You do not have permission to modify the Paystra payment settings!';
$_['error_pay_id']           = 'The Pay ID must be the 16 digits from the Paystra merchant portal.';
$_['error_credentials']      = 'Live mode needs the Pay ID, salt and key salt.';
$_['error_gateway_url']      = 'The gateway URL must start with https:// (or http:// for a local sandbox).';
