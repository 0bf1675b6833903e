<?php

declare(strict_types=1);

// Loads the module against stand-ins of Magento (tests/stubs.php); the Paystra library is
// where plugin.json's "coreInto" puts it, as in the release archive.

if (PHP_SAPI !== 'cli') {
    http_response_code(404);
    exit;
}

define('PLUGIN_ROOT', dirname(__DIR__));
define('MODULE_DIR', PLUGIN_ROOT . '/app/code/Paystra/Payment');

$plugin = json_decode((string) file_get_contents(PLUGIN_ROOT . '/plugin.json'), true);
if (!is_file(PLUGIN_ROOT . '/' . $plugin['coreInto'] . '/autoload.php')) {
    fwrite(STDERR, "The Paystra PHP library is missing at {$plugin['coreInto']}/: it ships in the plugin's archive, with these tests\n");
    exit(2);
}

require __DIR__ . '/stubs.php';

// Magento's autoloader maps app/code/<Vendor>/<Module> (PSR-4 Paystra\Payment\ → the module).
spl_autoload_register(static function (string $class): void {
    $prefix = 'Paystra\\Payment\\';
    if (str_starts_with($class, $prefix)) {
        $file = MODULE_DIR . '/' . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});
require MODULE_DIR . '/registration.php';

use Magento\Framework\App\Config\ScopeConfigInterface;
use Magento\Framework\Encryption\EncryptorInterface;
use Magento\Framework\HTTP\Client\Curl;
use Magento\Framework\HTTP\Client\CurlFactory;
use Magento\Framework\Message\ManagerInterface;
use Magento\Framework\UrlInterface;
use Magento\Sales\Api\OrderRepositoryInterface;
use Magento\Sales\Model\Order;
use Magento\Sales\Model\Order\Email\Sender\OrderSender;
use Magento\Sales\Model\OrderFactory;
use Paystra\Payment\Model\Config;
use Paystra\Payment\Model\PaymentRequest;
use Paystra\Payment\Model\ResponseProcessor;
use Psr\Log\LoggerInterface;

final class TestScopeConfig implements ScopeConfigInterface
{
    public function __construct(public array $values)
    {
    }
    public function getValue($path, $scopeType = 'default', $scopeCode = null)
    {
        return $this->values[$path] ?? null;
    }
    public function isSetFlag($path, $scopeType = 'default', $scopeCode = null)
    {
        return (bool) ($this->values[$path] ?? false);
    }
}

/** Stored values look like "enc:<secret>". */
final class TestEncryptor implements EncryptorInterface
{
    public function encrypt($data)
    {
        return 'enc:' . $data;
    }
    public function decrypt($data)
    {
        return str_starts_with((string) $data, 'enc:') ? substr((string) $data, 4) : '';
    }
}

final class TestUrl implements UrlInterface
{
    public array $calls = [];
    public function getUrl($routePath = null, $routeParams = null)
    {
        $this->calls[] = [$routePath, $routeParams];
        return 'https://shop.test/' . trim((string) $routePath, '/') . '/';
    }
}

final class TestRepository implements OrderRepositoryInterface
{
    public array $saved = [];
    public function save(Order $entity)
    {
        $this->saved[] = $entity->getIncrementId();
        return $entity;
    }
}

final class TestLogger implements LoggerInterface
{
    public array $lines = [];
    public function error(string|\Stringable $message, array $context = []): void
    {
        $this->lines[] = ['error', (string) $message];
    }
    public function info(string|\Stringable $message, array $context = []): void
    {
        $this->lines[] = ['info', (string) $message];
    }
}

final class TestMessages implements ManagerInterface
{
    public array $errors = [];
    public function addErrorMessage($message, $group = null)
    {
        $this->errors[] = (string) $message;
        return $this;
    }
}

/** Fresh settings, orders and collaborators for each test. */
abstract class MagentoTestCase extends \Paystra\Tests\TestCase
{
    protected TestScopeConfig $scopeConfig;
    protected TestRepository $repository;
    protected TestLogger $logger;
    protected ?\Magento\Framework\Lock\TestLockManager $lockManager = null;
    protected TestUrl $url;
    protected OrderSender $orderSender;

    protected function setUp(): void
    {
        Order::$orders = [];
        Curl::$answer = null;
        Curl::$calls = [];
        $this->scopeConfig = new TestScopeConfig([
            'payment/paystra/active' => '1',
            'payment/paystra/test_mode' => '1',
            'payment/paystra/gateway_url' => 'http://127.0.0.1:4100/sandbox',
            'payment/paystra/pay_id' => '',
            'payment/paystra/salt' => '',
            'payment/paystra/key_salt' => '',
            'payment/paystra/debug' => '1',
        ]);
        $this->repository = new TestRepository();
        $this->logger = new TestLogger();
        $this->url = new TestUrl();
        $this->orderSender = new OrderSender();
    }

    protected function config(): Config
    {
        return new Config($this->scopeConfig, new TestEncryptor(), new CurlFactory());
    }

    protected function paymentRequest(): PaymentRequest
    {
        return new PaymentRequest($this->config(), $this->url, $this->repository);
    }

    protected function processor(): ResponseProcessor
    {
        return new ResponseProcessor($this->config(), new OrderFactory(), $this->repository, $this->orderSender, $this->logger, $this->lockManager ??= new \Magento\Framework\Lock\TestLockManager());
    }

    /** An order placed with Paystra: pending_payment, ₹1,499.50 unless told otherwise. */
    protected static function placedOrder(mixed $total = 1499.5, string $incrementId = '000000123', string $currency = 'INR', string $method = 'paystra'): Order
    {
        return new Order(123, $incrementId, $total, $currency, Order::STATE_PENDING_PAYMENT, 'pending_payment', $method);
    }
}

Config::loadLibrary();
