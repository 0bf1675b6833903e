<?php
// Heading
$_['heading_title']          = 'Cards, UPI, Net Banking and Wallets (Paystra)';

// Text
$_['text_instruction']       = 'You will be taken to Paystra to pay by card, UPI, net banking or wallet, then brought back here.';
$_['text_test_mode']         = 'Test mode: card 4111 1111 1111 1111 succeeds, 4000 0000 0000 0002 is declined; UPI success@upi succeeds.';
$_['text_redirecting']       = 'Taking you to Paystra to pay securely…';
$_['text_rejected']          = 'We could not verify this payment response, so the order was not changed. If money was taken from your account, contact us with your order number.';

// Button
$_['button_confirm']         = 'Pay with Paystra';

// Error
$_['error_order']            = 'Your order was not found. Please go through checkout again.';
$_['error_payment_method']   = 'Choose Paystra as the payment method first.';
$_['error_unavailable']      = 'This order cannot be paid with Paystra right now. Please choose another payment method or contact us.';
