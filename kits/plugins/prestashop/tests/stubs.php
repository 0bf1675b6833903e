<?php

declare(strict_types=1);

// Stand-ins for the PrestaShop 8 classes the module touches, reduced to what the tests
// exercise. State lives in $GLOBALS['ps'] and is reset by PrestaShopTestCase::setUp().

namespace PrestaShop\PrestaShop\Core\Payment {
    class PaymentOption
    {
        public array $set = [];
        public function __call($name, $arguments)
        {
            $this->set[lcfirst(substr($name, 3))] = $arguments[0];
            return $this;
        }
    }
}

namespace {
    if (PHP_SAPI !== 'cli') {
        http_response_code(404);
        exit;
    }

    define('_PS_VERSION_', '8.2.0');
    define('_DB_PREFIX_', 'ps_');
    define('_MYSQL_ENGINE_', 'InnoDB');

    /**
     * Db::getInstance(): the module's cart lock (GET_LOCK / RELEASE_LOCK) and its settlement
     * table, kept in $tables (rows by id_order) as the module's SQL writes and reads them.
     */
    final class Db
    {
        public const INSERT = 1;
        public const INSERT_IGNORE = 2;
        public const REPLACE = 3;
        private static ?Db $instance = null;
        public array $queries = [];
        public array $useCache = [];
        /** Statements run with execute() (the table's CREATE). */
        public array $executed = [];
        /** @var array<string, array<int, array<string, string>>> */
        public array $tables = [];
        public bool $failWrites = false;
        public static function getInstance($master = true): Db
        {
            return self::$instance ??= new self();
        }
        public static function reset(): void
        {
            self::$instance = null;
        }
        public function getValue($sql, $use_cache = true)
        {
            $this->queries[] = $sql;
            $this->useCache[] = $use_cache;
            return \Paystra\Tests\TestCase::lockQuery((string) $sql) ?? false;
        }
        public function execute($sql, $use_cache = true)
        {
            $this->executed[] = $sql;
            if (preg_match('/^CREATE TABLE IF NOT EXISTS `(\w+)`/', (string) $sql, $m) === 1) {
                $this->tables[$m[1]] ??= [];
            }
            return true;
        }
        public function insert($table, $data, $null_values = false, $use_cache = true, $type = 1, $add_prefix = true)
        {
            $table = ($add_prefix ? _DB_PREFIX_ : '') . $table;
            $this->queries[] = "INSERT INTO `$table`";
            if ($this->failWrites || !isset($this->tables[$table]) || ($type !== self::REPLACE && isset($this->tables[$table][(int) $data['id_order']]))) {
                return false; // no table, or the PRIMARY KEY (id_order) taken (REPLACE replaces the row)
            }
            $this->tables[$table][(int) $data['id_order']] = array_map('stripslashes', array_map('strval', $data));
            return true;
        }
        public function getRow($sql, $use_cache = true)
        {
            $this->queries[] = $sql;
            if (preg_match('/^SELECT (.+) FROM `(\w+)` WHERE `id_order` = (\d+)$/', (string) $sql, $m) === 1) {
                $row = $this->tables[$m[2]][(int) $m[3]] ?? null;
                return $row === null ? false : array_intersect_key($row, array_flip(array_map(static fn (string $column): string => trim($column, ' `'), explode(',', $m[1]))));
            }
            return false;
        }
    }

    function pSQL($string, $htmlOK = false)
    {
        return addslashes((string) $string);
    }

    function ps_reset(): void
    {
        Db::reset();
        $GLOBALS['ps'] = [
            'config' => ['PS_OS_PAYMENT' => '2', 'PS_OS_SHIPPING' => '4', 'PS_OS_CANCELED' => '6', 'PS_OS_REFUND' => '7', 'PS_OS_ERROR' => '8', 'PS_LANG_DEFAULT' => '1'],
            'objects' => [],
            'cartOrders' => [],
            'validated' => [],
            'states' => [],
            'logs' => [],
            'get' => [],
            'payment_modules' => [['name' => 'paystra']],
        ];
        Context::$instance = null;
    }

    /** Thrown where PrestaShop would send a Location header and exit. */
    final class Redirected extends RuntimeException
    {
        public function __construct(public readonly string $url, public readonly array $errors = [])
        {
            parent::__construct("redirect to $url");
        }
    }

