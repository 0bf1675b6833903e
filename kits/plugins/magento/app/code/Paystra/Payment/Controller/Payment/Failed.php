<?php
/**
 * Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.
 */
declare(strict_types=1);

namespace Paystra\Payment\Controller\Payment;

use Magento\Checkout\Model\Session as CheckoutSession;
use Magento\Framework\App\Action\HttpGetActionInterface;
use Magento\Framework\Controller\ResultFactory;
use Magento\Framework\Controller\ResultInterface;
use Magento\Framework\Message\ManagerInterface;

/**
 * GET /paystra/payment/failed, after a declined or cancelled payment: puts the cart back and
 * says why, so the customer can try again.
 */
class Failed implements HttpGetActionInterface
{
    public function __construct(
        private readonly CheckoutSession $checkoutSession,
        private readonly ResultFactory $resultFactory,
        private readonly ManagerInterface $messageManager
    ) {
    }

    public function execute(): ResultInterface
    {
        $order = $this->checkoutSession->getLastRealOrder();
        $payment = $order->getId() ? $order->getPayment() : null;
        $reason = $payment ? (string) $payment->getAdditionalInformation('paystra_response_message') : '';
        $this->checkoutSession->restoreQuote();
        $this->messageManager->addErrorMessage(
            __('Your payment was not completed (%1). No money was taken; your cart is restored so you can try again.', $reason !== '' ? $reason : __('declined'))
        );
        return $this->resultFactory->create(ResultFactory::TYPE_REDIRECT)->setPath('checkout/cart');
    }
}
