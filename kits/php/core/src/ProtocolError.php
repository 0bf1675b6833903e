<?php

declare(strict_types=1);

namespace Paystra;

/** ENCDATA or a field string that cannot be read: bad Base64, wrong key, malformed pairs. */
class ProtocolError extends PaystraException
{
}
