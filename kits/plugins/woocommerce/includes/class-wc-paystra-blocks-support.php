<?php
/**
 * Paystra in the block-based Cart and Checkout (the default checkout since WooCommerce 8.3).
 *
 * @package Paystra\WooCommerce
 */

defined( 'ABSPATH' ) || exit;

use Automattic\WooCommerce\Blocks\Payments\Integrations\AbstractPaymentMethodType;

/**
 * Registers the payment method with the checkout block. Placing the order runs the gateway's
 * process_payment(), whose redirect takes the customer to the order-pay page and on to Paystra.
 */
final class WC_Paystra_Blocks_Support extends AbstractPaymentMethodType {

	/** @var string The gateway id. */
	protected $name = 'paystra';

	public function initialize() {
		$this->settings = get_option( 'woocommerce_paystra_settings', array() );
	}

	public function is_active() {
		$gateway = paystra_wc_gateway();
		return $gateway ? $gateway->is_available() : false;
	}

	public function get_payment_method_script_handles() {
		wp_register_script(
			'wc-paystra-blocks',
			plugins_url( 'assets/js/paystra-blocks.js', PAYSTRA_WC_FILE ),
			array( 'wc-blocks-registry', 'wc-settings', 'wp-element', 'wp-html-entities' ),
			PAYSTRA_WC_VERSION,
			true
		);
		return array( 'wc-paystra-blocks' );
	}

	public function get_payment_method_data() {
		$gateway = paystra_wc_gateway();
		return array(
			'title'       => $this->get_setting( 'title' ),
			'description' => $this->get_setting( 'description' ),
			'testMode'    => 'yes' === $this->get_setting( 'test_mode' ),
			'supports'    => $gateway ? array_values( array_filter( $gateway->supports, array( $gateway, 'supports' ) ) ) : array( 'products' ),
		);
	}
}
