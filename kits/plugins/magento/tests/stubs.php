<?php

declare(strict_types=1);

// Stand-ins for the parts of Magento 2.4 (and PSR-3, Symfony Console) the module touches,
// reduced to what the tests exercise. Orders, payments and results record what happens.

namespace {
    if (PHP_SAPI !== 'cli') {
        http_response_code(404);
        exit;
    }

    function __(string $text, mixed ...$args): \Magento\Framework\Phrase
    {
        return new \Magento\Framework\Phrase($text, $args);
    }
}

namespace Magento\Framework {
    class Phrase implements \Stringable
    {
        public function __construct(private string $text, private array $arguments = [])
        {
        }
        public function render(): string
        {
            $text = $this->text;
            foreach ($this->arguments as $index => $argument) {
                $text = str_replace('%' . ($index + 1), (string) $argument, $text);
            }
            return $text;
        }
        public function __toString(): string
        {
            return $this->render();
        }
    }

    interface UrlInterface
    {
        public function getUrl($routePath = null, $routeParams = null);
    }

    class Escaper
    {
        public function escapeHtml($data, $allowedTags = null)
        {
            return htmlspecialchars((string) $data, ENT_QUOTES, 'UTF-8');
        }
        public function escapeHtmlAttr($string, $escapeSingleQuote = true)
        {
            return htmlspecialchars((string) $string, ENT_QUOTES, 'UTF-8');
        }
        public function escapeUrl($string)
        {
            return htmlspecialchars((string) $string, ENT_QUOTES, 'UTF-8');
        }
    }

    class DataObject
    {
        protected array $_data = [];
        public function __construct(array $data = [])
        {
            $this->_data = $data;
        }
        public function getData($key = '')
        {
            return $key === '' ? $this->_data : ($this->_data[$key] ?? null);
        }
        public function setData($key, $value = null)
        {
            $this->_data[$key] = $value;
            return $this;
        }
    }
}

namespace Magento\Framework\Lock {
    interface LockManagerInterface
    {
        public function lock(string $name, int $timeout = -1): bool;
        public function unlock(string $name): bool;
        public function isLocked(string $name): bool;
    }

    /** The lock manager the stand-ins use: records through TestCase::lockCall(). */
    final class TestLockManager implements LockManagerInterface
    {
        public array $timeouts = [];
        public function lock(string $name, int $timeout = -1): bool
        {
            $this->timeouts[] = $timeout;
            return \Paystra\Tests\TestCase::lockCall('GET_LOCK', $name);
        }
        public function unlock(string $name): bool
        {
            return \Paystra\Tests\TestCase::lockCall('RELEASE_LOCK', $name);
        }
        public function isLocked(string $name): bool
        {
            return false;
        }
    }
}

namespace Magento\Framework\Component {
    class ComponentRegistrar
    {
        public const MODULE = 'module';
        public static array $paths = [];
        public static function register($type, $componentName, $path)
        {
            self::$paths[$type][$componentName] = $path;
        }
    }
}

namespace Magento\Framework\App\Config {
    interface ScopeConfigInterface
    {
        public function getValue($path, $scopeType = 'default', $scopeCode = null);
        public function isSetFlag($path, $scopeType = 'default', $scopeCode = null);
    }
}

namespace Magento\Store\Model {
    interface ScopeInterface
    {
        public const SCOPE_STORE = 'store';
    }
}

namespace Magento\Framework\Encryption {
    interface EncryptorInterface
    {
        public function encrypt($data);
        public function decrypt($data);
    }
}

