<?php

declare(strict_types=1);

// Stand-ins for the OpenCart 4.0.2 engine (registry, loader, config, request, response,
// session, url, language, currency, order model) so the extension's controllers and model run
// under plain PHP. The Paystra library is where plugin.json's "coreInto" puts it.

namespace {
    if (PHP_SAPI !== 'cli') {
        http_response_code(404);
        exit;
    }

    define('PLUGIN_ROOT', dirname(__DIR__));
    define('VERSION', '4.0.2.3');
    define('DB_PREFIX', 'oc_');
    define('DIR_EXTENSION', dirname(PLUGIN_ROOT) . '/');
    define('HTTP_CATALOG', 'https://store.test/');

    $plugin = json_decode((string) file_get_contents(PLUGIN_ROOT . '/plugin.json'), true);
    if (!is_file(PLUGIN_ROOT . '/' . $plugin['coreInto'] . '/autoload.php')) {
        fwrite(STDERR, "The Paystra PHP library is missing at {$plugin['coreInto']}/: it ships in the plugin's archive, with these tests\n");
        exit(2);
    }
}

namespace Opencart\System\Engine {
    /** The objects $this->x resolves to in controllers and models. */
    final class Registry
    {
        public array $objects = [];
    }

    abstract class Controller
    {
        public function __construct(protected Registry $registry)
        {
        }
        public function __get(string $key): mixed
        {
            return $this->registry->objects[$key] ?? throw new \LogicException("no $key in the registry");
        }
    }

    abstract class Model extends Controller
    {
    }
}

namespace Paystra\Tests\OpenCart {
    use Opencart\System\Engine\Registry;

    final class Redirected extends \RuntimeException
    {
        public function __construct(public readonly string $url)
        {
            parent::__construct("redirect to $url");
        }
    }

    final class Config
    {
        public function __construct(public array $values)
        {
        }
        public function get(string $key): mixed
        {
            return $this->values[$key] ?? null;
        }
    }

    final class Request
    {
        public array $get = [];
        public array $post = [];
        public array $server = ['SERVER_PROTOCOL' => 'HTTP/1.1'];
    }

    final class Response
    {
        public array $headers = [];
        public string $output = '';
        public function addHeader(string $header): void
        {
            $this->headers[] = $header;
        }
        public function setOutput(string $output): void
        {
            $this->output = $output;
        }
        public function redirect(string $url, int $status = 302): void
        {
            throw new Redirected(str_replace('&amp;', '&', $url));
        }
        public function json(): array
        {
            return json_decode($this->output, true);
        }
    }

    final class Session
    {
        public array $data = [];
    }

    final class Url
    {
        public function link(string $route, string|array $args = '', bool $js = false): string
        {
            $url = 'https://store.test/index.php?route=' . $route . ($args !== '' ? '&' . (is_array($args) ? http_build_query($args) : $args) : '');
            return $js ? $url : str_replace('&', '&amp;', $url);
        }
    }

    final class Language
    {
        public array $data = [];
        public function get(string $key): string
        {
            return $this->data[$key] ?? $key;
        }
    }

    final class Log
    {
        public array $lines = [];
        public function write(string $message): void
        {
            $this->lines[] = $message;
        }
    }

    /** Rupee has two decimals; the store's default currency here is the rupee (value 1). */
    final class Currency
    {
        public function format(float $number, string $currency, float $value = 0, bool $format = true): string|float
        {
            $amount = round($number * ($value ?: 1.0), 2);
            return $format ? '₹' . number_format($amount, 2) : $amount;
        }
    }

    final class User
    {
        public bool $allowed = true;
        public function hasPermission(string $key, string $route): bool
        {
            return $this->allowed;
        }
    }

    final class Document
    {
        public string $title = '';
        public function setTitle(string $title): void
        {
            $this->title = $title;
        }
    }

    final class Db
    {
        public array $queries = [];
        public int $rows = 1;
        /** @var (\Closure(): list<array>)|null the order model's history lines, for the history queries */
        public ?\Closure $history = null;
        public function query(string $sql): object
        {
            $this->queries[] = $sql;
            if (($lock = \Paystra\Tests\TestCase::lockQuery($sql)) !== null) {
                return (object) ['num_rows' => 1, 'row' => ['result' => $lock], 'rows' => [['result' => $lock]]];
            }
            if (preg_match("/^SELECT `order_history_id` FROM `oc_order_history` WHERE `order_id` = '(\\d+)' AND `comment` LIKE '(.+)%' LIMIT 1$/", $sql, $m) === 1) {
                $rows = array_values(array_filter(($this->history)(), static fn (array $line): bool => $line['order_id'] === (int) $m[1] && str_starts_with($line['comment'], stripslashes($m[2]))));
                $rows = array_slice($rows, 0, 1);
                return (object) ['num_rows' => count($rows), 'row' => $rows[0] ?? [], 'rows' => $rows];
            }
            if (preg_match("/^SELECT `order_status_id`, `comment` FROM `oc_order_history` WHERE `order_id` = '(\\d+)' ORDER BY `order_history_id`$/", $sql, $m) === 1) {
                $rows = array_values(array_filter(($this->history)(), static fn (array $line): bool => $line['order_id'] === (int) $m[1]));
                return (object) ['num_rows' => count($rows), 'row' => $rows[0] ?? [], 'rows' => $rows];
            }
            return (object) ['num_rows' => $this->rows, 'row' => [], 'rows' => []];
        }
        public function escape(string $value): string
        {
            return addslashes($value);
        }
    }

