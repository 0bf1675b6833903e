<?php

declare(strict_types=1);

namespace Paystra;

/** Every error the library raises extends this, so one catch can handle them all. */
class PaystraException extends \RuntimeException
{
}
