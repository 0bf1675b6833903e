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
use Magento\Framework\Exception\LocalizedException;
use Magento\Framework\Message\ManagerInterface;
use Magento\Sales\Model\Order;
use Paystra\Payment\Model\Config;
use Paystra\Payment\Model\PaymentRequest;
use Paystra\PaystraException;
use Psr\Log\LoggerInterface;

/**
 * GET /paystra/payment/redirect, opened by the checkout after the order is placed: a page
 * whose signed form posts itself to Paystra.
 */
class Redirect implements HttpGetActionInterface
{
    public function __construct(
        private readonly CheckoutSession $checkoutSession,
        private readonly PaymentRequest $paymentRequest,
        private readonly ResultFactory $resultFactory,
        private readonly ManagerInterface $messageManager,
        private readonly LoggerInterface $logger
    ) {
    }

    public function execute(): ResultInterface
    {
        $order = $this->checkoutSession->getLastRealOrder();
        $payment = $order->getId() ? $order->getPayment() : null;
        if ($payment === null || $payment->getMethod() !== Config::METHOD_CODE || $order->getState() !== Order::STATE_PENDING_PAYMENT) {
            return $this->redirect('checkout/cart');
        }
        try {
            $form = $this->paymentRequest->build($order);
        } catch (LocalizedException | PaystraException | \InvalidArgumentException $error) {
            $this->logger->error('Paystra: payment request for order ' . $order->getIncrementId() . ' not built: ' . $error->getMessage());
            $this->checkoutSession->restoreQuote();
            $this->messageManager->addErrorMessage(__('This order cannot be paid with Paystra right now. Please choose another payment method or contact us.'));
            return $this->redirect('checkout/cart');
        }
        $page = $this->resultFactory->create(ResultFactory::TYPE_PAGE);
        $page->getLayout()->getBlock('paystra.redirect')->setData('form', $form);
        return $page;
    }

    private function redirect(string $path): ResultInterface
    {
        return $this->resultFactory->create(ResultFactory::TYPE_REDIRECT)->setPath($path);
    }
}
