<?php
/**
 * Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.
 */
declare(strict_types=1);

namespace Paystra\Payment\Plugin;

use Magento\Framework\App\Request\Http as HttpRequest;
use Magento\Framework\Session\SessionStartChecker as Subject;

/**
 * No session for the gateway's POST to the return URL. The browser sends no session cookie with
 * that cross-site POST (SameSite=Lax), so Magento would start an empty session and its cookie
 * would replace the customer's: the customer would be signed out and lose the checkout. The
 * controller needs no session (it finds the order from ORDER_ID); the GET redirect after it
 * carries the customer's cookie again. Magento's PayPal module guards its own return URL the
 * same way.
 */
class SessionStartChecker
{
    private const RETURN_PATH = '/paystra/payment/response/';

    public function __construct(private readonly HttpRequest $request)
    {
    }

    public function afterCheck(Subject $subject, bool $result): bool
    {
        $path = rtrim((string) $this->request->getPathInfo(), '/') . '/';
        return $result && !str_contains($path, self::RETURN_PATH);
    }
}