namespace Magento\Framework\HTTP\Client {
    class Curl
    {
        public static $answer = null;
        public static array $calls = [];
        private int $status = 0;
        private string $body = '';
        private array $headers = [];
        public function setTimeout($value)
        {
        }
        public function addHeader($name, $value)
        {
            $this->headers[$name] = $value;
        }
        public function post($uri, $params)
        {
            self::$calls[] = ['url' => $uri, 'body' => $params, 'headers' => $this->headers];
            if (!is_callable(self::$answer)) {
                throw new \Exception('Could not resolve host');
            }
            [$this->status, $this->body] = (self::$answer)($uri, $params);
        }
        public function getStatus()
        {
            return $this->status;
        }
        public function getBody()
        {
            return $this->body;
        }
    }
    class CurlFactory
    {
        public function create(array $data = [])
        {
            return new Curl();
        }
    }
}

namespace Magento\Framework\Exception {
    class LocalizedException extends \Exception
    {
        public function __construct(\Magento\Framework\Phrase $phrase, ?\Exception $cause = null, $code = 0)
        {
            parent::__construct($phrase->render(), (int) $code, $cause);
        }
    }
}

namespace Psr\Log {
    interface LoggerInterface
    {
        public function error(string|\Stringable $message, array $context = []): void;
        public function info(string|\Stringable $message, array $context = []): void;
    }
}

namespace Magento\Sales\Api {
    interface OrderRepositoryInterface
    {
        public function save(\Magento\Sales\Model\Order $entity);
    }
}

namespace Magento\Sales\Model\Order {
    class Address extends \Magento\Framework\DataObject
    {
        public function getFirstname()
        {
            return $this->_data['firstname'] ?? null;
        }
        public function getLastname()
        {
            return $this->_data['lastname'] ?? null;
        }
        public function getTelephone()
        {
            return $this->_data['telephone'] ?? null;
        }
    }

    class Payment
    {
        public array $additionalInformation = [];
        public ?string $transactionId = null;
        public ?string $lastTransId = null;
        public ?bool $transactionClosed = null;
        public array $captureNotifications = [];
        public function __construct(private \Magento\Sales\Model\Order $order, private string $method = 'paystra')
        {
        }
        public function getMethod()
        {
            return $this->method;
        }
        public function getOrder()
        {
            return $this->order;
        }
        public function setAdditionalInformation($key, $value = null)
        {
            $this->additionalInformation[$key] = $value;
            return $this;
        }
        public function getAdditionalInformation($key = null)
        {
            return $key === null ? $this->additionalInformation : ($this->additionalInformation[$key] ?? null);
        }
        public function setTransactionId($id)
        {
            $this->transactionId = $id;
            return $this;
        }
        public function setLastTransId($id)
        {
            $this->lastTransId = $id;
            return $this;
        }
        public function setIsTransactionClosed($closed)
        {
            $this->transactionClosed = (bool) $closed;
            return $this;
        }
        /** Magento invoices the order and moves it to processing. */
        public function registerCaptureNotification($amount, $skipFraudDetection = false)
        {
            $this->captureNotifications[] = [$amount, $skipFraudDetection];
            $this->order->setState(\Magento\Sales\Model\Order::STATE_PROCESSING)->setStatus('processing');
            $this->order->totalPaid = (float) $amount;
            return $this;
        }
    }
}

namespace Magento\Sales\Model\Order\Email\Sender {
    class OrderSender
    {
        public array $sent = [];
        public function send(\Magento\Sales\Model\Order $order, $forceSyncMode = false)
        {
            $this->sent[] = $order->getIncrementId();
            $order->emailSent = true;
            return true;
        }
    }
}

namespace Magento\Sales\Model {
    class Order
    {
        public const STATE_NEW = 'new';
        public const STATE_PENDING_PAYMENT = 'pending_payment';
        public const STATE_PROCESSING = 'processing';
        public const STATE_COMPLETE = 'complete';
        public const STATE_CANCELED = 'canceled';
        public const STATE_CLOSED = 'closed';
        public const STATE_HOLDED = 'holded';

        /** @var array<string, Order> every order the tests create, by increment id */
        public static array $orders = [];

        public ?Order\Payment $payment = null;
        public array $comments = [];
        public float $totalPaid = 0.0;
        public bool $emailSent = false;
        public ?bool $canSendNewEmailFlag = null;
        public ?Order\Address $billingAddress = null;

