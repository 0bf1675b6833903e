<?php
/**
 * The Paystra payment gateway for WooCommerce.
 *
 * @package Paystra\WooCommerce
 */

defined( 'ABSPATH' ) || exit;

use Paystra\GatewayError;
use Paystra\PaystraException;
use Paystra\Plugin\Dispute;
use Paystra\Plugin\HostedCheckout;
use Paystra\Plugin\MysqlOrderLock;
use Paystra\Plugin\Outcome;
use Paystra\Plugin\Rejected;
use Paystra\Plugin\SettledPayment;

/**
 * Hosted checkout: the order-pay page posts a signed form to Paystra; Paystra posts the
 * encrypted response (PAY_ID + ENCDATA) to the shop's WC-API URL, which verifies it, records
 * the outcome on the order and sends the customer on with a GET redirect. Paystra also POSTs a
 * signed webhook to the NOTIFY_URL (?wc-api=paystra_webhook), so an order is paid even when the
 * customer closes the tab before coming back; both record the outcome with apply(). When Paystra
 * pays the money out, its settlement.processed event on the same endpoint records the UTR and
 * settlement date on each order in the settlement (record_settlement()). A cardholder's dispute
 * (dispute.created, dispute.won, dispute.lost on the same endpoint) puts the order on hold with
 * a private note of the reason and the deadline, and gives it back its status when won
 * (record_dispute()).
 */
class WC_Gateway_Paystra extends WC_Payment_Gateway {

	/** Order meta: the gateway ORDER_ID of the order's last payment attempt. */
	const META_ORDER_ID = '_paystra_order_id';

	/** Order meta: RESPONSE_CODE and RESPONSE_MESSAGE of the last response. */
	const META_CODE    = '_paystra_response_code';
	const META_MESSAGE = '_paystra_response_message';

	/** Order meta: the last outcome recorded ("<ORDER_ID> <state>"), so the same answer twice adds nothing. */
	const META_OUTCOME = '_paystra_outcome';

	/** Order meta: the settlement that paid the order's payment out, its bank UTR and date (YYYY-MM-DD). */
	const META_SETTLEMENT_ID   = '_paystra_settlement_id';
	const META_UTR             = '_paystra_utr';
	const META_SETTLEMENT_DATE = '_paystra_settlement_date';

	/**
	 * Order meta of a dispute: what the order has had of it (Dispute::record(), e.g. "dsp_… created"),
	 * its id, status (OPEN, WON, LOST…) and last day to respond (YYYY-MM-DD), and the status the
	 * hold took the order from, given back when the dispute is won.
	 */
	const META_DISPUTE            = '_paystra_dispute';
	const META_DISPUTE_ID         = '_paystra_dispute_id';
	const META_DISPUTE_STATUS     = '_paystra_dispute_status';
	const META_DISPUTE_RESPOND_BY = '_paystra_dispute_respond_by';
	const META_DISPUTE_HELD_FROM  = '_paystra_dispute_held_from';

	/** The WC-API request of the webhook endpoint: /?wc-api=paystra_webhook. */
	const WEBHOOK_API = 'paystra_webhook';

	/** Starts every gateway ORDER_ID of this shop: WC-<order id>-<milliseconds>. */
	const ORDER_PREFIX = 'WC';

	/** @var HostedCheckout|null Built on first use from the saved settings. */
	private $checkout = null;

	public function __construct() {
		$this->id                 = 'paystra';
		$this->icon               = apply_filters( 'woocommerce_paystra_icon', '' );
		$this->has_fields         = false;
		$this->method_title       = __( 'Paystra', 'paystra-woocommerce' );
		$this->method_description = __( 'Cards, UPI, net banking and wallets on the Paystra hosted payment page. The customer is sent to Paystra to pay and returns to the order-received page.', 'paystra-woocommerce' );
		$this->order_button_text  = __( 'Proceed to Paystra', 'paystra-woocommerce' );
		$this->supports           = array( 'products' );

		$this->init_form_fields();
		$this->init_settings();

		$this->title       = $this->get_option( 'title' );
		$this->description = $this->get_option( 'description' );
		$this->enabled     = $this->get_option( 'enabled' );

		add_action( 'woocommerce_update_options_payment_gateways_' . $this->id, array( $this, 'process_admin_options' ) );
		add_action( 'woocommerce_receipt_' . $this->id, array( $this, 'receipt_page' ) );
		add_action( 'woocommerce_api_wc_gateway_paystra', array( $this, 'handle_return' ) );
		add_action( 'woocommerce_api_' . self::WEBHOOK_API, array( $this, 'handle_webhook' ) );
		add_action( 'before_woocommerce_pay', array( $this, 'show_failed_payment_notice' ) );
	}

