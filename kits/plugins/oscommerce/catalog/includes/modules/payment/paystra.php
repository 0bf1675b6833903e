<?php
/*
  Paystra for osCommerce: the Paystra hosted checkout as a payment module.
  Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.

  checkout_confirmation.php posts the signed form (process_button) straight to Paystra
  (form_action_url). Paystra posts PAY_ID and ENCDATA to ext/modules/payment/paystra/return.php,
  which hands them to checkout_process.php with the customer's session; before_process()
  verifies them before checkout_process.php creates the order. Paystra also posts a signed
  webhook to ext/modules/payment/paystra/webhook.php (the NOTIFY_URL); webhook() moves an order
  the return created as pending to paid once the bank confirms.
*/

  // The Paystra PHP library ships inside the module; HostedCheckout.php is the part every
  // Paystra shop plugin shares.
  require_once __DIR__ . '/paystra/lib/paystra/autoload.php';
  require_once __DIR__ . '/paystra/lib/HostedCheckout.php';

  use Paystra\Plugin\HostedCheckout;
  use Paystra\Plugin\Outcome;
  use Paystra\Plugin\Rejected;

  class paystra {
    var $code, $title, $public_title, $description, $enabled, $sort_order, $order_status, $form_action_url, $signature, $_check;

    /** Starts every gateway ORDER_ID of this store: OS-<customer>_<cart>-<milliseconds>. */
    const ORDER_PREFIX = 'OS';

    /** How many payment attempts of one checkout stay acceptable (several open tabs). */
    const ATTEMPTS_KEPT = 5;

    /** @var HostedCheckout|null */
    private $checkout = null;

    /** @var Outcome|null the verified response, between before_process() and after_process() */
    private $outcome = null;

    function __construct() {
      global $order;

      $this->signature = 'paystra|paystra|1.0.0|2.3';
      $this->code = 'paystra';
      $this->title = MODULE_PAYMENT_PAYSTRA_TEXT_TITLE;
      $this->public_title = MODULE_PAYMENT_PAYSTRA_TEXT_PUBLIC_TITLE;
      $this->description = MODULE_PAYMENT_PAYSTRA_TEXT_DESCRIPTION;
      $this->sort_order = (int)$this->setting('MODULE_PAYMENT_PAYSTRA_SORT_ORDER');
      $this->enabled = $this->setting('MODULE_PAYMENT_PAYSTRA_STATUS') == 'True';

      if ((int)$this->setting('MODULE_PAYMENT_PAYSTRA_ORDER_STATUS_ID') > 0) {
        $this->order_status = (int)$this->setting('MODULE_PAYMENT_PAYSTRA_ORDER_STATUS_ID');
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

    function confirmation() {
      $title = MODULE_PAYMENT_PAYSTRA_TEXT_INSTRUCTION;
      if ($this->is_test_mode()) {
        $title .= '<br>' . MODULE_PAYMENT_PAYSTRA_TEXT_TEST_MODE;
      }

      return array('title' => $title);
    }

    /**
     * The signed fields, as hidden inputs of the confirmation form (which posts to Paystra).
     * Each ORDER_ID issued is remembered in the session: only those may come back.
     */
    function process_button() {
      global $order, $customer_id, $cart;

      try {
        $form = $this->checkout()->request(
          (int)$customer_id . '_' . (preg_replace('/\D/', '', (string)($cart->cartID ?? '')) ?: '0'),
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
     * this checkout's ORDER_IDs, and the order's amount; otherwise no order is created.
     */
    function before_process() {
      global $order;

      $issued = isset($_SESSION['paystra_orders']) && is_array($_SESSION['paystra_orders']) ? $_SESSION['paystra_orders'] : array();

      try {
        $outcome = $this->checkout()->response(array('PAY_ID' => $_POST['PAY_ID'] ?? '', 'ENCDATA' => $_POST['ENCDATA'] ?? ''));
        if (!isset($issued[$outcome->orderId])) {
          throw new Rejected('ORDER_ID ' . $outcome->orderId . ' was not issued to this checkout (or was already used).');
        }
        $this->checkout()->expectAmount($outcome, $this->rupee_total());
      } catch (Rejected $error) {
        error_log('Paystra: response rejected: ' . $error->getMessage());
        $this->fail(MODULE_PAYMENT_PAYSTRA_ERROR_NOT_VERIFIED);
        return;
      }

      // Each response is used once.
      unset($_SESSION['paystra_orders'][$outcome->orderId]);

      if ($outcome->isFailed()) {
        $this->fail(sprintf(MODULE_PAYMENT_PAYSTRA_ERROR_FAILED, $outcome->code . ' ' . $outcome->message));
        return;
      }

      if ($outcome->isPending() && ((int)$this->setting('MODULE_PAYMENT_PAYSTRA_PENDING_STATUS_ID') > 0)) {
        $order->info['order_status'] = (int)$this->setting('MODULE_PAYMENT_PAYSTRA_PENDING_STATUS_ID');
      }

      $this->outcome = $outcome;
    }

    /** The new order's history gets the gateway's answer: code, message, TXN_ID, ORDER_ID. */
    function after_process() {
      global $insert_id, $order;

      if ($this->outcome) {
        tep_db_perform(TABLE_ORDERS_STATUS_HISTORY, array('orders_id' => (int)$insert_id,
                                                          'orders_status_id' => (int)$order->info['order_status'],
                                                          'date_added' => 'now()',
                                                          'customer_notified' => '0',
                                                          'comments' => $this->outcome->summary()));
      }

      unset($_SESSION['paystra_orders']);
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
      foreach ($this->settings() as $key => $setting) {
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
        'MODULE_PAYMENT_PAYSTRA_SORT_ORDER' => array('title' => 'Sort order of display', 'value' => '0', 'desc' => 'Lowest is displayed first.', 'sort' => 10),
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
     * applied to the order checkout_process.php created for that attempt. osCommerce creates an
     * order only when the customer comes back, so a payment whose customer never returned has no
     * order here: it is logged for the store owner and answered 200 like every verified event.
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
        return $this->apply_notification($outcome);
      }, function ($level, $message) {
        if ($level === 'error') error_log($message);
      });
    }

    /**
     * Forward only: an order the return left pending becomes paid (or keeps a note of the
     * failure); a paid order, a second delivery or the same answer as the return change nothing.
     *
     * @return string the order's status id afterwards
     * @throws Rejected when no order of this store was created for the attempt, or its amount differs
     */
    function apply_notification(Outcome $outcome) {
      $found = tep_db_query("select orders_id from " . TABLE_ORDERS_STATUS_HISTORY . " where comments like '%ORDER_ID " . tep_db_input($outcome->orderId) . "%' order by orders_id limit 1");
      $found = tep_db_fetch_array($found);
      if (!$found) {
        throw new Rejected('No order of this store has ORDER_ID ' . $outcome->orderId . ': osCommerce creates the order when the customer returns, and this customer has not. ' . $outcome->summary());
      }

      $orders_id = (int)$found['orders_id'];
      $order_query = tep_db_query("select o.orders_status, o.currency, o.currency_value, ot.value from " . TABLE_ORDERS . " o, " . TABLE_ORDERS_TOTAL . " ot where o.orders_id = '" . $orders_id . "' and ot.orders_id = o.orders_id and ot.class = 'ot_total'");
      $order = tep_db_fetch_array($order_query);
      if (!$order || $order['currency'] !== 'INR') {
        throw new Rejected('Order ' . $orders_id . ' of ORDER_ID ' . $outcome->orderId . ' is not in rupees.');
      }
      $this->checkout()->expectAmount($outcome, round((float)$order['value'] * (float)$order['currency_value'], 2));

      $current = (int)$order['orders_status'];
      $paid = (int)$this->setting('MODULE_PAYMENT_PAYSTRA_ORDER_STATUS_ID') > 0 ? (int)$this->setting('MODULE_PAYMENT_PAYSTRA_ORDER_STATUS_ID') : (int)$this->setting('DEFAULT_ORDERS_STATUS_ID');
      $pending = (int)$this->setting('MODULE_PAYMENT_PAYSTRA_PENDING_STATUS_ID');
      if ($outcome->isPaid() && $current !== $paid && $pending > 0 && $current === $pending) {
        tep_db_query("update " . TABLE_ORDERS . " set orders_status = '" . $paid . "', last_modified = now() where orders_id = '" . $orders_id . "'");
        tep_db_perform(TABLE_ORDERS_STATUS_HISTORY, array('orders_id' => $orders_id,
                                                          'orders_status_id' => $paid,
                                                          'date_added' => 'now()',
                                                          'customer_notified' => '0',
                                                          'comments' => $outcome->summary()));
        return (string)$paid;
      }

      return (string)$current;
    }

    /** Back to the payment step with the reason; the cart is untouched. */
    private function fail($message) {
      tep_redirect(tep_href_link(FILENAME_CHECKOUT_PAYMENT, 'payment_error=' . $this->code . '&error=' . urlencode($message), 'SSL'));
    }
  }
?>
