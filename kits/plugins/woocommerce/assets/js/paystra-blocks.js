/* global window */
/**
 * Paystra in the WooCommerce checkout block. Plain script (no build step): it uses the
 * registry and settings WooCommerce exposes on window.wc, and React through window.wp.element.
 */
;(function (wc, wp) {
  'use strict'

  if (!wc || !wc.wcBlocksRegistry || !wc.wcSettings || !wp || !wp.element) return

  var createElement = wp.element.createElement
  var decode = wp.htmlEntities
    ? wp.htmlEntities.decodeEntities
    : function (text) {
        return text
      }
  var settings = wc.wcSettings.getSetting('paystra_data', {})
  var title = decode(settings.title || 'Paystra')
  var description = decode(settings.description || '')
  if (settings.testMode) {
    description +=
      ' Test mode: card 4111 1111 1111 1111 succeeds, 4000 0000 0000 0002 is declined; UPI success@upi succeeds.'
  }

  function Content() {
    return createElement('p', null, description)
  }

  function Label() {
    return createElement('span', null, title)
  }

  wc.wcBlocksRegistry.registerPaymentMethod({
    name: 'paystra',
    label: createElement(Label),
    content: createElement(Content),
    edit: createElement(Content),
    canMakePayment: function () {
      return true
    },
    ariaLabel: title,
    placeOrderButtonLabel: 'Proceed to Paystra',
    supports: { features: settings.supports || ['products'] },
  })
})(window.wc, window.wp)
