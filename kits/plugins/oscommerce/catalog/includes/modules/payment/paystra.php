<?php
/*
  Paystra for osCommerce: the Paystra hosted checkout as a payment module.
  Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.

  checkout_confirmation.php writes the order in the "Preparing [Paystra]" status (confirmation,
  as PayPal Standard does) and posts the signed form (process_button) straight to Paystra
  (form_action_url). Paystra posts PAY_ID and ENCDATA to ext/modules/payment/paystra/return.php,
  which hands them to checkout_process.php with the customer's session, and a signed webhook to
  ext/modules/payment/paystra/webhook.php (the NOTIFY_URL). Either one, whichever comes first,
  moves the order to paid (or pending) once, under the order's lock (apply_outcome); the return
  then shows checkout_success.php. When Paystra pays the money out, its settlement.processed
  event on the same webhook puts the UTR and settlement date in each order's history
  (record_settlement). A cardholder's dispute moves its order to the disputed status with a line
  of the reason and the deadline, and back when the dispute is won (record_dispute).
*/

  // The Paystra PHP library ships inside the module; HostedCheckout.php is the part every
  // Paystra shop plugin shares.
  require_once __DIR__ . '/paystra/lib/paystra/autoload.php';
  require_once __DIR__ . '/paystra/lib/HostedCheckout.php';

  use Paystra\Plugin\Dispute;
  use Paystra\Plugin\HostedCheckout;
  use Paystra\Plugin\MysqlOrderLock;
  use Paystra\Plugin\Outcome;
  use Paystra\Plugin\Rejected;
  use Paystra\Plugin\SettledPayment;

  class paystra {
    var $code, $title, $public_title, $description, $enabled, $sort_order, $order_status, $form_action_url, $signature, $_check;

    /** Starts every gateway ORDER_ID of this store: OS-<orders_id>-<milliseconds>. */
    const ORDER_PREFIX = 'OS';

    /** The order status of orders written at the confirmation, not paid yet (created on install). */
    const PREPARING_STATUS_NAME = 'Preparing [Paystra]';

    /** How many payment attempts of one checkout stay acceptable (several open tabs). */
    const ATTEMPTS_KEPT = 5;

    /** @var HostedCheckout|null */
    private $checkout = null;

    function __construct() {
      global $order;

      $this->signature = 'paystra|paystra|1.0.0|2.3';
      $this->code = 'paystra';
      $this->title = MODULE_PAYMENT_PAYSTRA_TEXT_TITLE;
      $this->public_title = MODULE_PAYMENT_PAYSTRA_TEXT_PUBLIC_TITLE;
      $this->description = MODULE_PAYMENT_PAYSTRA_TEXT_DESCRIPTION;
      $this->sort_order = (int)$this->setting('MODULE_PAYMENT_PAYSTRA_SORT_ORDER');
      $this->enabled = $this->setting('MODULE_PAYMENT_PAYSTRA_STATUS') == 'True';

      // The status the order is written with at the confirmation (see confirmation()).
      if ($this->preparing_status() !== '0') {
        $this->order_status = (int)$this->preparing_status();
      }

      if ($this->check_installed()) {
        $this->form_action_url = HostedCheckout::baseUrl((string)$this->setting('MODULE_PAYMENT_PAYSTRA_GATEWAY_URL'), $this->is_test_mode()) . '/paymentrequest';
      }

      if (is_object($order)) $this->update_status();
    }

    /** Offered in the module's zone, to customers paying in rupees, once configured. */
    function update_status() {
      global $order, $currency;

      if ($this->enabled && ($currency != 'INR' || !$this->is_configured())) {
        $this->enabled = false;
      }

      if ($this->enabled && ((int)$this->setting('MODULE_PAYMENT_PAYSTRA_ZONE') > 0)) {
        $check_flag = false;
        $check_query = tep_db_query("select zone_id from " . TABLE_ZONES_TO_GEO_ZONES . " where geo_zone_id = '" . (int)$this->setting('MODULE_PAYMENT_PAYSTRA_ZONE') . "' and zone_country_id = '" . (int)$order->billing['country']['id'] . "' order by zone_id");
        while ($check = tep_db_fetch_array($check_query)) {
          if ($check['zone_id'] < 1 || $check['zone_id'] == $order->billing['zone_id']) {
            $check_flag = true;
            break;
          }
        }

        if ($check_flag == false) {
          $this->enabled = false;
        }
      }
    }

    function javascript_validation() {
      return false;
    }

    function selection() {
      return array('id' => $this->code,
                   'module' => $this->public_title);
    }

    function pre_confirmation_check() {
      return false;
    }

    /**
     * checkout_confirmation.php: the order is written now, in the "Preparing [Paystra]" status,
     * as osCommerce's PayPal Standard module does, so that Paystra's webhook can complete it
     * even if the customer never comes back. The same order serves every confirmation page of
     * an unchanged cart; a changed cart, currency or total replaces it while it is unpaid.
     */
    function confirmation() {
      $this->prepare_order();

      $title = MODULE_PAYMENT_PAYSTRA_TEXT_INSTRUCTION;
      if ($this->is_test_mode()) {
        $title .= '<br>' . MODULE_PAYMENT_PAYSTRA_TEXT_TEST_MODE;
      }

      return array('title' => $title);
    }

    /**
     * The signed fields, as hidden inputs of the confirmation form (which posts to Paystra), for
     * the order confirmation() prepared. Each ORDER_ID issued is remembered in the session: only
     * those may come back through the customer's browser.
     */
    function process_button() {
      global $order, $customer_id;

      $orders_id = isset($_SESSION['paystra_order']['orders_id']) ? (int)$_SESSION['paystra_order']['orders_id'] : 0;

      try {
        if ($orders_id < 1) {
          throw new \InvalidArgumentException('No order was prepared for this checkout.');
        }
        $form = $this->checkout()->request(
          (string)$orders_id,
          $this->rupee_total(),
          array('name' => trim($order->customer['firstname'] . ' ' . $order->customer['lastname']),
                'email' => (string)$order->customer['email_address'],
                'mobile' => (string)$order->customer['telephone'],
                'id' => (string)(int)$customer_id),
          $this->return_url(),
          $this->webhook_url()
        );
      } catch (\InvalidArgumentException | \Paystra\PaystraException $error) {
        error_log('Paystra: payment request not built: ' . $error->getMessage());
        return '<p>' . MODULE_PAYMENT_PAYSTRA_ERROR_UNAVAILABLE . '</p>';
      }

      $issued = isset($_SESSION['paystra_orders']) && is_array($_SESSION['paystra_orders']) ? $_SESSION['paystra_orders'] : array();
      $issued[$form['orderId']] = $form['fields']['AMOUNT'];
      $_SESSION['paystra_orders'] = array_slice($issued, -self::ATTEMPTS_KEPT, null, true);

      // Exact values: the gateway hashes exactly what the browser posts.
      $fields = '';
      foreach ($form['fields'] as $name => $value) {
        $fields .= '<input type="hidden" name="' . htmlspecialchars($name, ENT_QUOTES, 'UTF-8') . '" value="' . htmlspecialchars($value, ENT_QUOTES, 'UTF-8') . '">';
      }

      return $fields;
    }

    /**
     * checkout_process.php, reached from return.php with Paystra's response: verified, one of
     * this checkout's ORDER_IDs, for the order confirmation() prepared and its amount. The
     * outcome is applied as the webhook applies it (whichever comes first); a paid or pending
     * order empties the cart and shows checkout_success.php, so checkout_process.php never
     * writes a second order. A failed payment goes back to the payment step.
     */
    function before_process() {
      global $cart;

      $issued = isset($_SESSION['paystra_orders']) && is_array($_SESSION['paystra_orders']) ? $_SESSION['paystra_orders'] : array();
      $prepared = isset($_SESSION['paystra_order']['orders_id']) ? (string)(int)$_SESSION['paystra_order']['orders_id'] : '';

      try {
        $outcome = $this->checkout()->response(array('PAY_ID' => $_POST['PAY_ID'] ?? '', 'ENCDATA' => $_POST['ENCDATA'] ?? ''));
        if (!isset($issued[$outcome->orderId]) || $outcome->ref !== $prepared) {
          throw new Rejected('ORDER_ID ' . $outcome->orderId . ' was not issued to this checkout (or was already used).');
        }
        $status = $this->apply_outcome($outcome);
      } catch (Rejected $error) {
        error_log('Paystra: response rejected: ' . $error->getMessage());
        $this->fail(MODULE_PAYMENT_PAYSTRA_ERROR_NOT_VERIFIED);
        return;
      }

      // Each response is used once.
      unset($_SESSION['paystra_orders'][$outcome->orderId]);

      if ($status === $this->preparing_status()) {
        $this->fail(sprintf(MODULE_PAYMENT_PAYSTRA_ERROR_FAILED, $outcome->code . ' ' . $outcome->message));
        return;
      }

      // Placed (by this return or by the webhook before it): what checkout_process.php does
      // after writing an order.
      if (is_object($cart)) $cart->reset(true);
      foreach (array('sendto', 'billto', 'shipping', 'payment', 'comments') as $key) {
        tep_session_unregister($key);
      }
      unset($_SESSION['paystra_orders'], $_SESSION['paystra_order']);

      tep_redirect(tep_href_link(FILENAME_CHECKOUT_SUCCESS, '', 'SSL'));
    }

    /** Not reached: before_process() completes the order confirmation() wrote. */
    function after_process() {
      return false;
    }

    function get_error() {
      return array('title' => MODULE_PAYMENT_PAYSTRA_ERROR_TITLE,
                   'error' => isset($_GET['error']) ? stripslashes(urldecode($_GET['error'])) : MODULE_PAYMENT_PAYSTRA_ERROR_NOT_VERIFIED);
    }

    function check() {
      if (!isset($this->_check)) {
        $check_query = tep_db_query("select configuration_value from " . TABLE_CONFIGURATION . " where configuration_key = 'MODULE_PAYMENT_PAYSTRA_STATUS'");
        $this->_check = tep_db_num_rows($check_query);
      }

      return $this->_check;
    }

    function install() {
      $settings = $this->settings();
      $settings['MODULE_PAYMENT_PAYSTRA_PREPARE_ORDER_STATUS_ID']['value'] = (string)$this->install_preparing_status();

      foreach ($settings as $key => $setting) {
        $setting += array('value' => '', 'set' => '', 'use' => '');
        tep_db_query("insert into " . TABLE_CONFIGURATION . " (configuration_title, configuration_key, configuration_value, configuration_description, configuration_group_id, sort_order, set_function, use_function, date_added) values ('" . tep_db_input($setting['title']) . "', '" . tep_db_input($key) . "', '" . tep_db_input($setting['value']) . "', '" . tep_db_input($setting['desc']) . "', '6', '" . (int)$setting['sort'] . "', " . ($setting['set'] === '' ? 'NULL' : "'" . tep_db_input($setting['set']) . "'") . ", " . ($setting['use'] === '' ? 'NULL' : "'" . tep_db_input($setting['use']) . "'") . ", now())");
      }
    }

    function remove() {
      tep_db_query("delete from " . TABLE_CONFIGURATION . " where configuration_key in ('" . implode("', '", $this->keys()) . "')");
    }

    function keys() {
      return array_keys($this->settings());
    }

    /** The module's rows in the configuration table (Modules › Payment › Paystra). */
    function settings() {
      return array(
        'MODULE_PAYMENT_PAYSTRA_STATUS' => array('title' => 'Enable Paystra', 'value' => 'True', 'desc' => 'Offer Paystra at checkout (to customers paying in INR)?', 'set' => "tep_cfg_select_option(array('True', 'False'), ", 'sort' => 1),
        'MODULE_PAYMENT_PAYSTRA_TEST_MODE' => array('title' => 'Test mode', 'value' => 'True', 'desc' => 'Send payments to the Paystra sandbox; no money moves. With the credentials blank, the sandbox demo merchant is used.', 'set' => "tep_cfg_select_option(array('True', 'False'), ", 'sort' => 2),
        'MODULE_PAYMENT_PAYSTRA_PAY_ID' => array('title' => 'Pay ID', 'desc' => 'Your 16-digit PAY_ID from the Paystra merchant portal.', 'sort' => 3),
        'MODULE_PAYMENT_PAYSTRA_SALT' => array('title' => 'Salt', 'desc' => 'Signs every request and verifies every response. Keep it secret.', 'sort' => 4),
        'MODULE_PAYMENT_PAYSTRA_KEY_SALT' => array('title' => 'Key salt', 'desc' => 'Derives the key that decrypts Paystra\'s responses (ENCDATA).', 'sort' => 5),
        'MODULE_PAYMENT_PAYSTRA_WEBHOOK_SECRET' => array('title' => 'Webhook secret', 'desc' => 'From the Paystra merchant portal; not the salt. Verifies the notice Paystra posts to ext/modules/payment/paystra/webhook.php (sent as NOTIFY_URL). Blank in test mode with the demo merchant: the demo secret.', 'sort' => 5),
        'MODULE_PAYMENT_PAYSTRA_GATEWAY_URL' => array('title' => 'Gateway URL', 'desc' => 'Leave blank for the default: ' . HostedCheckout::LIVE_URL . ', or ' . HostedCheckout::SANDBOX_URL . ' in test mode.', 'sort' => 6),
        'MODULE_PAYMENT_PAYSTRA_ZONE' => array('title' => 'Payment zone', 'value' => '0', 'desc' => 'If a zone is selected, only enable Paystra for that zone.', 'set' => 'tep_cfg_pull_down_zone_classes(', 'use' => 'tep_get_zone_class_title', 'sort' => 7),
        'MODULE_PAYMENT_PAYSTRA_ORDER_STATUS_ID' => array('title' => 'Paid order status', 'value' => '0', 'desc' => 'Status of orders Paystra reports paid (000).', 'set' => 'tep_cfg_pull_down_order_statuses(', 'use' => 'tep_get_order_status_name', 'sort' => 8),
        'MODULE_PAYMENT_PAYSTRA_PENDING_STATUS_ID' => array('title' => 'Pending order status', 'value' => '0', 'desc' => 'Status of orders the bank has not confirmed yet (e.g. 026).', 'set' => 'tep_cfg_pull_down_order_statuses(', 'use' => 'tep_get_order_status_name', 'sort' => 9),
        'MODULE_PAYMENT_PAYSTRA_PREPARE_ORDER_STATUS_ID' => array('title' => 'Preparing order status', 'value' => '0', 'desc' => 'Status of orders written at the confirmation, before Paystra reports the payment (installing creates "' . self::PREPARING_STATUS_NAME . '", hidden from customers).', 'set' => 'tep_cfg_pull_down_order_statuses(', 'use' => 'tep_get_order_status_name', 'sort' => 10),
        'MODULE_PAYMENT_PAYSTRA_DISPUTE_STATUS_ID' => array('title' => 'Disputed order status', 'value' => '1', 'desc' => 'Status of paid orders whose payment the cardholder disputes, until the dispute is won (default: Pending; none keeps the status and only adds the line to the history).', 'set' => 'tep_cfg_pull_down_order_statuses(', 'use' => 'tep_get_order_status_name', 'sort' => 11),
        'MODULE_PAYMENT_PAYSTRA_SORT_ORDER' => array('title' => 'Sort order of display', 'value' => '0', 'desc' => 'Lowest is displayed first.', 'sort' => 12),
      );
    }

    /** A setting from the configuration table (application_top.php defines each as a constant). */
    function setting($key) {
      return defined($key) ? constant($key) : null;
    }

    function check_installed() {
      return $this->setting('MODULE_PAYMENT_PAYSTRA_STATUS') !== null;
    }

    function is_test_mode() {
      return $this->setting('MODULE_PAYMENT_PAYSTRA_TEST_MODE') == 'True';
    }

    function is_configured() {
      try {
        $this->checkout();
        return true;
      } catch (\Paystra\PaystraException $error) {
        return false;
      }
    }

    /** @throws \Paystra\ConfigError when the credentials are incomplete */
    function checkout() {
      if ($this->checkout === null) {
        $this->checkout = HostedCheckout::fromSettings(array('pay_id' => (string)$this->setting('MODULE_PAYMENT_PAYSTRA_PAY_ID'),
                                                             'salt' => (string)$this->setting('MODULE_PAYMENT_PAYSTRA_SALT'),
                                                             'key_salt' => (string)$this->setting('MODULE_PAYMENT_PAYSTRA_KEY_SALT'),
                                                             'webhook_secret' => (string)$this->setting('MODULE_PAYMENT_PAYSTRA_WEBHOOK_SECRET'),
                                                             'gateway_url' => (string)$this->setting('MODULE_PAYMENT_PAYSTRA_GATEWAY_URL'),
                                                             'test_mode' => $this->is_test_mode()),
                                                       self::ORDER_PREFIX);
      }

      return $this->checkout;
    }

    /** The order total in rupees, at the store's rupee rate, rounded as the store shows it. */
    function rupee_total() {
      global $order, $currencies;

      $rupee = $currencies->currencies['INR'];
      return round((float)$order->info['total'] * (float)$rupee['value'], (int)$rupee['decimal_places']);
    }

    /** Where Paystra posts the response (see ext/modules/payment/paystra/return.php). */
    function return_url() {
      return tep_href_link('ext/modules/payment/paystra/return.php', '', 'SSL', false, false);
    }

    /** Where Paystra sends the signed webhook (NOTIFY_URL; see ext/modules/payment/paystra/webhook.php). */
    function webhook_url() {
      return tep_href_link('ext/modules/payment/paystra/webhook.php', '', 'SSL', false, false);
    }

    /**
     * The webhook: the raw body verified (webhook secret, salt, timestamp), then the outcome
     * applied to the order the confirmation wrote, exactly as the customer's return applies it,
     * so the order is completed even when the customer never comes back; a settlement's UTR and
     * date go into the history of each of its orders (record_settlement), a dispute into its
     * order's (record_dispute).
     *
     * @return array{0: int, 1: array} HTTP status and the JSON answer
     */
    function webhook($body, $header) {
      try {
        $checkout = $this->checkout();
      } catch (\Paystra\PaystraException $error) {
        error_log('Paystra: webhook refused: ' . $error->getMessage());
        return array(400, array('received' => false, 'reason' => 'not-configured', 'error' => $error->getMessage()));
      }

      return $checkout->receiveWebhook($body, $header, function (Outcome $outcome) {
        return $this->apply_outcome($outcome);
      }, function ($level, $message) {
        if ($level === 'error') error_log($message);
      }, null, function (SettledPayment $payment) {
        return $this->record_settlement($payment);
      }, function (Dispute $dispute) {
        return $this->record_dispute($dispute);
      });
    }

    /**
     * Records a dispute event on its order, once, under the order's lock (Dispute::decide()),
     * as a line in the order's status history, the customer not notified: opened, a placed
     * order moves to the **Disputed order status** (Pending unless set otherwise) with the
     * reason and the deadline to respond; won, it goes back to the status it had before the
     * hold; lost, a line (the money went back to the customer; the order keeps its status for
     * the merchant). osCommerce has no field for it, so those lines are the record: a repeated
     * event, or an opening delivered after the decision, changes nothing.
     *
     * @return bool true when the order changed, false when it already had the event
     * @throws Rejected when the ORDER_ID names no rupee order of this store
     * @throws \Paystra\Plugin\Busy when another request holds the order past the lock's timeout
     */
    function record_dispute(Dispute $dispute) {
      return $this->checkout()->withOrderLock($this->order_lock(), $dispute->ref, function () use ($dispute) {
        $orders_id = (int)$dispute->ref;
        $order = ctype_digit($dispute->ref) ? $this->order_row($orders_id) : false;
        if (!$order || $order['currency'] !== 'INR') {
          throw new Rejected('ORDER_ID ' . $dispute->orderId . ' names no rupee order of this store.');
        }

        $history = array();
        $history_query = tep_db_query("select orders_status_history_id, orders_status_id, comments from " . TABLE_ORDERS_STATUS_HISTORY . " where orders_id = '" . $orders_id . "' order by orders_status_history_id");
        while ($line = tep_db_fetch_array($history_query)) {
          $history[] = $line;
        }
        $decision = $dispute->decide($dispute->recordedIn(array_column($history, 'comments')));
        if ($decision === Dispute::NOTHING) {
          return false;
        }

        $current = (string)(int)$order['orders_status'];
        $held = $this->dispute_status();
        $status = $current;
        if ($decision === Dispute::HOLD && $held !== '0' && $current !== $this->preparing_status()) {
          $status = $held;
        } elseif ($decision === Dispute::RESTORE && $current === $held) {
          $status = $this->status_before_hold($history, $dispute);
        }
        $this->set_status($orders_id, $status, $dispute->note(), false);
        return true;
      });
    }

    /** The order's status before the dispute's opening line put it on hold (the paid status if unknown). */
    function status_before_hold(array $history, Dispute $dispute) {
      $before = $this->paid_status();
      foreach ($history as $line) {
        if (str_starts_with((string)$line['comments'], Dispute::NOTE_PREFIX . $dispute->disputeId . ' ')) {
          break;
        }
        $before = (string)(int)$line['orders_status_id'];
      }
      return $before;
    }

    function dispute_status() {
      return (string)(int)$this->setting('MODULE_PAYMENT_PAYSTRA_DISPUTE_STATUS_ID');
    }

    /**
     * Records a settled payment on its order, once: a line in the order's status history (the
     * status unchanged, the customer not notified) with the UTR, the settlement date and id and
     * the amounts. osCommerce has no field for it, so that line is the record: an order whose
     * history already has a Paystra settlement line keeps it, and a repeated event or a second
     * settlement naming the order changes nothing.
     *
     * @return bool true when recorded now, false when the order already had a settlement
     * @throws Rejected when the ORDER_ID names no rupee order of this store, or another amount
     * @throws \Paystra\Plugin\Busy when another request holds the order past the lock's timeout
     */
    function record_settlement(SettledPayment $payment) {
      return $this->checkout()->withOrderLock($this->order_lock(), $payment->ref, function () use ($payment) {
        $orders_id = (int)$payment->ref;
        $order = ctype_digit($payment->ref) ? $this->order_row($orders_id) : false;
        if (!$order || $order['currency'] !== 'INR') {
          throw new Rejected('ORDER_ID ' . $payment->orderId . ' names no rupee order of this store.');
        }
        $this->checkout()->expectSettledAmount($payment, round((float)$order['value'] * (float)$order['currency_value'], 2));

        $recorded = tep_db_query("select orders_status_history_id from " . TABLE_ORDERS_STATUS_HISTORY . " where orders_id = '" . $orders_id . "' and comments like '" . tep_db_input(SettledPayment::NOTE_PREFIX) . "%' limit 1");
        if (tep_db_num_rows($recorded) > 0) {
          return false;
        }
        tep_db_perform(TABLE_ORDERS_STATUS_HISTORY, array('orders_id' => $orders_id,
                                                          'orders_status_id' => (int)$order['orders_status'],
                                                          'date_added' => 'now()',
                                                          'customer_notified' => '0',
                                                          'comments' => $payment->note()));
        return true;
      });
    }

    /** The order's status, currency, rate and total (ot_total), or false when there is none. */
    function order_row($orders_id) {
      return tep_db_fetch_array(tep_db_query("select o.orders_status, o.payment_method, o.currency, o.currency_value, ot.value from " . TABLE_ORDERS . " o, " . TABLE_ORDERS_TOTAL . " ot where o.orders_id = '" . (int)$orders_id . "' and ot.orders_id = o.orders_id and ot.class = 'ot_total'"));
    }

    /**
     * Records a verified outcome on its order, from the return or the webhook, holding the
     * order's lock and reading the order inside it, so that of a return and a webhook arriving
     * together the second finds the first one's result and changes nothing. Forward only:
     * preparing → paid or pending (the order is placed: stock, bestsellers, the order email and
     * the customer's stored cart, as checkout_process.php does), pending → paid; a paid order, a
     * second delivery or an older attempt's failure changes nothing; a failure leaves a
     * preparing order for the customer's next attempt (osCommerce has no failed status).
     *
     * @return string the order's status id afterwards
     * @throws Rejected when the order is not this store's Paystra order or its amount differs
     * @throws \Paystra\Plugin\Busy when another request holds the order past the lock's timeout
     */
    function apply_outcome(Outcome $outcome) {
      return $this->checkout()->withOrderLock($this->order_lock(), $outcome->ref, function () use ($outcome) {
        $orders_id = (int)$outcome->ref;
        $order = $this->order_row($orders_id);
        if (!$order || !ctype_digit($outcome->ref) || $order['currency'] !== 'INR') {
          throw new Rejected('ORDER_ID ' . $outcome->orderId . ' names no rupee order of this store. ' . $outcome->summary());
        }
        $this->checkout()->expectAmount($outcome, round((float)$order['value'] * (float)$order['currency_value'], 2));

        $current = (string)(int)$order['orders_status'];
        // A disputed payment was captured long ago: no answer about it takes the order off hold.
        if (tep_db_num_rows(tep_db_query("select orders_status_history_id from " . TABLE_ORDERS_STATUS_HISTORY . " where orders_id = '" . $orders_id . "' and comments like '" . tep_db_input(Dispute::NOTE_PREFIX) . "%' limit 1")) > 0) {
          return $current;
        }
        $preparing = $this->preparing_status();
        $paid = $this->paid_status();
        $pending = (int)$this->setting('MODULE_PAYMENT_PAYSTRA_PENDING_STATUS_ID') > 0 ? (string)(int)$this->setting('MODULE_PAYMENT_PAYSTRA_PENDING_STATUS_ID') : $paid;

        if ($current === $preparing && !$outcome->isFailed()) {
          $status = $outcome->isPaid() ? $paid : $pending;
          $this->set_status($orders_id, $status, $outcome->summary(), true);
          $this->place_order($orders_id);
          return $status;
        }
        if ($current === $pending && $current !== $paid && $outcome->isPaid()) {
          $this->set_status($orders_id, $paid, $outcome->summary(), false);
          return $paid;
        }
        if ($current === $preparing) {
          error_log('Paystra: order ' . $orders_id . ' not paid: ' . $outcome->summary());
        }

        return $current;
      });
    }

    /** The order's lock: a MySQL named lock on osCommerce's own connection (tep_db_query). */
    function order_lock() {
      return new MysqlOrderLock(function ($sql) {
        $query = tep_db_query($sql);
        $row = tep_db_fetch_array($query);
        return is_array($row) ? reset($row) : null;
      });
    }

    function preparing_status() {
      return (string)(int)$this->setting('MODULE_PAYMENT_PAYSTRA_PREPARE_ORDER_STATUS_ID');
    }

    function paid_status() {
      return (int)$this->setting('MODULE_PAYMENT_PAYSTRA_ORDER_STATUS_ID') > 0 ? (string)(int)$this->setting('MODULE_PAYMENT_PAYSTRA_ORDER_STATUS_ID') : (string)(int)$this->setting('DEFAULT_ORDERS_STATUS_ID');
    }

    /**
     * The order of this checkout in the preparing status, written once per cart as
     * checkout_process.php would write it; its id is kept in the session (paystra_order).
     */
    function prepare_order() {
      global $order, $cart, $customer_id;

      $cart_id = (string)($cart->cartID ?? '');
      $total = (string)$this->rupee_total();
      $kept = isset($_SESSION['paystra_order']) && is_array($_SESSION['paystra_order']) ? $_SESSION['paystra_order'] : null;

      if ($kept !== null) {
        if ($kept['cart'] === $cart_id && $kept['currency'] === $order->info['currency'] && $kept['total'] === $total && $this->is_preparing((int)$kept['orders_id'])) {
          return (int)$kept['orders_id'];
        }
        $this->discard_order((int)$kept['orders_id']);
        unset($_SESSION['paystra_order']);
      }

      $orders_id = $this->insert_order();
      $_SESSION['paystra_order'] = array('orders_id' => $orders_id, 'cart' => $cart_id, 'currency' => $order->info['currency'], 'total' => $total, 'customer' => (int)$customer_id);

      return $orders_id;
    }

    function is_preparing($orders_id) {
      $check = tep_db_fetch_array(tep_db_query("select orders_status from " . TABLE_ORDERS . " where orders_id = '" . (int)$orders_id . "'"));
      return $check && (string)(int)$check['orders_status'] === $this->preparing_status();
    }

    /** An earlier confirmation's order, if still unpaid: deleted under its lock, as PayPal Standard does. */
    function discard_order($orders_id) {
      try {
        $this->checkout()->withOrderLock($this->order_lock(), (string)(int)$orders_id, function () use ($orders_id) {
          if ($this->is_preparing($orders_id)) {
            foreach (array(TABLE_ORDERS, TABLE_ORDERS_TOTAL, TABLE_ORDERS_STATUS_HISTORY, TABLE_ORDERS_PRODUCTS, TABLE_ORDERS_PRODUCTS_ATTRIBUTES, TABLE_ORDERS_PRODUCTS_DOWNLOAD) as $table) {
              tep_db_query("delete from " . $table . " where orders_id = '" . (int)$orders_id . "'");
            }
          }
        });
      } catch (Rejected $busy) {
        error_log('Paystra: earlier order ' . (int)$orders_id . ' kept: ' . $busy->getMessage());
      }
    }

    /** The order, its totals and products, as checkout_process.php writes them (no stock change yet). */
    function insert_order() {
      global $order, $customer_id, $languages_id, $order_total_modules;

      $address = function ($prefix, $address) {
        return array($prefix . '_name' => trim($address['firstname'] . ' ' . $address['lastname']),
                     $prefix . '_company' => $address['company'] ?? '',
                     $prefix . '_street_address' => $address['street_address'] ?? '',
                     $prefix . '_suburb' => $address['suburb'] ?? '',
                     $prefix . '_city' => $address['city'] ?? '',
                     $prefix . '_postcode' => $address['postcode'] ?? '',
                     $prefix . '_state' => $address['state'] ?? '',
                     $prefix . '_country' => $address['country']['title'] ?? '',
                     $prefix . '_address_format_id' => $address['format_id'] ?? 1);
      };

      $customer = $address('customers', $order->customer);
      unset($customer['customers_address_format_id']);
      tep_db_perform(TABLE_ORDERS, array('customers_id' => (int)$customer_id) + $customer +
                                   array('customers_telephone' => $order->customer['telephone'],
                                         'customers_email_address' => $order->customer['email_address'],
                                         'customers_address_format_id' => $order->customer['format_id'] ?? 1) +
                                   $address('delivery', $order->delivery ?? $order->customer) +
                                   $address('billing', $order->billing) +
                                   array('payment_method' => $order->info['payment_method'] ?? $this->public_title,
                                         'date_purchased' => 'now()',
                                         'orders_status' => (int)$this->preparing_status(),
                                         'currency' => $order->info['currency'],
                                         'currency_value' => $order->info['currency_value']));
      $insert_id = (int)tep_db_insert_id();

      if (is_object($order_total_modules) && is_array($order_total_modules->modules)) {
        foreach ($order_total_modules->modules as $value) {
          $class = substr($value, 0, strrpos($value, '.'));
          if (!isset($GLOBALS[$class]) || !$GLOBALS[$class]->enabled) continue;
          foreach ($GLOBALS[$class]->output as $line) {
            if (tep_not_null($line['title']) && tep_not_null($line['text'])) {
              tep_db_perform(TABLE_ORDERS_TOTAL, array('orders_id' => $insert_id,
                                                       'title' => $line['title'],
                                                       'text' => $line['text'],
                                                       'value' => $line['value'],
                                                       'class' => $GLOBALS[$class]->code,
                                                       'sort_order' => $GLOBALS[$class]->sort_order));
            }
          }
        }
      }

      foreach ($order->products as $product) {
        tep_db_perform(TABLE_ORDERS_PRODUCTS, array('orders_id' => $insert_id,
                                                    'products_id' => tep_get_prid($product['id']),
                                                    'products_model' => $product['model'],
                                                    'products_name' => $product['name'],
                                                    'products_price' => $product['price'],
                                                    'final_price' => $product['final_price'],
                                                    'products_tax' => $product['tax'],
                                                    'products_quantity' => $product['qty']));
        $order_products_id = (int)tep_db_insert_id();

        foreach ($product['attributes'] ?? array() as $attribute) {
          $attributes_query = tep_db_query("select popt.products_options_name, poval.products_options_values_name, pa.options_values_price, pa.price_prefix, pad.products_attributes_maxdays, pad.products_attributes_maxcount, pad.products_attributes_filename from " . TABLE_PRODUCTS_OPTIONS . " popt, " . TABLE_PRODUCTS_OPTIONS_VALUES . " poval, " . TABLE_PRODUCTS_ATTRIBUTES . " pa left join " . TABLE_PRODUCTS_ATTRIBUTES_DOWNLOAD . " pad on pa.products_attributes_id = pad.products_attributes_id where pa.products_id = '" . (int)$product['id'] . "' and pa.options_id = '" . (int)$attribute['option_id'] . "' and pa.options_id = popt.products_options_id and pa.options_values_id = '" . (int)$attribute['value_id'] . "' and pa.options_values_id = poval.products_options_values_id and popt.language_id = '" . (int)$languages_id . "' and poval.language_id = '" . (int)$languages_id . "'");
          $values = tep_db_fetch_array($attributes_query);
          if (!$values) continue;
          tep_db_perform(TABLE_ORDERS_PRODUCTS_ATTRIBUTES, array('orders_id' => $insert_id,
                                                                 'orders_products_id' => $order_products_id,
                                                                 'products_options' => $values['products_options_name'],
                                                                 'products_options_values' => $values['products_options_values_name'],
                                                                 'options_values_price' => $values['options_values_price'],
                                                                 'price_prefix' => $values['price_prefix']));
          if ($this->setting('DOWNLOAD_ENABLED') == 'true' && tep_not_null($values['products_attributes_filename'] ?? '')) {
            tep_db_perform(TABLE_ORDERS_PRODUCTS_DOWNLOAD, array('orders_id' => $insert_id,
                                                                 'orders_products_id' => $order_products_id,
                                                                 'orders_products_filename' => $values['products_attributes_filename'],
                                                                 'download_maxdays' => $values['products_attributes_maxdays'],
                                                                 'download_count' => $values['products_attributes_maxcount']));
          }
        }
      }

      return $insert_id;
    }

    /** A status change with its line in the order's history (the gateway's code, message, TXN_ID, ORDER_ID). */
    function set_status($orders_id, $status, $comments, $notified) {
      tep_db_query("update " . TABLE_ORDERS . " set orders_status = '" . (int)$status . "', last_modified = now() where orders_id = '" . (int)$orders_id . "'");
      tep_db_perform(TABLE_ORDERS_STATUS_HISTORY, array('orders_id' => (int)$orders_id,
                                                        'orders_status_id' => (int)$status,
                                                        'date_added' => 'now()',
                                                        'customer_notified' => $notified && $this->setting('SEND_EMAILS') == 'true' ? '1' : '0',
                                                        'comments' => $comments));
    }

    /**
     * What checkout_process.php does once an order is written, done when the payment is known
     * (from the return or the webhook): stock and bestsellers, the order email, and the
     * customer's stored cart emptied (the session's cart, on the return, by before_process()).
     */
    function place_order($orders_id) {
      $customer = tep_db_fetch_array(tep_db_query("select customers_id, customers_name, customers_email_address, delivery_name, delivery_company, delivery_street_address, delivery_suburb, delivery_city, delivery_postcode, delivery_state, delivery_country, delivery_address_format_id, billing_name, billing_company, billing_street_address, billing_suburb, billing_city, billing_postcode, billing_state, billing_country, billing_address_format_id from " . TABLE_ORDERS . " where orders_id = '" . (int)$orders_id . "'"));
      $products_ordered = '';

      $products_query = tep_db_query("select orders_products_id, products_id, products_model, products_name, products_quantity from " . TABLE_ORDERS_PRODUCTS . " where orders_id = '" . (int)$orders_id . "'");
      while ($product = tep_db_fetch_array($products_query)) {
        $download = tep_db_fetch_array(tep_db_query("select orders_products_download_id from " . TABLE_ORDERS_PRODUCTS_DOWNLOAD . " where orders_products_id = '" . (int)$product['orders_products_id'] . "' limit 1"));
        if ($this->setting('STOCK_LIMITED') == 'true' && !$download) {
          tep_db_query("update " . TABLE_PRODUCTS . " set products_quantity = products_quantity - " . (int)$product['products_quantity'] . " where products_id = '" . (int)$product['products_id'] . "'");
          if ($this->setting('STOCK_ALLOW_CHECKOUT') == 'false') {
            tep_db_query("update " . TABLE_PRODUCTS . " set products_status = '0' where products_id = '" . (int)$product['products_id'] . "' and products_quantity < 1");
          }
        }
        tep_db_query("update " . TABLE_PRODUCTS . " set products_ordered = products_ordered + " . (int)$product['products_quantity'] . " where products_id = '" . (int)$product['products_id'] . "'");

        $products_ordered .= (int)$product['products_quantity'] . ' x ' . $product['products_name'] . ($product['products_model'] !== '' ? ' (' . $product['products_model'] . ')' : '') . "\n";
        $attributes_query = tep_db_query("select products_options, products_options_values from " . TABLE_ORDERS_PRODUCTS_ATTRIBUTES . " where orders_products_id = '" . (int)$product['orders_products_id'] . "'");
        while ($attribute = tep_db_fetch_array($attributes_query)) {
          $products_ordered .= "\t" . $attribute['products_options'] . ' ' . $attribute['products_options_values'] . "\n";
        }
      }

      tep_db_query("delete from " . TABLE_CUSTOMERS_BASKET . " where customers_id = '" . (int)$customer['customers_id'] . "'");
      tep_db_query("delete from " . TABLE_CUSTOMERS_BASKET_ATTRIBUTES . " where customers_id = '" . (int)$customer['customers_id'] . "'");

      $this->send_order_email($orders_id, $customer, $products_ordered);
    }

    /** The order email checkout_process.php sends (its texts: languages/<language>/checkout_process.php). */
    function send_order_email($orders_id, $customer, $products_ordered) {
      if (!defined('EMAIL_TEXT_SUBJECT')) {
        error_log('Paystra: order ' . (int)$orders_id . ' placed without the order email (checkout_process.php texts not loaded).');
        return;
      }

      $email = $this->setting('STORE_NAME') . "\n" .
               EMAIL_SEPARATOR . "\n" .
               EMAIL_TEXT_ORDER_NUMBER . ' ' . (int)$orders_id . "\n" .
               EMAIL_TEXT_INVOICE_URL . ' ' . tep_href_link(FILENAME_ACCOUNT_HISTORY_INFO, 'order_id=' . (int)$orders_id, 'SSL', false) . "\n" .
               EMAIL_TEXT_DATE_ORDERED . ' ' . date('l d F, Y') . "\n\n" .
               EMAIL_TEXT_PRODUCTS . "\n" . EMAIL_SEPARATOR . "\n" . $products_ordered . EMAIL_SEPARATOR . "\n";

      $totals_query = tep_db_query("select title, text from " . TABLE_ORDERS_TOTAL . " where orders_id = '" . (int)$orders_id . "' order by sort_order");
      while ($total = tep_db_fetch_array($totals_query)) {
        $email .= strip_tags($total['title']) . ' ' . strip_tags($total['text']) . "\n";
      }

      $lines = function ($prefix) use ($customer) {
        $parts = array($customer[$prefix . '_name'], $customer[$prefix . '_company'], $customer[$prefix . '_street_address'], $customer[$prefix . '_suburb'], trim($customer[$prefix . '_postcode'] . ' ' . $customer[$prefix . '_city']), $customer[$prefix . '_state'], $customer[$prefix . '_country']);
        return implode("\n", array_filter($parts, 'tep_not_null'));
      };
      if (tep_not_null($customer['delivery_name'])) {
        $email .= "\n" . EMAIL_TEXT_DELIVERY_ADDRESS . "\n" . EMAIL_SEPARATOR . "\n" . $lines('delivery') . "\n";
      }
      $email .= "\n" . EMAIL_TEXT_BILLING_ADDRESS . "\n" . EMAIL_SEPARATOR . "\n" . $lines('billing') . "\n\n" .
                EMAIL_TEXT_PAYMENT_METHOD . "\n" . EMAIL_SEPARATOR . "\n" . $this->public_title . "\n\n";

      tep_mail($customer['customers_name'], $customer['customers_email_address'], EMAIL_TEXT_SUBJECT, $email, $this->setting('STORE_OWNER'), $this->setting('STORE_OWNER_EMAIL_ADDRESS'));
      if (tep_not_null($this->setting('SEND_EXTRA_ORDER_EMAILS_TO'))) {
        tep_mail('', $this->setting('SEND_EXTRA_ORDER_EMAILS_TO'), EMAIL_TEXT_SUBJECT, $email, $this->setting('STORE_OWNER'), $this->setting('STORE_OWNER_EMAIL_ADDRESS'));
      }
    }

    /** The "Preparing [Paystra]" order status in every language, hidden from customers (PayPal Standard's way). */
    function install_preparing_status() {
      $check = tep_db_fetch_array(tep_db_query("select orders_status_id from " . TABLE_ORDERS_STATUS . " where orders_status_name = '" . tep_db_input(self::PREPARING_STATUS_NAME) . "' limit 1"));
      if ($check) {
        return (int)$check['orders_status_id'];
      }

      $status = tep_db_fetch_array(tep_db_query("select max(orders_status_id) as status_id from " . TABLE_ORDERS_STATUS));
      $status_id = (int)$status['status_id'] + 1;
      foreach (tep_get_languages() as $language) {
        tep_db_query("insert into " . TABLE_ORDERS_STATUS . " (orders_status_id, language_id, orders_status_name) values ('" . $status_id . "', '" . (int)$language['id'] . "', '" . tep_db_input(self::PREPARING_STATUS_NAME) . "')");
      }
      if (tep_db_num_rows(tep_db_query("describe " . TABLE_ORDERS_STATUS . " public_flag")) == 1) {
        tep_db_query("update " . TABLE_ORDERS_STATUS . " set public_flag = 0, downloads_flag = 0 where orders_status_id = '" . $status_id . "'");
      }

      return $status_id;
    }

    /** Back to the payment step with the reason; the cart is untouched. */
    private function fail($message) {
      tep_redirect(tep_href_link(FILENAME_CHECKOUT_PAYMENT, 'payment_error=' . $this->code . '&error=' . urlencode($message), 'SSL'));
    }
  }
?>