    class ObjectModel
    {
        public $id;
        public function __construct($id = null)
        {
            foreach ($GLOBALS['ps']['objects'][static::class][(int) $id] ?? [] as $key => $value) {
                $this->$key = $value;
            }
        }
        public static function store(int $id, array $values): void
        {
            $GLOBALS['ps']['objects'][static::class][$id] = ['id' => $id] + $values;
        }
    }

    class Cart extends ObjectModel
    {
        public const BOTH = 3;
        public $id_customer = 0;
        public $id_currency = 0;
        public $id_address_delivery = 0;
        public $id_address_invoice = 0;
        public $total = 0.0;
        public function getOrderTotal($withTaxes = true, $type = self::BOTH)
        {
            return $this->total;
        }
    }
    class Customer extends ObjectModel
    {
        public $firstname = '';
        public $lastname = '';
        public $email = '';
        public $secure_key = '';
    }
    class Address extends ObjectModel
    {
        public $phone = '';
        public $phone_mobile = '';
    }
    class Currency extends ObjectModel
    {
        public $iso_code = '';
    }
    class Order extends ObjectModel
    {
        public $module = '';
        public $reference = '';
        public $current_state = 0;
        public $payments = [];
        public function getOrderPaymentCollection()
        {
            return $this->payments;
        }
        public function getCurrentState()
        {
            return $this->current_state;
        }
        public function setCurrentState($id_order_state, $id_employee = 0)
        {
            $this->current_state = (int) $id_order_state;
            $GLOBALS['ps']['objects'][self::class][(int) $this->id]['current_state'] = $this->current_state;
            $GLOBALS['ps']['states'][] = [(int) $this->id, $this->current_state];
        }
        public static function getIdByCartId($idCart)
        {
            return $GLOBALS['ps']['cartOrders'][(int) $idCart] ?? false;
        }
    }
    class OrderState extends ObjectModel
    {
        public $name;
        public $module_name;
        public $color;
        public $send_email;
        public $logable;
        public $unremovable;
        public $hidden;
        public $paid;
        /** Ids from 42, in the order the states are added; order_state is the first (the pending one). */
        public function add()
        {
            $this->id = 42 + count($GLOBALS['ps']['order_states'] ?? []);
            $GLOBALS['ps']['order_states'][] = $this;
            $GLOBALS['ps']['order_state'] ??= $this;
            return true;
        }
    }
    class Language
    {
        public static function getLanguages($active = true)
        {
            return [['id_lang' => 1, 'iso_code' => 'en'], ['id_lang' => 2, 'iso_code' => 'hi']];
        }
    }

    class Validate
    {
        public static function isLoadedObject($object)
        {
            return is_object($object) && (int) $object->id > 0;
        }
    }

    class Configuration
    {
        public static function get($key, $idLang = null, $idShopGroup = null, $idShop = null, $default = false)
        {
            return $GLOBALS['ps']['config'][$key] ?? $default;
        }
        public static function updateValue($key, $values, $html = false)
        {
            $GLOBALS['ps']['config'][$key] = (string) $values;
            return true;
        }
        public static function deleteByName($key)
        {
            unset($GLOBALS['ps']['config'][$key]);
            return true;
        }
    }

    class Tools
    {
        public static function getValue($key, $default = false)
        {
            return $GLOBALS['ps']['get'][$key] ?? $default;
        }
        public static function getIsset($key)
        {
            return isset($GLOBALS['ps']['get'][$key]);
        }
        public static function isSubmit($submit)
        {
            return isset($GLOBALS['ps']['get'][$submit]);
        }
        public static function getAdminTokenLite($tab)
        {
            return 'token';
        }
        public static function redirect($url)
        {
            throw new Redirected($url);
        }
    }

    class PrestaShopLogger
    {
        public static function addLog($message, $severity = 1, $errorCode = null, $objectType = null, $objectId = null, $allowDuplicate = false)
        {
            $GLOBALS['ps']['logs'][] = [$severity, $message];
            return true;
        }
    }

    class Link
    {
        public function getModuleLink($module, $controller = 'default', array $params = [], $ssl = null)
        {
            return "https://shop.test/module/$module/$controller" . ($params ? '?' . http_build_query($params) : '');
        }
        public function getPageLink($controller, $ssl = null, $idLang = null, $request = null)
        {
            return "https://shop.test/index.php?controller=$controller" . ($request ? '&' . http_build_query($request) : '');
        }
    }

