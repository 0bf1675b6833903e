<?php

declare(strict_types=1);

namespace Paystra;

/**
 * The gateway could not be reached, answered something that is not JSON, or refused the request
 * with an unsigned answer (324 unknown PAY_ID, 326 malformed request; a sandbox account's 360,
 * 344 and 361). `responseCode` holds the gateway's RESPONSE_CODE when it sent one, `httpStatus`
 * the answer's HTTP status where the call reads it.
 */
class GatewayError extends PaystraException
{
    /** @param array<string, string> $fields the gateway's unsigned answer, if any */
    public function __construct(
        string $message,
        public readonly ?string $responseCode = null,
        public readonly array $fields = [],
        ?\Throwable $previous = null,
        public readonly ?int $httpStatus = null,
    ) {
        parent::__construct($message, 0, $previous);
    }
}
