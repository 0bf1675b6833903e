/* global define */
/**
 * Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.
 * Registers the Paystra renderer with the checkout's payment list.
 */
define(['uiComponent', 'Magento_Checkout/js/model/payment/renderer-list'], function (
  Component,
  rendererList,
) {
  'use strict'

  rendererList.push({
    type: 'paystra',
    component: 'Paystra_Payment/js/view/payment/method-renderer/paystra',
  })

  return Component.extend({})
})
