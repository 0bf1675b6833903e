<?php

declare(strict_types=1);

namespace Paystra;

/** A required setting (PAYSTRA_PAY_ID, PAYSTRA_SALT, ...) is missing or invalid. */
class ConfigError extends PaystraException
{
}
