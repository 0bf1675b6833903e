/* global define, window */
/**
 * Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.
 * Places the order, then opens the page that posts the signed form to Paystra.
 */
define(['Magento_Checkout/js/view/payment/default'], function (Component) {
  'use strict'

  var settings = function () {
    return (window.checkoutConfig.payment && window.checkoutConfig.payment.paystra) || {}
  }

  return Component.extend({
    defaults: {
      template: 'Paystra_Payment/payment/paystra',
      redirectAfterPlaceOrder: false,
    },

    isTestMode: function () {
      return Boolean(settings().testMode)
    },

    afterPlaceOrder: function () {
      window.location.replace(settings().redirectUrl)
    },
  })
})
