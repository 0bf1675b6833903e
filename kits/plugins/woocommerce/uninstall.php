<?php
/**
 * Removes the gateway's settings when the plugin is deleted. Orders keep their Paystra notes
 * and meta: they are the shop's payment records.
 *
 * @package Paystra\WooCommerce
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

delete_option( 'woocommerce_paystra_settings' );