        public function __construct(
            public ?int $id = null,
            public string $incrementId = '',
            public mixed $grandTotal = null,
            public string $currency = 'INR',
            public string $state = self::STATE_PENDING_PAYMENT,
            public string $status = 'pending_payment',
            string $method = 'paystra',
        ) {
            if ($id !== null) {
                $this->payment = new Order\Payment($this, $method);
                $this->billingAddress = new Order\Address(['firstname' => 'Priya', 'lastname' => 'Nair', 'telephone' => '098765 43210']);
                self::$orders[$incrementId] = $this;
            }
        }
        public function loadByIncrementId($incrementId)
        {
            return self::$orders[$incrementId] ?? new self();
        }
        public function getId()
        {
            return $this->id;
        }
        public function getIncrementId()
        {
            return $this->incrementId;
        }
        public function getStoreId()
        {
            return 1;
        }
        public function getPayment()
        {
            return $this->payment;
        }
        public function getGrandTotal()
        {
            return $this->grandTotal;
        }
        public function getBaseGrandTotal()
        {
            return $this->grandTotal;
        }
        public function getOrderCurrencyCode()
        {
            return $this->currency;
        }
        public function getState()
        {
            return $this->state;
        }
        public function setState($state)
        {
            $this->state = $state;
            return $this;
        }
        public function getStatus()
        {
            return $this->status;
        }
        public function setStatus($status)
        {
            $this->status = $status;
            return $this;
        }
        public function getTotalPaid()
        {
            return $this->totalPaid;
        }
        public function getEmailSent()
        {
            return $this->emailSent;
        }
        public function setCanSendNewEmailFlag($flag)
        {
            $this->canSendNewEmailFlag = (bool) $flag;
            return $this;
        }
        public function getCustomerFirstname()
        {
            return 'Priya';
        }
        public function getCustomerLastname()
        {
            return 'Nair';
        }
        public function getCustomerEmail()
        {
            return 'priya.nair@example.com';
        }
        public function getCustomerId()
        {
            return null;
        }
        public function getBillingAddress()
        {
            return $this->billingAddress;
        }
        public function canCancel()
        {
            return in_array($this->state, [self::STATE_NEW, self::STATE_PENDING_PAYMENT], true);
        }
        public function registerCancellation($comment = '', $graceful = true)
        {
            $this->state = self::STATE_CANCELED;
            $this->status = 'canceled';
            $this->comments[] = (string) $comment;
            return $this;
        }
        /** Magento's hold(): remembers the state and status, then holded (LocalizedException when it cannot). */
        public ?string $holdBeforeState = null;
        public ?string $holdBeforeStatus = null;
        public function canHold()
        {
            return !in_array($this->state, [self::STATE_CANCELED, self::STATE_COMPLETE, self::STATE_CLOSED, self::STATE_HOLDED], true);
        }
        public function hold()
        {
            if (!$this->canHold()) {
                throw new \Magento\Framework\Exception\LocalizedException(__('A hold action is not available.'));
            }
            [$this->holdBeforeState, $this->holdBeforeStatus] = [$this->state, $this->status];
            [$this->state, $this->status] = [self::STATE_HOLDED, 'holded'];
            return $this;
        }
        public function canUnhold()
        {
            return $this->state === self::STATE_HOLDED;
        }
        public function unhold()
        {
            if (!$this->canUnhold()) {
                throw new \Magento\Framework\Exception\LocalizedException(__('You cannot remove the hold.'));
            }
            [$this->state, $this->status] = [$this->holdBeforeState, $this->holdBeforeStatus];
            [$this->holdBeforeState, $this->holdBeforeStatus] = [null, null];
            return $this;
        }
        public function addCommentToStatusHistory($comment, $status = false, $isVisibleOnFront = false)
        {
            $this->comments[] = (string) $comment;
            return $this;
        }
    }

