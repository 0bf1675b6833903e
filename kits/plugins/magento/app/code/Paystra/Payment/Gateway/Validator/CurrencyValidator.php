<?php
/**
 * Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.
 */
declare(strict_types=1);

namespace Paystra\Payment\Gateway\Validator;

use Magento\Payment\Gateway\Validator\AbstractValidator;
use Magento\Payment\Gateway\Validator\ResultInterface;

/** Paystra settles in rupees: the method is offered only for INR quotes. */
class CurrencyValidator extends AbstractValidator
{
    public function validate(array $validationSubject): ResultInterface
    {
        return $this->createResult(($validationSubject['currency'] ?? null) === 'INR');
    }
}