    final class OrderModel
    {
        public array $orders = [];
        public array $history = [];
        public function getOrder(int $order_id): array
        {
            return $this->orders[$order_id] ?? [];
        }
        public function addHistory(int $order_id, int $order_status_id, string $comment = '', bool $notify = false, bool $override = false): void
        {
            $this->history[] = compact('order_id', 'order_status_id', 'comment', 'notify');
            $this->orders[$order_id]['order_status_id'] = $order_status_id;
        }
    }

    final class SettingModel
    {
        public array $saved = [];
        public function editSetting(string $code, array $data, int $store_id = 0): void
        {
            $this->saved[$code] = $data;
        }
    }

    /** $this->load: models and languages from the extension's files, views rendered as data. */
    final class Loader
    {
        public array $views = [];
        public function __construct(private Registry $registry, private string $area)
        {
        }
        public function model(string $route): void
        {
            $key = 'model_' . str_replace('/', '_', $route);
            if (isset($this->registry->objects[$key])) {
                return;
            }
            if (str_starts_with($route, 'extension/paystra/')) {
                require_once PLUGIN_ROOT . '/' . $this->area . '/model/' . substr($route, 18) . '.php';
                $class = 'Opencart\\' . ucfirst($this->area) . '\\Model\\Extension\\Paystra\\Payment\\Paystra';
                $this->registry->objects[$key] = new $class($this->registry);
                return;
            }
            $this->registry->objects[$key] = match ($route) {
                'checkout/order' => new OrderModel(),
                'setting/setting' => new SettingModel(),
                'localisation/order_status' => new class () {
                    public function getOrderStatuses(): array
                    {
                        return [['order_status_id' => 1, 'name' => 'Pending'], ['order_status_id' => 2, 'name' => 'Processing'], ['order_status_id' => 10, 'name' => 'Failed']];
                    }
                },
                'localisation/geo_zone' => new class () {
                    public function getGeoZones(): array
                    {
                        return [['geo_zone_id' => 3, 'name' => 'India']];
                    }
                },
            };
        }
        public function language(string $route): array
        {
            $_ = [];
            require PLUGIN_ROOT . '/' . $this->area . '/language/en-gb/' . substr($route, 18) . '.php';
            $this->registry->objects['language']->data = $_ + $this->registry->objects['language']->data;
            return $_;
        }
        public function view(string $route, array $data = []): string
        {
            $this->views[] = [$route, $data];
            return "[view $route]";
        }
        public function controller(string $route): string
        {
            return "[$route]";
        }
    }

    /** A registry as the store (catalog) or the back office (admin) builds it. */
    function registry(string $area, array $config): Registry
    {
        $registry = new Registry();
        $registry->objects = [
            'config' => new Config($config),
            'request' => new Request(),
            'response' => new Response(),
            'session' => new Session(),
            'url' => new Url(),
            'language' => new Language(),
            'log' => new Log(),
            'currency' => new Currency(),
            'user' => new User(),
            'document' => new Document(),
            'db' => new Db(),
        ];
        $registry->objects['load'] = new Loader($registry, $area);
        return $registry;
    }
}

namespace {
    require PLUGIN_ROOT . '/catalog/controller/payment/paystra.php';
    require PLUGIN_ROOT . '/admin/controller/payment/paystra.php';
    require PLUGIN_ROOT . '/catalog/model/payment/paystra.php';

    use Opencart\System\Engine\Registry;

    /** A store with the extension installed in test mode against a local sandbox. */
    abstract class OpenCartTestCase extends \Paystra\Tests\TestCase
    {
        protected Registry $store;

        protected function setUp(): void
        {
            $this->store = \Paystra\Tests\OpenCart\registry('catalog', [
                'config_language' => 'en-gb',
                'config_url' => 'https://store.test/',
                'config_processing_status' => ['2', '3'],
                'config_complete_status' => ['5'],
                'payment_paystra_status' => '1',
                'payment_paystra_test_mode' => '1',
                'payment_paystra_gateway_url' => 'http://127.0.0.1:4100/sandbox',
                'payment_paystra_order_status_id' => '2',
                'payment_paystra_pending_status_id' => '1',
                'payment_paystra_failed_status_id' => '10',
                'payment_paystra_dispute_status_id' => '1',
                'config_order_status_id' => '1',
                'payment_paystra_sort_order' => '1',
            ]);
            $this->store->objects['session']->data['currency'] = 'INR';
            $this->store->objects['db']->history = fn (): array => $this->orders()->history;
        }

        protected function catalog(): \Opencart\Catalog\Controller\Extension\Paystra\Payment\Paystra
        {
            return new \Opencart\Catalog\Controller\Extension\Paystra\Payment\Paystra($this->store);
        }

        protected function orders(): \Paystra\Tests\OpenCart\OrderModel
        {
            $this->store->objects['load']->model('checkout/order');
            return $this->store->objects['model_checkout_order'];
        }

        /** An order placed at checkout with Paystra chosen: status 0 until paid. */
        protected function placedOrder(float $total = 1499.5, int $id = 77, string $currency = 'INR', string $method = 'paystra.paystra'): array
        {
            $order = [
                'order_id' => $id, 'total' => $total, 'currency_code' => $currency, 'currency_value' => 1.0,
                'firstname' => 'Rohan', 'lastname' => 'Gupta', 'email' => 'rohan.gupta@example.com',
                'telephone' => '+91-98111-22233', 'customer_id' => 12, 'order_status_id' => 0,
                'payment_method' => ['name' => 'Paystra', 'code' => $method],
            ];
            $this->orders()->orders[$id] = $order;
            $this->store->objects['session']->data['order_id'] = $id;
            $this->store->objects['session']->data['payment_method'] = ['name' => 'Paystra', 'code' => $method];
            return $order;
        }
    }
}