	public function init_form_fields() {
		$this->form_fields = array(
			'enabled'     => array(
				'title'   => __( 'Enable/Disable', 'paystra-woocommerce' ),
				'type'    => 'checkbox',
				'label'   => __( 'Accept payments with Paystra', 'paystra-woocommerce' ),
				'default' => 'no',
			),
			'title'       => array(
				'title'       => __( 'Title', 'paystra-woocommerce' ),
				'type'        => 'text',
				'description' => __( 'The payment method name the customer sees at checkout.', 'paystra-woocommerce' ),
				'default'     => __( 'Cards, UPI, Net Banking and Wallets (Paystra)', 'paystra-woocommerce' ),
				'desc_tip'    => true,
			),
			'description' => array(
				'title'       => __( 'Description', 'paystra-woocommerce' ),
				'type'        => 'textarea',
				'description' => __( 'Shown under the title at checkout.', 'paystra-woocommerce' ),
				'default'     => __( 'You will be taken to Paystra\'s secure page to pay by card, UPI, net banking or wallet, then brought back here.', 'paystra-woocommerce' ),
				'desc_tip'    => true,
			),
			'test_mode'   => array(
				'title'       => __( 'Test mode', 'paystra-woocommerce' ),
				'type'        => 'checkbox',
				'label'       => __( 'Send payments to the Paystra sandbox (no money moves)', 'paystra-woocommerce' ),
				'description' => __( 'With the credentials below left blank, test mode uses the sandbox\'s demo merchant. Turn it off and enter your live credentials to take real payments.', 'paystra-woocommerce' ),
				'default'     => 'yes',
			),
			'pay_id'      => array(
				'title'       => __( 'Pay ID', 'paystra-woocommerce' ),
				'type'        => 'text',
				'description' => __( 'Your 16-digit merchant id (PAY_ID) from the Paystra merchant portal.', 'paystra-woocommerce' ),
				'default'     => '',
				'desc_tip'    => true,
			),
			'salt'        => array(
				'title'       => __( 'Salt', 'paystra-woocommerce' ),
				'type'        => 'password',
				'description' => __( 'Signs every request and verifies every response. Keep it secret.', 'paystra-woocommerce' ),
				'default'     => '',
				'desc_tip'    => true,
			),
			'key_salt'    => array(
				'title'       => __( 'Key salt', 'paystra-woocommerce' ),
				'type'        => 'password',
				'description' => __( 'Derives the key that decrypts Paystra\'s responses (ENCDATA). From the merchant portal.', 'paystra-woocommerce' ),
				'default'     => '',
				'desc_tip'    => true,
			),
			'webhook_secret' => array(
				'title'       => __( 'Webhook secret', 'paystra-woocommerce' ),
				'type'        => 'password',
				/* translators: %s: the webhook URL */
				'description' => sprintf( __( 'From the Paystra merchant portal (it is not the salt). Paystra signs the notice it sends to %s with it, so an order is paid even when the customer closes the tab before returning. Blank in test mode with the demo merchant: the demo secret.', 'paystra-woocommerce' ), $this->webhook_url() ),
				'default'     => '',
			),
			'gateway_url' => array(
				'title'       => __( 'Gateway URL', 'paystra-woocommerce' ),
				'type'        => 'text',
				/* translators: 1: live gateway URL, 2: sandbox URL */
				'description' => sprintf( __( 'Leave blank for the default: %1$s, or %2$s in test mode. Set it to run against a sandbox of your own, e.g. http://127.0.0.1:4100/sandbox.', 'paystra-woocommerce' ), HostedCheckout::LIVE_URL, HostedCheckout::SANDBOX_URL ),
				'default'     => '',
				'placeholder' => HostedCheckout::LIVE_URL,
			),
			'debug'       => array(
				'title'       => __( 'Debug log', 'paystra-woocommerce' ),
				'type'        => 'checkbox',
				'label'       => __( 'Log requests and responses (WooCommerce > Status > Logs, source "paystra")', 'paystra-woocommerce' ),
				'default'     => 'no',
			),
		);
	}