    class OrderFactory
    {
        public function create(array $data = [])
        {
            return new Order();
        }
    }
}

namespace Magento\Checkout\Model {
    class Session
    {
        public ?\Magento\Sales\Model\Order $lastRealOrder = null;
        public int $quoteRestored = 0;
        public function getLastRealOrder()
        {
            return $this->lastRealOrder ?? new \Magento\Sales\Model\Order();
        }
        public function restoreQuote()
        {
            $this->quoteRestored++;
            return true;
        }
    }

    interface ConfigProviderInterface
    {
        public function getConfig();
    }
}

namespace Magento\Framework\App {
    interface RequestInterface
    {
        public function getParam($key, $defaultValue = null);
    }
    interface ActionInterface
    {
        public function execute();
    }
    interface CsrfAwareActionInterface extends ActionInterface
    {
        public function createCsrfValidationException(RequestInterface $request): ?Request\InvalidRequestException;
        public function validateForCsrf(RequestInterface $request): ?bool;
    }
    class Area
    {
        public const AREA_ADMINHTML = 'adminhtml';
    }
    class State
    {
        public array $emulated = [];
        public function emulateAreaCode($areaCode, $callback, $params = [])
        {
            $this->emulated[] = $areaCode;
            return $callback(...$params);
        }
    }
}

namespace Magento\Framework\App\Action {
    interface HttpGetActionInterface extends \Magento\Framework\App\ActionInterface
    {
    }
    interface HttpPostActionInterface extends \Magento\Framework\App\ActionInterface
    {
    }
}

namespace Magento\Framework\App\Request {
    class InvalidRequestException extends \RuntimeException
    {
    }
    class Http implements \Magento\Framework\App\RequestInterface
    {
        public function __construct(public array $post = [], public string $pathInfo = '/', public string $content = '', public array $headers = [])
        {
        }
        public function getContent()
        {
            return $this->content;
        }
        public function getHeader($name, $default = false)
        {
            return $this->headers[$name] ?? $default;
        }
        public function getPathInfo()
        {
            return $this->pathInfo;
        }
        public function getParam($key, $defaultValue = null)
        {
            return $this->post[$key] ?? $defaultValue;
        }
        public function getPostValue($key = null, $default = null)
        {
            return $key === null ? $this->post : ($this->post[$key] ?? $default);
        }
    }
}

namespace Magento\Framework\Session {
    class SessionStartChecker
    {
        public function check(): bool
        {
            return true;
        }
    }
}

namespace Magento\Framework\Controller {
    interface ResultInterface
    {
    }

    class ResultFactory
    {
        public const TYPE_PAGE = 'page';
        public const TYPE_REDIRECT = 'redirect';
        public const TYPE_RAW = 'raw';
        public array $created = [];
        public function create($type, array $arguments = [])
        {
            $result = match ($type) {
                self::TYPE_PAGE => new Result\Page(),
                self::TYPE_REDIRECT => new Result\Redirect(),
                self::TYPE_RAW => new Result\Raw(),
            };
            $this->created[] = $result;
            return $result;
        }
    }
}

namespace Magento\Framework\Controller\Result {
    class Redirect implements \Magento\Framework\Controller\ResultInterface
    {
        public string $path = '';
        public function setPath($path, array $params = [])
        {
            $this->path = $path;
            return $this;
        }
    }
    class Raw implements \Magento\Framework\Controller\ResultInterface
    {
        public int $code = 200;
        public array $headers = [];
        public string $contents = '';
        public function setHttpResponseCode($httpCode)
        {
            $this->code = $httpCode;
            return $this;
        }
        public function setHeader($name, $value, $replace = false)
        {
            $this->headers[$name] = $value;
            return $this;
        }
        public function setContents($contents)
        {
            $this->contents = $contents;
            return $this;
        }
    }
    class Page implements \Magento\Framework\Controller\ResultInterface
    {
        public \Magento\Framework\View\Test\Layout $layout;
        public function __construct()
        {
            $this->layout = new \Magento\Framework\View\Test\Layout();
        }
        public function getLayout()
        {
            return $this->layout;
        }
    }
}

