<?php
/**
 * Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.
 */
declare(strict_types=1);

namespace Paystra\Payment\Model;

use Magento\Framework\App\Config\ScopeConfigInterface;
use Magento\Framework\Encryption\EncryptorInterface;
use Magento\Framework\HTTP\Client\CurlFactory;
use Magento\Store\Model\ScopeInterface;
use Paystra\Plugin\HostedCheckout;

/**
 * The method's settings (payment/paystra/*) and the Paystra library built from them.
 */
class Config
{
    public const METHOD_CODE = 'paystra';

    /** Starts every gateway ORDER_ID of this store: MG-<increment id>-<milliseconds>. */
    public const ORDER_PREFIX = 'MG';

    /** @var array<int, HostedCheckout> per store */
    private array $checkouts = [];

    public function __construct(
        private readonly ScopeConfigInterface $scopeConfig,
        private readonly EncryptorInterface $encryptor,
        private readonly CurlFactory $curlFactory
    ) {
        self::loadLibrary();
    }

    /**
     * The Paystra PHP library ships inside the module (lib/paystra) so the store needs no
     * Composer package; lib/HostedCheckout.php is the part every Paystra shop plugin shares.
     */
    public static function loadLibrary(): void
    {
        require_once dirname(__DIR__) . '/lib/paystra/autoload.php';
        require_once dirname(__DIR__) . '/lib/HostedCheckout.php';
    }

    public function getValue(string $field, ?int $storeId = null): mixed
    {
        return $this->scopeConfig->getValue('payment/' . self::METHOD_CODE . '/' . $field, ScopeInterface::SCOPE_STORE, $storeId);
    }

    public function isTestMode(?int $storeId = null): bool
    {
        return HostedCheckout::flag($this->getValue('test_mode', $storeId));
    }

    public function isDebug(?int $storeId = null): bool
    {
        return HostedCheckout::flag($this->getValue('debug', $storeId));
    }

    /**
     * @throws \Paystra\ConfigError when the credentials are incomplete
     */
    public function checkout(?int $storeId = null): HostedCheckout
    {
        return $this->checkouts[(int) $storeId] ??= HostedCheckout::fromSettings(
            [
                'pay_id' => (string) $this->getValue('pay_id', $storeId),
                'salt' => $this->secret('salt', $storeId),
                'key_salt' => $this->secret('key_salt', $storeId),
                'webhook_secret' => $this->secret('webhook_secret', $storeId),
                'gateway_url' => (string) $this->getValue('gateway_url', $storeId),
                'test_mode' => $this->isTestMode($storeId),
            ],
            self::ORDER_PREFIX,
            $this->httpPost(...)
        );
    }

    /**
     * JSON calls (status enquiry) through Magento's HTTP client, which works where
     * allow_url_fopen is off.
     *
     * @return array{0: int, 1: string}
     */
    public function httpPost(string $url, string $json): array
    {
        $curl = $this->curlFactory->create();
        $curl->setTimeout(20);
        $curl->addHeader('Content-Type', 'application/json');
        $curl->addHeader('Accept', 'application/json');
        try {
            $curl->post($url, $json);
        } catch (\Exception $error) {
            throw new \Paystra\GatewayError('Cannot reach Paystra at ' . $url . ': ' . $error->getMessage(), null, [], $error);
        }
        return [$curl->getStatus(), $curl->getBody()];
    }

    /** The salts and the webhook secret are saved with the Encrypted backend model. */
    private function secret(string $field, ?int $storeId): string
    {
        $stored = (string) $this->getValue($field, $storeId);
        return $stored === '' ? '' : (string) $this->encryptor->decrypt($stored);
    }
}
