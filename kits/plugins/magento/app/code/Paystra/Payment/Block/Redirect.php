<?php
/**
 * Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.
 */
declare(strict_types=1);

namespace Paystra\Payment\Block;

use Magento\Framework\View\Element\Template;

/** The page that posts the signed form to Paystra (templates/redirect.phtml). */
class Redirect extends Template
{
    /** @return array{action: string, fields: array<string, string>} */
    public function getForm(): array
    {
        $form = $this->getData('form');
        return is_array($form) ? $form : ['action' => '', 'fields' => []];
    }
}