    class Smarty
    {
        public array $vars = [];
        public function assign($name, $value = null)
        {
            $this->vars = is_array($name) ? $name + $this->vars : [$name => $value] + $this->vars;
            return $this;
        }
    }

    class Cookie
    {
        public bool $writable = true;
        public function disallowWriting()
        {
            $this->writable = false;
        }
    }

    class Context
    {
        public static ?Context $instance = null;
        public Link $link;
        public Smarty $smarty;
        public Cookie $cookie;
        public $cart;
        public static function getContext()
        {
            if (self::$instance === null) {
                self::$instance = new self();
                self::$instance->link = new Link();
                self::$instance->smarty = new Smarty();
                self::$instance->cookie = new Cookie();
            }
            return self::$instance;
        }
    }

    class Module
    {
        public $name;
        public $id = 7;
        public $active = true;
        public $context;
        public $table = 'module';
        public $identifier = 'id_module';
        public $displayName;
        public $registeredHooks = [];
        public function __construct($name = null, $context = null)
        {
            $this->context = $context ?? Context::getContext();
        }
        public function trans($id, array $parameters = [], $domain = null, $locale = null)
        {
            return strtr($id, $parameters);
        }
        public function install()
        {
            return true;
        }
        public function uninstall()
        {
            return true;
        }
        public function registerHook($hookName)
        {
            $this->registeredHooks[] = $hookName;
            return true;
        }
        public function fetch($templatePath)
        {
            return $templatePath . ' ' . json_encode($this->context->smarty->vars);
        }
        public function displayConfirmation($string)
        {
            return "<div class=\"conf\">$string</div>";
        }
        public function displayError($error)
        {
            return "<div class=\"error\">$error</div>";
        }
        public static function getPaymentModules()
        {
            return $GLOBALS['ps']['payment_modules'];
        }
    }

    abstract class PaymentModule extends Module
    {
        public $currentOrder;
        public $currencies;
        public $currencies_mode;
        public function validateOrder($id_cart, $id_order_state, $amount_paid, $payment_method = 'Unknown', $message = null, $extra_vars = [], $currency_special = null, $dont_touch_amount = false, $secure_key = false, $shop = null, $order_reference = null)
        {
            $GLOBALS['ps']['validated'][] = compact('id_cart', 'id_order_state', 'amount_paid', 'payment_method', 'message', 'extra_vars', 'currency_special', 'secure_key');
            $this->currentOrder = 1000 + (int) $id_cart;
            $GLOBALS['ps']['cartOrders'][(int) $id_cart] = $this->currentOrder;
            Order::store($this->currentOrder, ['module' => $this->name, 'current_state' => (int) $id_order_state]);
            return true;
        }
    }

    class FrontController
    {
        public $context;
        public $errors = [];
        public ?string $template = null;
        public bool $initialised = false;
        public function __construct()
        {
            $this->context = Context::getContext();
        }
        public function init()
        {
            $this->initialised = true;
        }
        public function setTemplate($template, $params = [], $locale = null)
        {
            $this->template = $template;
        }
        public function redirectWithNotifications($url)
        {
            throw new Redirected($url, $this->errors);
        }
        public function trans($id, array $parameters = [], $domain = null, $locale = null)
        {
            return strtr($id, $parameters);
        }
    }

    class ModuleFrontController extends FrontController
    {
        public $module;
        public function __construct()
        {
            parent::__construct();
            $this->module = $GLOBALS['ps']['module'];
        }
    }

    class AdminController
    {
        public static $currentIndex = 'index.php?controller=AdminModules';
    }

    class HelperForm
    {
        public $module;
        public $name_controller;
        public $table;
        public $identifier;
        public $token;
        public $currentIndex;
        public $default_form_language;
        public $submit_action;
        public $fields_value = [];
        public static array $last = [];
        public function generateForm($fieldsForm)
        {
            self::$last = ['form' => $fieldsForm, 'values' => $this->fields_value, 'submit' => $this->submit_action];
            return '<form>' . count($fieldsForm[0]['form']['input']) . ' fields</form>';
        }
    }
}
