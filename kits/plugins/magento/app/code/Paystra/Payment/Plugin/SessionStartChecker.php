<?php
/**
 * Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.
 */
declare(strict_types=1);

namespace Paystra\Payment\Plugin;

use Magento\Framework\App\Request\Http as HttpRequest;
use Magento\Framework\Session\SessionStartChecker as Subject;

/**
 * No session for the gateway's POSTs: the return URL and the webhook. The browser sends no session cookie with
 * that cross-site POST (SameSite=Lax), so Magento would start an empty session and its cookie
 * would replace the customer's: the customer would be signed out and lose the checkout. The
 * controller needs no session (it finds the order from ORDER_ID); the GET redirect after it
 * carries the customer's cookie again. Magento's PayPal module guards its own return URL the
 * same way. The webhook is the gateway's server, not a customer: a session there is only waste.
 */
class SessionStartChecker
{
    private const GATEWAY_PATHS = ['/paystra/payment/response/', '/paystra/payment/webhook/'];

    public function __construct(private readonly HttpRequest $request)
    {
    }

    public function afterCheck(Subject $subject, bool $result): bool
    {
        $path = rtrim((string) $this->request->getPathInfo(), '/') . '/';
        foreach (self::GATEWAY_PATHS as $gatewayPath) {
            if (str_contains($path, $gatewayPath)) {
                return false;
            }
        }
        return $result;
    }
}
