<?php
/**
 * Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.
 */
declare(strict_types=1);

namespace Paystra\Payment\Model\Ui;

use Magento\Checkout\Model\ConfigProviderInterface;
use Magento\Framework\UrlInterface;
use Paystra\Payment\Model\Config;

/** window.checkoutConfig.payment.paystra: where the checkout goes once the order is placed. */
class ConfigProvider implements ConfigProviderInterface
{
    public function __construct(
        private readonly Config $config,
        private readonly UrlInterface $urlBuilder
    ) {
    }

    public function getConfig(): array
    {
        return [
            'payment' => [
                Config::METHOD_CODE => [
                    'redirectUrl' => $this->urlBuilder->getUrl('paystra/payment/redirect', ['_secure' => true]),
                    'testMode' => $this->config->isTestMode(),
                ],
            ],
        ];
    }
}
