<?php

declare(strict_types=1);

namespace Paystra;

/**
 * A response that must not be trusted: it does not decrypt, its HASH does not verify, or it
 * names another merchant. Never act on such a response (do not mark an order paid).
 */
class VerificationError extends PaystraException
{
}
