<?php
/**
 * Plugin Name:          Paystra for WooCommerce
 * Plugin URI:           https://paystra.example/developers
 * Description:          Accept cards, UPI, net banking and wallets through the Paystra hosted checkout. The customer pays on Paystra's page and comes back to the order-received page; every response is decrypted and its signature verified before an order is marked paid.
 * Version:              1.0.0
 * Requires at least:    6.0
 * Requires PHP:         8.1
 * Requires Plugins:     woocommerce
 * Author:               Paystra Payments Private Limited
 * Author URI:           https://paystra.example
 * License:              MIT
 * License URI:          https://opensource.org/licenses/MIT
 * Text Domain:          paystra-woocommerce
 * Domain Path:          /languages
 * WC requires at least: 8.0
 * WC tested up to:      9.4
 *
 * @package Paystra\WooCommerce
 */

defined( 'ABSPATH' ) || exit;

define( 'PAYSTRA_WC_VERSION', '1.0.0' );
define( 'PAYSTRA_WC_FILE', __FILE__ );

// The Paystra PHP library (signing, ENCDATA, status enquiry) ships inside the plugin, so the
// plugin needs no Composer on the shop's server.
require_once __DIR__ . '/lib/paystra/autoload.php';
require_once __DIR__ . '/lib/HostedCheckout.php';

// High-performance order storage and the block checkout: the gateway reads and writes orders
// only through WC_Order, and registers a block checkout integration below.
add_action(
	'before_woocommerce_init',
	static function (): void {
		if ( class_exists( \Automattic\WooCommerce\Utilities\FeaturesUtil::class ) ) {
			\Automattic\WooCommerce\Utilities\FeaturesUtil::declare_compatibility( 'custom_order_tables', PAYSTRA_WC_FILE, true );
			\Automattic\WooCommerce\Utilities\FeaturesUtil::declare_compatibility( 'cart_checkout_blocks', PAYSTRA_WC_FILE, true );
		}
	}
);

add_action(
	'plugins_loaded',
	static function (): void {
		if ( ! class_exists( 'WC_Payment_Gateway' ) ) {
			return; // WooCommerce is not active.
		}
		require_once __DIR__ . '/includes/class-wc-gateway-paystra.php';
		add_filter(
			'woocommerce_payment_gateways',
			static function ( array $gateways ): array {
				$gateways[] = 'WC_Gateway_Paystra';
				return $gateways;
			}
		);
	},
	11
);

add_action(
	'woocommerce_blocks_loaded',
	static function (): void {
		if ( ! class_exists( \Automattic\WooCommerce\Blocks\Payments\Integrations\AbstractPaymentMethodType::class ) ) {
			return;
		}
		require_once __DIR__ . '/includes/class-wc-paystra-blocks-support.php';
		add_action(
			'woocommerce_blocks_payment_method_type_registration',
			static function ( $registry ): void {
				$registry->register( new WC_Paystra_Blocks_Support() );
			}
		);
	}
);

/** The shop's Paystra gateway instance, or null when WooCommerce has not loaded it. */
function paystra_wc_gateway(): ?WC_Gateway_Paystra {
	if ( ! function_exists( 'WC' ) || ! class_exists( 'WC_Gateway_Paystra' ) ) {
		return null;
	}
	$gateways = WC()->payment_gateways()->payment_gateways();
	return ( $gateways['paystra'] ?? null ) instanceof WC_Gateway_Paystra ? $gateways['paystra'] : null;
}

// "Check Paystra payment status" in the order screen's actions: a signed status enquiry for the
// order's last payment attempt, for a customer who paid but never came back to the shop.
add_filter(
	'woocommerce_order_actions',
	static function ( array $actions, $order = null ): array {
		if ( ! $order instanceof WC_Order ) {
			$order = $GLOBALS['theorder'] ?? null;
		}
		if ( $order instanceof WC_Order && 'paystra' === $order->get_payment_method() && '' !== (string) $order->get_meta( '_paystra_order_id' ) ) {
			$actions['paystra_check_status'] = __( 'Check Paystra payment status', 'paystra-woocommerce' );
		}
		return $actions;
	},
	10,
	2
);

add_action(
	'woocommerce_order_action_paystra_check_status',
	static function ( $order ): void {
		$gateway = paystra_wc_gateway();
		if ( $gateway && $order instanceof WC_Order ) {
			$gateway->check_status( $order );
		}
	}
);
