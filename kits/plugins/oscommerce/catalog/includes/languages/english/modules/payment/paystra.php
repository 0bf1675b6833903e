<?php
/*
  Paystra for osCommerce
  Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.
*/

  define('MODULE_PAYMENT_PAYSTRA_TEXT_TITLE', 'Paystra (cards, UPI, net banking, wallets)');
  define('MODULE_PAYMENT_PAYSTRA_TEXT_PUBLIC_TITLE', 'Cards, UPI, Net Banking and Wallets (Paystra)');
  define('MODULE_PAYMENT_PAYSTRA_TEXT_DESCRIPTION', '<strong>Paystra hosted checkout.</strong> The customer pays on Paystra\'s page and returns to the store; the order is written at the confirmation and paid once Paystra\'s response or webhook is verified. Amounts are sent in paise; customers must pay in Indian rupees (INR).<br><br>Return URL to register with Paystra: <code>ext/modules/payment/paystra/return.php</code> in your catalog.');
  define('MODULE_PAYMENT_PAYSTRA_TEXT_INSTRUCTION', 'After you confirm the order you will be taken to Paystra to pay by card, UPI, net banking or wallet, then brought back here.');
  define('MODULE_PAYMENT_PAYSTRA_TEXT_TEST_MODE', 'Test mode: card 4111 1111 1111 1111 succeeds, 4000 0000 0000 0002 is declined; UPI success@upi succeeds.');
  define('MODULE_PAYMENT_PAYSTRA_ERROR_TITLE', 'Your payment was not completed');
  define('MODULE_PAYMENT_PAYSTRA_ERROR_FAILED', 'Paystra answered: %s. No money was taken; you can try again or choose another payment method.');
  define('MODULE_PAYMENT_PAYSTRA_ERROR_NOT_VERIFIED', 'We could not verify the payment response, so no order was placed. If money was taken from your account, contact us before paying again.');
  define('MODULE_PAYMENT_PAYSTRA_ERROR_UNAVAILABLE', 'This order cannot be paid with Paystra right now. Please choose another payment method.');