	/** A Pay ID, when given, is the 16 digits from the portal. */
	public function validate_pay_id_field( $key, $value ) {
		$value = trim( (string) $value );
		if ( '' !== $value && ! preg_match( '/^\d{16}$/', $value ) ) {
			WC_Admin_Settings::add_error( __( 'The Pay ID must be the 16-digit PAY_ID from the Paystra merchant portal.', 'paystra-woocommerce' ) );
			return (string) $this->get_option( 'pay_id' );
		}
		return $value;
	}

	/** Paystra settles in rupees: offered only when the shop sells in INR and is configured. */
	public function is_available() {
		if ( ! parent::is_available() || 'INR' !== get_woocommerce_currency() ) {
			return false;
		}
		try {
			$this->checkout();
		} catch ( PaystraException $error ) {
			return false;
		}
		return true;
	}

	/** The description, and in test mode the sandbox's test data. */
	public function payment_fields() {
		$description = $this->get_description();
		if ( $this->is_test_mode() ) {
			$description .= ' ' . __( 'Test mode: card 4111 1111 1111 1111 succeeds, 4000 0000 0000 0002 is declined; UPI success@upi succeeds.', 'paystra-woocommerce' );
		}
		if ( '' !== trim( $description ) ) {
			echo wpautop( wptexturize( esc_html( trim( $description ) ) ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped above.
		}
	}

	/**
	 * The order stays pending; the customer goes to the order-pay page, which posts the signed
	 * form to Paystra (a POST cannot be a redirect).
	 */
	public function process_payment( $order_id ) {
		$order = wc_get_order( $order_id );
		return array(
			'result'   => 'success',
			'redirect' => $order->get_checkout_payment_url( true ),
		);
	}

	/** The order-pay page: the signed form, submitted at once (a button where scripts do not run). */
	public function receipt_page( $order_id ) {
		$order = wc_get_order( $order_id );
		try {
			$form = $this->payment_form( $order );
		} catch ( \InvalidArgumentException | PaystraException $error ) {
			$this->log( 'error', 'Payment request for order ' . $order->get_id() . ' not built: ' . $error->getMessage() );
			wc_print_notice( __( 'This order cannot be paid with Paystra right now. Please choose another payment method or contact us.', 'paystra-woocommerce' ), 'error' );
			return;
		}
		echo $this->form_html( $form ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- form_html escapes every value.
		wp_print_inline_script_tag( 'document.getElementById("paystra-payment-form").submit();' );
	}

	/**
	 * Signs the order's payment request and remembers its gateway ORDER_ID on the order.
	 *
	 * @return array{action: string, fields: array<string, string>, orderId: string}
	 */
	public function payment_form( WC_Order $order ): array {
		if ( 'INR' !== $order->get_currency() ) {
			throw new \InvalidArgumentException( 'Paystra accepts payments in rupees (INR) only; this order is in ' . $order->get_currency() . '.' );
		}
		$form = $this->checkout()->request(
			(string) $order->get_id(),
			$order->get_total(),
			array(
				'name'   => trim( $order->get_billing_first_name() . ' ' . $order->get_billing_last_name() ),
				'email'  => $order->get_billing_email(),
				'mobile' => $order->get_billing_phone(),
				'id'     => $order->get_customer_id() ? (string) $order->get_customer_id() : '',
			),
			$this->return_url(),
			$this->webhook_url()
		);
		$order->update_meta_data( self::META_ORDER_ID, $form['orderId'] );
		$order->save();
		$this->log( 'info', 'Payment request ' . $form['orderId'] . ' for order ' . $order->get_id() . ', AMOUNT ' . $form['fields']['AMOUNT'] );
		return $form;
	}

	/** Where Paystra posts the response: the shop's WC-API endpoint for this gateway. */
	public function return_url(): string {
		return WC()->api_request_url( 'WC_Gateway_Paystra' );
	}

	/** Where Paystra sends the signed webhook (NOTIFY_URL): the shop's WC-API endpoint paystra_webhook. */
	public function webhook_url(): string {
		return WC()->api_request_url( self::WEBHOOK_API );
	}

	/** The webhook endpoint: the raw body verified, the order updated, a JSON answer. */
	public function handle_webhook() {
		[ $body, $header ] = HostedCheckout::webhookRequest();
		[ $status, $answer ] = $this->process_webhook( $body, $header );
		wp_send_json( $answer, $status );
	}

	/**
	 * Verifies a webhook delivery and records its payment outcome on the order, as the return
	 * does, a settlement's UTR and date on each of its orders (record_settlement()), or a
	 * dispute on its order (record_dispute()).
	 *
	 * @param string      $body   the raw request body, before any parsing
	 * @param string|null $header X-Paystra-Signature
	 * @return array{0: int, 1: array<string, mixed>} HTTP status (200 verified, 400 refused) and the JSON answer
	 */
	public function process_webhook( string $body, ?string $header ): array {
		try {
			$checkout = $this->checkout();
		} catch ( PaystraException $error ) {
			$this->log( 'error', 'Webhook refused: ' . $error->getMessage() );
			return array( 400, array( 'received' => false, 'reason' => 'not-configured', 'error' => $error->getMessage() ) );
		}
		return $checkout->receiveWebhook(
			$body,
			$header,
			function ( Outcome $outcome ): string {
				return $this->apply( $this->order_of( $outcome ), $outcome )->get_status();
			},
			function ( string $level, string $message ): void {
				$this->log( $level, $message );
			},
			settle: function ( SettledPayment $payment ): bool {
				return $this->record_settlement( $payment );
			},
			dispute: function ( Dispute $dispute ): bool {
				return $this->record_dispute( $dispute );
			}
		);
	}

	/**
	 * Records a dispute event on its order, once, under the order's lock (Dispute::decide()):
	 * opened, a paid order goes **on hold** with a private order note of the reason and the
	 * deadline to respond (no email: WooCommerce mails the customer only when a pending or failed
	 * order goes on hold); won, the order gets back the status the hold took it from, with a
	 * note; lost, a note (the money went back to the customer; the order stays on hold for the
	 * merchant to refund or cancel). The meta _paystra_dispute_* keep the dispute's id, status and
	 * deadline. A repeated event, or an opening delivered after the decision, changes nothing.
	 *
	 * @return bool true when the order changed, false when it already had the event
	 * @throws Rejected when the ORDER_ID names no Paystra order of this shop
	 * @throws \Paystra\Plugin\Busy when another request holds the order past the lock's timeout
	 */
	public function record_dispute( Dispute $dispute ): bool {
		$order = ctype_digit( $dispute->ref ) ? wc_get_order( (int) $dispute->ref ) : false;
		if ( ! $order instanceof WC_Order || $order->get_payment_method() !== $this->id ) {
			throw new Rejected( 'ORDER_ID ' . $dispute->orderId . ' names no Paystra order of this shop.' );
		}
		return $this->checkout()->withOrderLock(
			$this->order_lock(),
			(string) $order->get_id(),
			function () use ( $order, $dispute ): bool {
				$fresh = wc_get_order( $order->get_id() );
				$fresh = $fresh instanceof WC_Order ? $fresh : $order;
				$decision = $dispute->decide( (string) $fresh->get_meta( self::META_DISPUTE ) );
				if ( Dispute::NOTHING === $decision ) {
					return false;
				}
				$held_from = (string) $fresh->get_meta( self::META_DISPUTE_HELD_FROM );
				$fresh->update_meta_data( self::META_DISPUTE, $dispute->record() );
				$fresh->update_meta_data( self::META_DISPUTE_ID, $dispute->disputeId );
				$fresh->update_meta_data( self::META_DISPUTE_STATUS, $dispute->status );
				$fresh->update_meta_data( self::META_DISPUTE_RESPOND_BY, $dispute->respondBy );
				if ( Dispute::HOLD === $decision && $fresh->is_paid() ) {
					$fresh->update_meta_data( self::META_DISPUTE_HELD_FROM, $fresh->get_status() );
					$fresh->save();
					$fresh->update_status( 'on-hold', $dispute->note() );
				} elseif ( Dispute::RESTORE === $decision && '' !== $held_from && $fresh->has_status( 'on-hold' ) ) {
					$fresh->update_meta_data( self::META_DISPUTE_HELD_FROM, '' );
					$fresh->save();
					$fresh->update_status( $held_from, $dispute->note() );
				} else {
					// Lost, or an order the merchant has moved on meanwhile (refunded, cancelled):
					// its status is the merchant's.
					$fresh->save();
					$fresh->add_order_note( $dispute->note() );
				}
				return true;
			}
		);
	}

	/**
	 * Records a settled payment on its order, once: the UTR, settlement date and settlement id as
	 * order meta (_paystra_utr, _paystra_settlement_date, _paystra_settlement_id) and a private
	 * order note with the amounts. An order that already has a settlement keeps it: a repeated
	 * event, or a second settlement naming the order, changes nothing.
	 *
	 * @return bool true when recorded now, false when the order already had a settlement
	 * @throws Rejected when the ORDER_ID names no Paystra order of this shop, or another amount
	 * @throws \Paystra\Plugin\Busy when another request holds the order past the lock's timeout
	 */
	public function record_settlement( SettledPayment $payment ): bool {
		$order = ctype_digit( $payment->ref ) ? wc_get_order( (int) $payment->ref ) : false;
		if ( ! $order instanceof WC_Order || $order->get_payment_method() !== $this->id ) {
			throw new Rejected( 'ORDER_ID ' . $payment->orderId . ' names no Paystra order of this shop.' );
		}
		$this->checkout()->expectSettledAmount( $payment, $order->get_total() );
		return $this->checkout()->withOrderLock(
			$this->order_lock(),
			(string) $order->get_id(),
			function () use ( $order, $payment ): bool {
				$fresh = wc_get_order( $order->get_id() );
				$fresh = $fresh instanceof WC_Order ? $fresh : $order;
				if ( '' !== (string) $fresh->get_meta( self::META_SETTLEMENT_ID ) ) {
					return false;
				}
				$fresh->update_meta_data( self::META_SETTLEMENT_ID, $payment->settlementId );
				$fresh->update_meta_data( self::META_UTR, $payment->utr );
				$fresh->update_meta_data( self::META_SETTLEMENT_DATE, $payment->settlementDate );
				$fresh->save();
				$fresh->add_order_note( $payment->note() );
				return true;
			}
		);
	}

	/** The WC-API endpoint: verify, record, then a 303 so the browser arrives with a GET. */
	public function handle_return() {
		try {
			$url = $this->process_return( wp_unslash( $_POST ) ); // phpcs:ignore WordPress.Security.NonceVerification.Missing -- the response is authenticated by its signature.
		} catch ( Rejected $error ) {
			wp_die(
				esc_html__( 'We could not verify this payment response, so the order was not changed. If money was taken from your account, contact us with your order number.', 'paystra-woocommerce' ),
				esc_html__( 'Payment not verified', 'paystra-woocommerce' ),
				array( 'response' => 400 )
			);
		}
		wp_safe_redirect( $url, 303 );
		exit;
	}

	/**
	 * Verifies a posted response and applies it to its order. Rejected responses change nothing.
	 *
	 * @param array<string, mixed> $posted PAY_ID and ENCDATA as Paystra posted them.
	 * @return string where to send the customer
	 * @throws Rejected when the response does not verify or does not match its order
	 */
	public function process_return( array $posted ): string {
		try {
			$outcome = $this->checkout()->response( $posted );
			$order   = $this->order_of( $outcome );
		} catch ( Rejected $error ) {
			$this->log( 'error', 'Response rejected: ' . $error->getMessage() );
			throw $error;
		}
		$order = $this->apply( $order, $outcome );
		if ( $order->is_paid() || $outcome->isPending() ) {
			return $this->get_return_url( $order );
		}
		return add_query_arg( 'paystra', 'failed', $order->get_checkout_payment_url() );
	}

	/** The order-actions entry: ask Paystra about the last attempt and apply a definite answer. */
	public function check_status( WC_Order $order ): void {
		$order_id = (string) $order->get_meta( self::META_ORDER_ID );
		if ( '' === $order_id ) {
			return;
		}
		try {
			$outcome = $this->checkout()->status( $order_id );
			if ( Outcome::NOT_FOUND === $outcome->state ) {
				/* translators: %s: gateway order id */
				$order->add_order_note( sprintf( __( 'Paystra has no payment for %s: the customer did not reach the payment page.', 'paystra-woocommerce' ), $order_id ) );
				return;
			}
			$this->order_of( $outcome, $order );
			$this->apply( $order, $outcome );
		} catch ( PaystraException | Rejected $error ) {
			/* translators: %s: the error */
			$order->add_order_note( sprintf( __( 'Paystra status enquiry failed: %s', 'paystra-woocommerce' ), $error->getMessage() ) );
		}
	}

	/** On the order-pay page after a failed attempt: why, and that the customer may try again. */
	public function show_failed_payment_notice() {
		global $wp;
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- display only.
		if ( ! isset( $_GET['paystra'] ) || empty( $wp->query_vars['order-pay'] ) ) {
			return;
		}
		$order = wc_get_order( absint( $wp->query_vars['order-pay'] ) );
		if ( ! $order || $order->is_paid() ) {
			return;
		}
		$message = (string) $order->get_meta( self::META_MESSAGE );
		/* translators: %s: the gateway's reason */
		wc_print_notice( sprintf( __( 'Your payment was not completed (%s). No money was taken; you can try again.', 'paystra-woocommerce' ), $message ? $message : __( 'declined', 'paystra-woocommerce' ) ), 'error' );
	}

	/**
	 * The order a verified outcome names, after checking it is a Paystra order of this amount.
	 *
	 * @throws Rejected
	 */
	private function order_of( Outcome $outcome, ?WC_Order $expected = null ): WC_Order {
		$order = ctype_digit( $outcome->ref ) ? wc_get_order( (int) $outcome->ref ) : false;
		if ( ! $order instanceof WC_Order || $order->get_payment_method() !== $this->id ) {
			throw new Rejected( 'ORDER_ID ' . $outcome->orderId . ' names no Paystra order of this shop.' );
		}
		if ( $expected && $expected->get_id() !== $order->get_id() ) {
			throw new Rejected( 'The status answer is for another order.' );
		}
		$this->checkout()->expectAmount( $outcome, $order->get_total() );
		return $order;
	}

	/**
	 * Records a verified outcome, from the browser return, the webhook or the status enquiry,
	 * holding the order's lock and reading the order again inside it, so that of a return and a
	 * webhook arriving together the second sees the first one's result. A paid order stays paid:
	 * a replayed response, a second delivery or the failure of an older attempt must not undo a
	 * payment, and the same answer twice (the return and the webhook of one attempt) is recorded
	 * once.
	 *
	 * @return WC_Order the order as it is afterwards
	 * @throws \Paystra\Plugin\Busy when another request holds the order past the lock's timeout
	 */
	private function apply( WC_Order $order, Outcome $outcome ): WC_Order {
		return $this->checkout()->withOrderLock(
			$this->order_lock(),
			(string) $order->get_id(),
			function () use ( $order, $outcome ): WC_Order {
				$fresh = wc_get_order( $order->get_id() );
				$fresh = $fresh instanceof WC_Order ? $fresh : $order;
				$this->apply_locked( $fresh, $outcome );
				return $fresh;
			}
		);
	}

	/** The order's lock: a MySQL named lock on WordPress's own connection ($wpdb). */
	private function order_lock(): MysqlOrderLock {
		return new MysqlOrderLock(
			static function ( string $sql ) {
				global $wpdb;
				return $wpdb->get_var( $sql ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.DirectDatabaseQuery -- a lock name built from the order id; no table.
			}
		);
	}

	private function apply_locked( WC_Order $order, Outcome $outcome ): void {
		$this->log( 'info', 'Order ' . $order->get_id() . ': ' . $outcome->summary() );
		$key = $outcome->orderId . ' ' . $outcome->state;
		if ( $order->is_paid() || $order->get_meta( self::META_OUTCOME ) === $key ) {
			return;
		}
		$order->update_meta_data( self::META_OUTCOME, $key );
		$order->update_meta_data( self::META_CODE, $outcome->code );
		$order->update_meta_data( self::META_MESSAGE, $outcome->message );
		$order->save();
		if ( $outcome->isPaid() ) {
			$order->add_order_note( $outcome->summary() );
			$order->payment_complete( $outcome->txnId );
		} elseif ( $outcome->isPending() ) {
			$order->update_status( 'on-hold', $outcome->summary() );
		} elseif ( ! $order->has_status( 'failed' ) ) {
			$order->update_status( 'failed', $outcome->summary() );
		} else {
			$order->add_order_note( $outcome->summary() );
		}
	}

	private function is_test_mode(): bool {
		return HostedCheckout::flag( $this->get_option( 'test_mode' ) );
	}

	/** @throws \Paystra\ConfigError when the credentials are incomplete */
	private function checkout(): HostedCheckout {
		if ( null === $this->checkout ) {
			$this->checkout = HostedCheckout::fromSettings(
				array(
					'pay_id'      => $this->get_option( 'pay_id' ),
					'salt'        => $this->get_option( 'salt' ),
					'key_salt'    => $this->get_option( 'key_salt' ),
					'webhook_secret' => $this->get_option( 'webhook_secret' ),
					'gateway_url' => $this->get_option( 'gateway_url' ),
					'test_mode'   => $this->get_option( 'test_mode' ),
				),
				self::ORDER_PREFIX,
				array( $this, 'http_post' )
			);
		}
		return $this->checkout;
	}

	/**
	 * JSON calls (status enquiry, settlement) through the WordPress HTTP API, which honours the site's proxy
	 * and certificate settings.
	 *
	 * @return array{0: int, 1: string}
	 */
	public function http_post( string $url, string $json ): array {
		$response = wp_remote_post(
			$url,
			array(
				'headers'     => array(
					'Content-Type' => 'application/json',
					'Accept'       => 'application/json',
				),
				'body'        => $json,
				'timeout'     => 20,
				'redirection' => 0,
			)
		);
		if ( is_wp_error( $response ) ) {
			throw new GatewayError( 'Cannot reach Paystra at ' . $url . ': ' . $response->get_error_message() );
		}
		return array( (int) wp_remote_retrieve_response_code( $response ), (string) wp_remote_retrieve_body( $response ) );
	}

	/** @param array{action: string, fields: array<string, string>} $form */
	private function form_html( array $form ): string {
		$html  = '<p>' . esc_html__( 'Taking you to Paystra to pay securely…', 'paystra-woocommerce' ) . '</p>';
		$html .= '<form id="paystra-payment-form" method="post" action="' . esc_url( $form['action'] ) . '">';
		foreach ( $form['fields'] as $name => $value ) {
			$html .= '<input type="hidden" name="' . esc_attr( $name ) . '" value="' . esc_attr( $value ) . '">';
		}
		$html .= '<button type="submit" class="button alt">' . esc_html__( 'Pay with Paystra', 'paystra-woocommerce' ) . '</button>';
		return $html . '</form>';
	}

	private function log( string $level, string $message ): void {
		if ( 'yes' === $this->get_option( 'debug' ) || 'error' === $level ) {
			wc_get_logger()->log( $level, $message, array( 'source' => 'paystra' ) );
		}
	}
}
