<?php

declare(strict_types=1);

namespace Paystra;

/**
 * A webhook delivery that must not be acted on. `reason` names the check that refused it
 * (`signature-mismatch`, `stale-timestamp`, ...: the keys of Webhook::MESSAGES) so a handler can
 * answer with it; the message says what to fix.
 */
class WebhookError extends VerificationError
{
    public function __construct(public readonly string $reason, ?string $message = null)
    {
        parent::__construct($message ?? Webhook::MESSAGES[$reason] ?? $reason);
    }
}
