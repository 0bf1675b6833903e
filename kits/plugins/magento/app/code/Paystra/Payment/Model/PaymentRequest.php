<?php
/**
 * Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.
 */
declare(strict_types=1);

namespace Paystra\Payment\Model;

use Magento\Framework\Exception\LocalizedException;
use Magento\Framework\UrlInterface;
use Magento\Sales\Api\OrderRepositoryInterface;
use Magento\Sales\Model\Order;

/**
 * The signed hosted-checkout form of an order. Its gateway ORDER_ID is kept in the payment's
 * additional information, so the admin sees it and a status enquiry can use it.
 */
class PaymentRequest
{
    public function __construct(
        private readonly Config $config,
        private readonly UrlInterface $urlBuilder,
        private readonly OrderRepositoryInterface $orderRepository
    ) {
    }

    /**
     * @return array{action: string, fields: array<string, string>, orderId: string}
     * @throws LocalizedException when the order is not in rupees
     * @throws \InvalidArgumentException|\Paystra\PaystraException when it cannot be signed
     */
    public function build(Order $order): array
    {
        if ($order->getOrderCurrencyCode() !== 'INR') {
            throw new LocalizedException(__('Paystra accepts payments in rupees (INR) only.'));
        }
        $storeId = (int) $order->getStoreId();
        $billing = $order->getBillingAddress();
        $name = trim((string) $order->getCustomerFirstname() . ' ' . (string) $order->getCustomerLastname());
        if ($name === '' && $billing) {
            $name = trim((string) $billing->getFirstname() . ' ' . (string) $billing->getLastname());
        }
        $total = $order->getGrandTotal();
        $form = $this->config->checkout($storeId)->request(
            (string) $order->getIncrementId(),
            is_float($total) || is_int($total) ? $total : (string) $total,
            [
                'name' => $name,
                'email' => (string) $order->getCustomerEmail(),
                'mobile' => $billing ? (string) $billing->getTelephone() : '',
                'id' => $order->getCustomerId() ? (string) $order->getCustomerId() : '',
            ],
            $this->returnUrl(),
            $this->notifyUrl()
        );
        $order->getPayment()->setAdditionalInformation('paystra_order_id', $form['orderId']);
        $this->orderRepository->save($order);
        return $form;
    }

    /** Where Paystra sends the signed webhook (NOTIFY_URL): POST /paystra/payment/webhook. */
    public function notifyUrl(): string
    {
        return $this->urlBuilder->getUrl('paystra/payment/webhook', ['_secure' => true, '_nosid' => true]);
    }

    /** Where Paystra posts the response: POST /paystra/payment/response. */
    public function returnUrl(): string
    {
        return $this->urlBuilder->getUrl('paystra/payment/response', ['_secure' => true, '_nosid' => true]);
    }
}
