<?php
/**
 * Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.
 */
declare(strict_types=1);

namespace Paystra\Payment\Controller\Payment;

use Magento\Framework\App\Action\HttpPostActionInterface;
use Magento\Framework\App\CsrfAwareActionInterface;
use Magento\Framework\App\Request\Http as HttpRequest;
use Magento\Framework\App\Request\InvalidRequestException;
use Magento\Framework\App\RequestInterface;
use Magento\Framework\Controller\ResultFactory;
use Magento\Framework\Controller\ResultInterface;
use Paystra\Payment\Model\ResponseProcessor;
use Paystra\Plugin\HostedCheckout;

/**
 * POST /paystra/payment/webhook: the NOTIFY_URL. Paystra's server posts a signed event here when
 * a payment reaches an outcome, so the order is invoiced even when the customer closes the tab
 * before coming back. The raw body goes to the library's Webhook::verify as it arrived, and
 * nothing in it is acted on until the signature (webhook secret), the timestamp and the data's
 * HASH (salt) pass; the verifier reads the JSON before that only to name the likeliest cause of
 * a failed signature. 200 for every verified event (the gateway stops retrying), 400 with the reason for a refused one.
 */
class Webhook implements HttpPostActionInterface, CsrfAwareActionInterface
{
    public function __construct(
        private readonly HttpRequest $request,
        private readonly ResponseProcessor $processor,
        private readonly ResultFactory $resultFactory
    ) {
    }

    public function execute(): ResultInterface
    {
        $header = $this->request->getHeader('X-Paystra-Signature');
        [$status, $answer] = $this->processor->webhook((string) $this->request->getContent(), is_string($header) ? $header : null);
        return $this->resultFactory->create(ResultFactory::TYPE_RAW)
            ->setHttpResponseCode($status)
            ->setHeader('Content-Type', 'application/json', true)
            ->setHeader('Cache-Control', 'no-store', true)
            ->setContents(HostedCheckout::json($answer));
    }

    /** The gateway's POST carries no form key: it is authenticated by its signature instead. */
    public function createCsrfValidationException(RequestInterface $request): ?InvalidRequestException
    {
        return null;
    }

    public function validateForCsrf(RequestInterface $request): ?bool
    {
        return true;
    }
}