namespace Magento\Framework\View\Test {
    class Layout
    {
        public array $blocks = [];
        public function getBlock($name)
        {
            return $this->blocks[$name] ??= new \Paystra\Payment\Block\Redirect();
        }
    }
}

namespace Magento\Framework\View\Element {
    class Template extends \Magento\Framework\DataObject
    {
    }
}

namespace Magento\Framework\View\Helper {
    class SecureHtmlRenderer
    {
        public function renderTag(string $tagName, array $attributes, ?string $content = null, bool $textContent = true): string
        {
            return "<$tagName>" . $content . "</$tagName>";
        }
    }
}

namespace Magento\Framework\Message {
    interface ManagerInterface
    {
        public function addErrorMessage($message, $group = null);
    }
}

namespace Magento\Payment\Block {
    class ConfigurableInfo extends \Magento\Framework\View\Element\Template
    {
        protected function getLabel($field)
        {
            return $field;
        }
        public function label(string $field): string
        {
            return (string) $this->getLabel($field);
        }
    }
}

namespace Magento\Payment\Gateway {
    interface CommandInterface
    {
        public function execute(array $commandSubject);
    }
}

namespace Magento\Payment\Gateway\Data {
    interface PaymentDataObjectInterface
    {
        public function getPayment();
    }
}

namespace Magento\Payment\Gateway\Helper {
    class SubjectReader
    {
        public static function readPayment(array $subject)
        {
            return $subject['payment'];
        }
        public static function readStateObject(array $subject)
        {
            return $subject['stateObject'];
        }
    }
}

namespace Magento\Payment\Gateway\Validator {
    interface ResultInterface
    {
        public function isValid();
    }
    class Result implements ResultInterface
    {
        public function __construct(private bool $isValid)
        {
        }
        public function isValid()
        {
            return $this->isValid;
        }
    }
    abstract class AbstractValidator
    {
        abstract public function validate(array $validationSubject);
        protected function createResult($isValid, array $fails = [], array $errorCodes = [])
        {
            return new Result((bool) $isValid);
        }
    }
}

namespace Symfony\Component\Console\Input {
    interface InputInterface
    {
        public function getArgument(string $name);
    }
    class ArrayInput implements InputInterface
    {
        public function __construct(private array $arguments)
        {
        }
        public function getArgument(string $name)
        {
            return $this->arguments[$name] ?? null;
        }
    }
    class InputArgument
    {
        public const REQUIRED = 1;
    }
}

namespace Symfony\Component\Console\Output {
    interface OutputInterface
    {
        public function writeln($messages, int $options = 0);
    }
    class BufferedOutput implements OutputInterface
    {
        public string $buffer = '';
        public function writeln($messages, int $options = 0)
        {
            $this->buffer .= $messages . "\n";
        }
    }
}

namespace Symfony\Component\Console\Command {
    use Symfony\Component\Console\Input\InputInterface;
    use Symfony\Component\Console\Output\OutputInterface;

    class Command
    {
        public const SUCCESS = 0;
        public const FAILURE = 1;
        private string $name = '';
        public array $arguments = [];
        public function __construct(?string $name = null)
        {
            $this->configure();
        }
        protected function configure()
        {
        }
        public function setName(string $name)
        {
            $this->name = $name;
            return $this;
        }
        public function getName()
        {
            return $this->name;
        }
        public function setDescription(string $description)
        {
            return $this;
        }
        public function addArgument(string $name, ?int $mode = null, string $description = '')
        {
            $this->arguments[$name] = $mode;
            return $this;
        }
        public function run(InputInterface $input, OutputInterface $output): int
        {
            return $this->execute($input, $output);
        }
        protected function execute(InputInterface $input, OutputInterface $output)
        {
            return self::SUCCESS;
        }
    }
}
