<?php
/**
 * Paystra for PrestaShop: the Paystra hosted checkout as a payment module.
 *
 * @author    Paystra Payments Private Limited <support@paystra.example>
 * @copyright 2026 Paystra Payments Private Limited
 * @license   https://opensource.org/licenses/MIT MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

use Paystra\Plugin\Dispute;
use Paystra\Plugin\HostedCheckout;
use Paystra\Plugin\MysqlOrderLock;
use Paystra\Plugin\Outcome;
use Paystra\Plugin\Rejected;
use Paystra\Plugin\SettledPayment;
use PrestaShop\PrestaShop\Core\Payment\PaymentOption;

require_once __DIR__ . '/lib/paystra/autoload.php';
require_once __DIR__ . '/lib/HostedCheckout.php';

class Paystra extends PaymentModule
{
    /** Configuration keys. */
    public const TEST_MODE = 'PAYSTRA_TEST_MODE';
    public const PAY_ID = 'PAYSTRA_PAY_ID';
    public const SALT = 'PAYSTRA_SALT';
    public const KEY_SALT = 'PAYSTRA_KEY_SALT';
    /** Verifies the signed webhook (from the merchant portal; not the salt). */
    public const WEBHOOK_SECRET = 'PAYSTRA_WEBHOOK_SECRET';
    public const GATEWAY_URL = 'PAYSTRA_GATEWAY_URL';
    /** The order state of a payment the bank has not confirmed yet (RESPONSE_CODE 026). */
    public const OS_PENDING = 'PAYSTRA_OS_PENDING';
    /** The order state of a paid order whose payment the cardholder disputes, until it is won. */
    public const OS_DISPUTED = 'PAYSTRA_OS_DISPUTED';

    /** Starts every gateway ORDER_ID of this shop: PS-<cart id>-<milliseconds>. */
    public const ORDER_PREFIX = 'PS';

    /** The module's table (after _DB_PREFIX_): each order's settlement, its UTR and date. */
    public const SETTLEMENT_TABLE = 'paystra_settlement';

    /** The module's table (after _DB_PREFIX_): each order's dispute, its deadline and outcome. */
    public const DISPUTE_TABLE = 'paystra_dispute';

    private ?HostedCheckout $checkout = null;

    public function __construct()
    {
        $this->name = 'paystra';
        $this->tab = 'payments_gateways';
        $this->version = '1.2.0';
        $this->author = 'Paystra Payments Private Limited';
        $this->need_instance = 0;
        $this->ps_versions_compliancy = ['min' => '8.0.0', 'max' => '8.99.99'];
        $this->bootstrap = true;
        $this->controllers = ['redirect', 'validation', 'webhook'];
        $this->currencies = true;
        $this->currencies_mode = 'checkbox';

        parent::__construct();

        $this->displayName = $this->trans('Paystra', [], 'Modules.Paystra.Admin');
        $this->description = $this->trans('Cards, UPI, net banking and wallets on the Paystra hosted payment page, with signed requests and verified, encrypted responses.', [], 'Modules.Paystra.Admin');
        $this->confirmUninstall = $this->trans('Remove Paystra and its settings? Orders keep their payment records.', [], 'Modules.Paystra.Admin');
    }

    public function isUsingNewTranslationSystem()
    {
        return true;
    }

    public function install()
    {
        return parent::install()
            && $this->registerHook('paymentOptions')
            && $this->registerHook('displayPaymentReturn')
            && Configuration::updateValue(self::TEST_MODE, '1')
            && Configuration::updateValue(self::GATEWAY_URL, '')
            && $this->installPendingState()
            && $this->installSettlements()
            && $this->installDisputes();
    }

    /**
     * The dispute table and the "Paystra dispute open" order state (also run by
     * upgrade/upgrade-1.2.0.php). The table outlives an uninstall, as the orders' payment records do.
     */
    public function installDisputes(): bool
    {
        return Db::getInstance()->execute('CREATE TABLE IF NOT EXISTS `' . _DB_PREFIX_ . self::DISPUTE_TABLE . '` (
            `id_order` INT(10) UNSIGNED NOT NULL,
            `dispute_id` VARCHAR(32) NOT NULL,
            `record` VARCHAR(48) NOT NULL,
            `status` VARCHAR(16) NOT NULL,
            `reason_code` VARCHAR(8) NOT NULL,
            `reason` VARCHAR(255) NOT NULL,
            `respond_by` DATE NOT NULL,
            `resolution` VARCHAR(255) NOT NULL,
            `state_before` INT(10) UNSIGNED NOT NULL,
            `note` TEXT NOT NULL,
            `date_upd` DATETIME NOT NULL,
            PRIMARY KEY (`id_order`),
            KEY `dispute_id` (`dispute_id`)
        ) ENGINE=' . _MYSQL_ENGINE_ . ' DEFAULT CHARSET=utf8mb4')
            && $this->installDisputedState();
    }

    /**
     * The settlement table and the order page's Paystra block (also run by upgrade/upgrade-1.1.0.php).
     * The table outlives an uninstall, as the orders' payment records do.
     */
    public function installSettlements(): bool
    {
        return Db::getInstance()->execute('CREATE TABLE IF NOT EXISTS `' . _DB_PREFIX_ . self::SETTLEMENT_TABLE . '` (
            `id_order` INT(10) UNSIGNED NOT NULL,
            `settlement_id` VARCHAR(32) NOT NULL,
            `utr` VARCHAR(32) NOT NULL,
            `settlement_date` DATE NOT NULL,
            `note` TEXT NOT NULL,
            `date_add` DATETIME NOT NULL,
            PRIMARY KEY (`id_order`),
            KEY `utr` (`utr`)
        ) ENGINE=' . _MYSQL_ENGINE_ . ' DEFAULT CHARSET=utf8mb4')
            && $this->registerHook('displayAdminOrderSide');
    }

    public function uninstall()
    {
        foreach ([self::TEST_MODE, self::PAY_ID, self::SALT, self::KEY_SALT, self::WEBHOOK_SECRET, self::GATEWAY_URL] as $key) {
            Configuration::deleteByName($key);
        }
        return parent::uninstall();
    }

    /** "Awaiting Paystra confirmation": the bank has not confirmed the payment yet. */
    private function installPendingState(): bool
    {
        if ((int) Configuration::get(self::OS_PENDING) > 0) {
            return true;
        }
        $state = new OrderState();
        $state->name = [];
        foreach (Language::getLanguages(false) as $language) {
            $state->name[$language['id_lang']] = 'Awaiting Paystra confirmation';
        }
        $state->module_name = $this->name;
        $state->color = '#4169E1';
        $state->send_email = false;
        $state->logable = false;
        $state->unremovable = true;
        $state->hidden = false;
        return $state->add() && Configuration::updateValue(self::OS_PENDING, (int) $state->id);
    }

    /**
     * "Paystra dispute open": the payment was taken, but the cardholder disputes it and the amount
     * is held from the settlements. Still a sale (logable, paid); no email to the customer.
     */
    private function installDisputedState(): bool
    {
        if ((int) Configuration::get(self::OS_DISPUTED) > 0) {
            return true;
        }
        $state = new OrderState();
        $state->name = [];
        foreach (Language::getLanguages(false) as $language) {
            $state->name[$language['id_lang']] = 'Paystra dispute open';
        }
        $state->module_name = $this->name;
        $state->color = '#E74C3C';
        $state->send_email = false;
        $state->logable = true;
        $state->paid = true;
        $state->unremovable = true;
        $state->hidden = false;
        return $state->add() && Configuration::updateValue(self::OS_DISPUTED, (int) $state->id);
    }

    /** The payment option, for carts in rupees once the module is configured. */
    public function hookPaymentOptions($params)
    {
        $cart = $params['cart'] ?? $this->context->cart;
        if (!$this->active || !$this->isRupeeCart($cart) || !$this->isConfigured()) {
            return [];
        }
        $this->context->smarty->assign(['paystraTestMode' => $this->isTestMode()]);
        $option = new PaymentOption();
        $option->setModuleName($this->name)
            ->setCallToActionText($this->trans('Pay by card, UPI, net banking or wallet (Paystra)', [], 'Modules.Paystra.Shop'))
            ->setAction($this->context->link->getModuleLink($this->name, 'redirect', [], true))
            ->setAdditionalInformation($this->fetch('module:paystra/views/templates/hook/payment_info.tpl'));
        return [$option];
    }

    public function hookDisplayPaymentReturn($params)
    {
        $order = $params['order'] ?? null;
        if (!$this->active || !$order instanceof Order || $order->module !== $this->name) {
            return '';
        }
        $payments = $order->getOrderPaymentCollection();
        $this->context->smarty->assign([
            'paystraReference' => $order->reference,
            'paystraTxnId' => count($payments) ? $payments[0]->transaction_id : '',
            'paystraPending' => (int) $order->getCurrentState() === (int) Configuration::get(self::OS_PENDING),
        ]);
        return $this->fetch('module:paystra/views/templates/hook/payment_return.tpl');
    }

    /** The order page in the back office: the order's Paystra dispute and settlement, once it has them. */
    public function hookDisplayAdminOrderSide($params)
    {
        $idOrder = (int) ($params['id_order'] ?? 0);
        $html = '';
        $dispute = $this->disputeOf($idOrder);
        if ($dispute !== null) {
            $this->context->smarty->assign(['paystraDispute' => $dispute]);
            $html .= $this->fetch('module:paystra/views/templates/hook/admin_order_dispute.tpl');
        }
        $settlement = $this->settlementOf($idOrder);
        if ($settlement !== null) {
            $this->context->smarty->assign(['paystraSettlement' => $settlement]);
            $html .= $this->fetch('module:paystra/views/templates/hook/admin_order_settlement.tpl');
        }
        return $html;
    }

    /**
     * The dispute recorded for an order: dispute_id, record (Dispute::record()), status,
     * reason_code, reason, respond_by (YYYY-MM-DD), resolution, state_before, note; null when
     * the order has none.
     *
     * @return array<string, string>|null
     */
    public function disputeOf(int $idOrder): ?array
    {
        $row = Db::getInstance()->getRow('SELECT `dispute_id`, `record`, `status`, `reason_code`, `reason`, `respond_by`, `resolution`, `state_before`, `note` FROM `' . _DB_PREFIX_ . self::DISPUTE_TABLE . '` WHERE `id_order` = ' . $idOrder, false);
        return is_array($row) && $row !== [] ? array_map('strval', $row) : null;
    }

    /**
     * The settlement recorded for an order: settlement_id, utr ('' when it was carried forward),
     * settlement_date (YYYY-MM-DD), note; null when the order has none.
     *
     * @return array<string, string>|null
     */
    public function settlementOf(int $idOrder): ?array
    {
        $row = Db::getInstance()->getRow('SELECT `settlement_id`, `utr`, `settlement_date`, `note` FROM `' . _DB_PREFIX_ . self::SETTLEMENT_TABLE . '` WHERE `id_order` = ' . $idOrder, false);
        return is_array($row) && $row !== [] ? array_map('strval', $row) : null;
    }

    /** The configuration page: saves the form, then shows it. */
    public function getContent()
    {
        $output = '';
        if (Tools::isSubmit('submitPaystra')) {
            $errors = $this->saveConfiguration();
            $output .= $errors === []
                ? $this->displayConfirmation($this->trans('Settings updated.', [], 'Admin.Notifications.Success'))
                : $this->displayError(implode('<br>', $errors));
        }
        return $output . $this->renderForm();
    }

    /** @return list<string> the problems, none when saved */
    public function saveConfiguration(): array
    {
        $payId = trim((string) Tools::getValue(self::PAY_ID));
        $gatewayUrl = trim((string) Tools::getValue(self::GATEWAY_URL));
        $errors = [];
        if ($payId !== '' && !preg_match('/^\d{16}$/', $payId)) {
            $errors[] = $this->trans('The Pay ID must be the 16-digit PAY_ID from the Paystra merchant portal.', [], 'Modules.Paystra.Admin');
        }
        if ($gatewayUrl !== '' && !preg_match('#^https?://[^\s/]+#i', $gatewayUrl)) {
            $errors[] = $this->trans('The gateway URL must start with https:// (or http:// for a local sandbox).', [], 'Modules.Paystra.Admin');
        }
        if ($errors !== []) {
            return $errors;
        }
        Configuration::updateValue(self::TEST_MODE, Tools::getValue(self::TEST_MODE) ? '1' : '0');
        Configuration::updateValue(self::PAY_ID, $payId);
        Configuration::updateValue(self::GATEWAY_URL, $gatewayUrl);
        // Secrets are never shown again: an empty box keeps the saved value.
        foreach ([self::SALT, self::KEY_SALT, self::WEBHOOK_SECRET] as $secret) {
            $value = trim((string) Tools::getValue($secret));
            if ($value !== '') {
                Configuration::updateValue($secret, $value);
            }
        }
        $this->checkout = null;
        return [];
    }

    public function renderForm(): string
    {
        $helper = new HelperForm();
        $helper->module = $this;
        $helper->name_controller = $this->name;
        $helper->table = $this->table;
        $helper->identifier = $this->identifier;
        $helper->token = Tools::getAdminTokenLite('AdminModules');
        $helper->currentIndex = AdminController::$currentIndex . '&configure=' . $this->name;
        $helper->default_form_language = (int) Configuration::get('PS_LANG_DEFAULT');
        $helper->submit_action = 'submitPaystra';
        $helper->fields_value = [
            self::TEST_MODE => (int) $this->isTestMode(),
            self::PAY_ID => (string) Configuration::get(self::PAY_ID),
            self::SALT => '',
            self::KEY_SALT => '',
            self::WEBHOOK_SECRET => '',
            self::GATEWAY_URL => (string) Configuration::get(self::GATEWAY_URL),
        ];
        return $helper->generateForm([['form' => [
            'legend' => ['title' => $this->trans('Paystra settings', [], 'Modules.Paystra.Admin'), 'icon' => 'icon-credit-card'],
            'description' => $this->trans('AMOUNT is sent in paise (₹1,499.50 → 149950). The return URL to register with Paystra is %url%.', ['%url%' => $this->returnUrl()], 'Modules.Paystra.Admin'),
            'input' => [
                [
                    'type' => 'switch',
                    'label' => $this->trans('Test mode', [], 'Modules.Paystra.Admin'),
                    'name' => self::TEST_MODE,
                    'is_bool' => true,
                    'desc' => $this->trans('Send payments to the Paystra sandbox; no money moves. With the credentials left blank, the sandbox demo merchant is used.', [], 'Modules.Paystra.Admin'),
                    'values' => [
                        ['id' => 'test_on', 'value' => 1, 'label' => $this->trans('Yes', [], 'Admin.Global')],
                        ['id' => 'test_off', 'value' => 0, 'label' => $this->trans('No', [], 'Admin.Global')],
                    ],
                ],
                ['type' => 'text', 'label' => $this->trans('Pay ID', [], 'Modules.Paystra.Admin'), 'name' => self::PAY_ID, 'desc' => $this->trans('Your 16-digit PAY_ID from the merchant portal.', [], 'Modules.Paystra.Admin')],
                ['type' => 'password', 'label' => $this->trans('Salt', [], 'Modules.Paystra.Admin'), 'name' => self::SALT, 'desc' => $this->trans('Signs requests and verifies responses. Leave blank to keep the saved salt.', [], 'Modules.Paystra.Admin')],
                ['type' => 'password', 'label' => $this->trans('Key salt', [], 'Modules.Paystra.Admin'), 'name' => self::KEY_SALT, 'desc' => $this->trans('Derives the key that decrypts responses (ENCDATA). Leave blank to keep the saved one.', [], 'Modules.Paystra.Admin')],
                ['type' => 'password', 'label' => $this->trans('Webhook secret', [], 'Modules.Paystra.Admin'), 'name' => self::WEBHOOK_SECRET, 'desc' => $this->trans('From the merchant portal; not the salt. Verifies the notice Paystra sends to %url% (the NOTIFY_URL of every payment), so an order is created even when the customer closes the tab before returning. Blank in test mode with the demo merchant: the demo secret. Leave blank to keep the saved one.', ['%url%' => $this->webhookUrl()], 'Modules.Paystra.Admin')],
                ['type' => 'text', 'label' => $this->trans('Gateway URL', [], 'Modules.Paystra.Admin'), 'name' => self::GATEWAY_URL, 'desc' => $this->trans('Leave blank for the default: %live%, or %sandbox% in test mode.', ['%live%' => HostedCheckout::LIVE_URL, '%sandbox%' => HostedCheckout::SANDBOX_URL], 'Modules.Paystra.Admin')],
            ],
            'submit' => ['title' => $this->trans('Save', [], 'Admin.Actions')],
        ]]]);
    }

    public function isTestMode(): bool
    {
        return HostedCheckout::flag(Configuration::get(self::TEST_MODE));
    }

    public function isConfigured(): bool
    {
        try {
            $this->checkout();
            return true;
        } catch (\Paystra\PaystraException $error) {
            return false;
        }
    }

    /** @throws \Paystra\ConfigError when the credentials are incomplete */
    public function checkout(): HostedCheckout
    {
        return $this->checkout ??= HostedCheckout::fromSettings([
            'pay_id' => (string) Configuration::get(self::PAY_ID),
            'salt' => (string) Configuration::get(self::SALT),
            'key_salt' => (string) Configuration::get(self::KEY_SALT),
            'webhook_secret' => (string) Configuration::get(self::WEBHOOK_SECRET),
            'gateway_url' => (string) Configuration::get(self::GATEWAY_URL),
            'test_mode' => $this->isTestMode(),
        ], self::ORDER_PREFIX);
    }

    /** Where Paystra sends the signed webhook (NOTIFY_URL): the module's webhook controller. */
    public function webhookUrl(): string
    {
        return $this->context->link->getModuleLink($this->name, 'webhook', [], true);
    }

    /**
     * Records a verified outcome on its cart, from the customer's return or the webhook: a paid
     * (or bank-pending) cart becomes one order; an order awaiting Paystra confirmation becomes
     * paid or failed. Anything else is left alone: a replayed response, a second delivery or an
     * older attempt's failure never undoes a payment or makes a second order.
     *
     * @return array{0: Cart, 1: int} the cart and its order id (0: none, the payment failed)
     * @throws Rejected when the outcome names no rupee cart of this shop, or another amount
     *         (Busy: another request holds the cart past the lock's timeout)
     */
    public function applyOutcome(Outcome $outcome): array
    {
        $cart = new Cart((int) $outcome->ref);
        if (!Validate::isLoadedObject($cart) || !$cart->id_customer || !$this->isRupeeCart($cart)) {
            throw new Rejected('ORDER_ID ' . $outcome->orderId . ' names no cart of this shop.');
        }
        $this->checkout()->expectAmount($outcome, (float) $cart->getOrderTotal(true, Cart::BOTH));

        // The cart's order looked up inside the cart's lock: of a return and a webhook arriving
        // together, the second finds the order the first one made and makes none.
        return $this->checkout()->withOrderLock($this->cartLock(), (string) (int) $cart->id, fn (): array => $this->applyToCart($cart, $outcome));
    }

    /**
     * Records a settled payment on the order its cart became, once: a row of the module's
     * paystra_settlement table (the UTR, the settlement date and id, and a note with the
     * amounts), shown on the order page in the back office. An order that already has a
     * settlement keeps it: a repeated event, or a second settlement naming the order, changes
     * nothing.
     *
     * @return bool true when recorded now, false when the order already had a settlement
     * @throws Rejected when the ORDER_ID names no Paystra order of this shop, or another amount
     *         (Busy: another request holds the cart past the lock's timeout)
     */
    public function recordSettlement(SettledPayment $payment): bool
    {
        $cart = new Cart((int) $payment->ref);
        $idOrder = ctype_digit($payment->ref) && Validate::isLoadedObject($cart) ? (int) Order::getIdByCartId((int) $cart->id) : 0;
        $order = $idOrder ? new Order($idOrder) : null;
        if ($order === null || !Validate::isLoadedObject($order) || $order->module !== $this->name) {
            throw new Rejected('ORDER_ID ' . $payment->orderId . ' names no Paystra order of this shop.');
        }
        $this->checkout()->expectSettledAmount($payment, (float) $cart->getOrderTotal(true, Cart::BOTH));
        return $this->checkout()->withOrderLock($this->cartLock(), (string) (int) $cart->id, function () use ($idOrder, $payment): bool {
            if ($this->settlementOf($idOrder) !== null) {
                return false;
            }
            $saved = Db::getInstance()->insert(self::SETTLEMENT_TABLE, [
                'id_order' => $idOrder,
                'settlement_id' => pSQL($payment->settlementId),
                'utr' => pSQL($payment->utr),
                'settlement_date' => pSQL($payment->settlementDate),
                'note' => pSQL($payment->note()),
                'date_add' => date('Y-m-d H:i:s'),
            ]);
            if (!$saved) {
                throw new \RuntimeException("The Paystra settlement of order $idOrder was not saved.");
            }
            return true;
        });
    }

    /**
     * Records a dispute event on the order its cart became, once, under the cart's lock
     * (Dispute::decide()): opened, the order moves to the "Paystra dispute open" state (an order
     * history line; no email) and the module's paystra_dispute table keeps the reason, the
     * deadline to respond and the note, shown on the order page in the back office; won, the
     * order gets back the state the hold took it from; lost, the row says so (the money went back
     * to the customer; the order stays in its state for the merchant to refund). An order
     * cancelled, refunded or in payment error keeps its state. A repeated event, or an opening
     * delivered after the decision, changes nothing.
     *
     * @return bool true when the order changed, false when it already had the event
     * @throws Rejected when the ORDER_ID names no Paystra order of this shop
     *         (Busy: another request holds the cart past the lock's timeout)
     */
    public function recordDispute(Dispute $dispute): bool
    {
        $cart = new Cart((int) $dispute->ref);
        $idOrder = ctype_digit($dispute->ref) && Validate::isLoadedObject($cart) ? (int) Order::getIdByCartId((int) $cart->id) : 0;
        $order = $idOrder ? new Order($idOrder) : null;
        if ($order === null || !Validate::isLoadedObject($order) || $order->module !== $this->name) {
            throw new Rejected('ORDER_ID ' . $dispute->orderId . ' names no Paystra order of this shop.');
        }
        return $this->checkout()->withOrderLock($this->cartLock(), (string) (int) $cart->id, function () use ($idOrder, $dispute): bool {
            $row = $this->disputeOf($idOrder);
            $decision = $dispute->decide($row['record'] ?? '');
            if ($decision === Dispute::NOTHING) {
                return false;
            }
            $order = new Order($idOrder);
            $current = (int) $order->getCurrentState();
            $held = (int) Configuration::get(self::OS_DISPUTED);
            $stateBefore = $row !== null && $row['dispute_id'] === $dispute->disputeId ? (int) $row['state_before'] : 0;
            $untouchable = array_map(static fn (string $key): int => (int) Configuration::get($key), ['PS_OS_CANCELED', 'PS_OS_REFUND', 'PS_OS_ERROR']);
            $next = $current;
            if ($decision === Dispute::HOLD && $held > 0 && $current !== $held && !in_array($current, $untouchable, true)) {
                [$next, $stateBefore] = [$held, $current];
            } elseif ($decision === Dispute::RESTORE && $current === $held && $stateBefore > 0) {
                $next = $stateBefore;
            }
            // The row first: a dispute not saved changes no state, and the retry finds it unrecorded.
            $saved = Db::getInstance()->insert(self::DISPUTE_TABLE, [
                'id_order' => $idOrder,
                'dispute_id' => pSQL($dispute->disputeId),
                'record' => pSQL($dispute->record()),
                'status' => pSQL($dispute->status),
                'reason_code' => pSQL($dispute->reasonCode),
                'reason' => pSQL($dispute->reason),
                'respond_by' => pSQL($dispute->respondBy),
                'resolution' => pSQL($dispute->resolution),
                'state_before' => $stateBefore,
                'note' => pSQL($dispute->note()),
                'date_upd' => date('Y-m-d H:i:s'),
            ], false, true, Db::REPLACE);
            if (!$saved) {
                throw new \RuntimeException("The Paystra dispute of order $idOrder was not saved.");
            }
            if ($next !== $current) {
                $order->setCurrentState($next);
            }
            return true;
        });
    }

    /** A cart's lock: a MySQL named lock on PrestaShop's own connection. */
    private function cartLock(): MysqlOrderLock
    {
        return new MysqlOrderLock(static fn (string $sql) => Db::getInstance()->getValue($sql, false));
    }

    /** @return array{0: Cart, 1: int} */
    private function applyToCart(Cart $cart, Outcome $outcome): array
    {
        $orderId = (int) Order::getIdByCartId((int) $cart->id);
        if (!$orderId && !$outcome->isFailed()) {
            $customer = new Customer((int) $cart->id_customer);
            $this->validateOrder(
                (int) $cart->id,
                (int) Configuration::get($outcome->isPaid() ? 'PS_OS_PAYMENT' : self::OS_PENDING),
                (float) \Paystra\Amount::toRupees($outcome->amount),
                $this->displayName,
                $outcome->summary(),
                ['transaction_id' => $outcome->txnId],
                (int) $cart->id_currency,
                false,
                $customer->secure_key
            );
            return [$cart, (int) $this->currentOrder];
        }
        if ($orderId && !$outcome->isPending()) {
            $order = new Order($orderId);
            if ($order->module === $this->name && (int) $order->getCurrentState() === (int) Configuration::get(self::OS_PENDING)) {
                $order->setCurrentState((int) Configuration::get($outcome->isPaid() ? 'PS_OS_PAYMENT' : 'PS_OS_ERROR'));
            }
        }
        return [$cart, $orderId];
    }

    /** Where Paystra posts the response: the module's validation controller. */
    public function returnUrl(): string
    {
        return $this->context->link->getModuleLink($this->name, 'validation', [], true);
    }

    public function isRupeeCart($cart): bool
    {
        if (!Validate::isLoadedObject($cart)) {
            return false;
        }
        $currency = new Currency((int) $cart->id_currency);
        return $currency->iso_code === 'INR';
    }
}
