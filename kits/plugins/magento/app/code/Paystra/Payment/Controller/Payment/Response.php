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
use Magento\Framework\Escaper;
use Paystra\Payment\Model\ResponseProcessor;
use Paystra\Plugin\Rejected;

/**
 * POST /paystra/payment/response: the RETURN_URL. Paystra's page posts PAY_ID and ENCDATA here
 * from the customer's browser. The session cookie does not come with that cross-site POST, so
 * the order is found from ORDER_ID; the redirect that follows is a GET that has the session.
 */
class Response implements HttpPostActionInterface, CsrfAwareActionInterface
{
    public function __construct(
        private readonly HttpRequest $request,
        private readonly ResponseProcessor $processor,
        private readonly ResultFactory $resultFactory,
        private readonly Escaper $escaper
    ) {
    }

    public function execute(): ResultInterface
    {
        try {
            [$outcome] = $this->processor->process((array) $this->request->getPostValue());
        } catch (Rejected $error) {
            return $this->resultFactory->create(ResultFactory::TYPE_RAW)
                ->setHttpResponseCode(400)
                ->setHeader('Content-Type', 'text/html; charset=utf-8', true)
                ->setContents('<!doctype html><title>' . $this->escaper->escapeHtml(__('Payment not verified')) . '</title><p>'
                    . $this->escaper->escapeHtml(__('We could not verify this payment response, so the order was not changed. If money was taken from your account, contact us with your order number.'))
                    . '</p>');
        }
        $path = $outcome->isFailed() ? 'paystra/payment/failed' : 'checkout/onepage/success';
        return $this->resultFactory->create(ResultFactory::TYPE_REDIRECT)->setPath($path);
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
