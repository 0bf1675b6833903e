<?php

declare(strict_types=1);

/** The module class: install, payment option, configuration page, declarations. */
final class ModuleTest extends PrestaShopTestCase
{
    public function testInstallRegistersTheHooksDefaultsAndThePendingState(): void
    {
        self::assertSame(['paymentOptions', 'displayPaymentReturn', 'displayAdminOrderSide'], $this->module->registeredHooks);
        self::assertSame('1', Configuration::get(Paystra::TEST_MODE));
        self::assertSame('42', Configuration::get(Paystra::OS_PENDING));
        $state = $GLOBALS['ps']['order_state'];
        self::assertSame([1 => 'Awaiting Paystra confirmation', 2 => 'Awaiting Paystra confirmation'], $state->name);
        self::assertSame('paystra', $state->module_name);
        self::assertFalse($state->logable, 'an unconfirmed payment is not counted as a sale');
        self::assertSame(['redirect', 'validation', 'webhook'], $this->module->controllers);
        self::assertSame('checkbox', $this->module->currencies_mode);
    }

    public function testUninstallRemovesTheSettings(): void
    {
        Configuration::updateValue(Paystra::SALT, 's');
        Configuration::updateValue(Paystra::WEBHOOK_SECRET, 'wh');
        self::assertTrue($this->module->uninstall());
        self::assertSame(false, Configuration::get(Paystra::WEBHOOK_SECRET));
        self::assertSame(false, Configuration::get(Paystra::SALT));
        self::assertSame(false, Configuration::get(Paystra::TEST_MODE));
    }

    public function testInstallCreatesTheSettlementTableAndTheUpgradeTo110AddsItToOlderShops(): void
    {
        $db = Db::getInstance();
        self::assertTrue(isset($db->tables['ps_paystra_settlement']));
        $create = (string) current(array_filter($db->executed, static fn (string $sql): bool => str_starts_with($sql, 'CREATE TABLE')));
        self::assertContains('PRIMARY KEY (`id_order`)', $create, 'one settlement per order');
        self::assertContains('ENGINE=InnoDB DEFAULT CHARSET=utf8mb4', $create);

        // A shop on 1.0.0: the module is there without the table or the order page hook.
        Db::reset();
        $this->module->registeredHooks = [];
        require_once PLUGIN_ROOT . '/upgrade/upgrade-1.1.0.php';
        self::assertTrue(upgrade_module_1_1_0($this->module));
        self::assertTrue(isset(Db::getInstance()->tables['ps_paystra_settlement']));
        self::assertSame(['displayAdminOrderSide'], $this->module->registeredHooks);
    }

    public function testInstallAddsTheDisputeTableAndStateAndTheUpgradeTo120AddsThemToOlderShops(): void
    {
        self::assertTrue(isset(Db::getInstance()->tables['ps_paystra_dispute']));
        self::assertSame('43', Configuration::get(Paystra::OS_DISPUTED));
        $state = $GLOBALS['ps']['order_states'][1];
        self::assertSame([1 => 'Paystra dispute open', 2 => 'Paystra dispute open'], $state->name);
        self::assertSame([true, true, false], [$state->logable, $state->paid, $state->send_email], 'still a paid sale; the customer gets no email');

        // A shop on 1.1.0: no dispute table, no dispute state.
        Db::reset();
        $GLOBALS['ps']['order_states'] = [];
        Configuration::deleteByName(Paystra::OS_DISPUTED);
        require_once PLUGIN_ROOT . '/upgrade/upgrade-1.2.0.php';
        self::assertTrue(upgrade_module_1_2_0($this->module));
        self::assertTrue(isset(Db::getInstance()->tables['ps_paystra_dispute']));
        self::assertSame('Paystra dispute open', $GLOBALS['ps']['order_states'][0]->name[1]);
        self::assertSame('1.2.0', $this->module->version);
    }

    public function testTheOrderPageShowsTheDisputeOnceThereIsOne(): void
    {
        Db::getInstance()->tables['ps_paystra_dispute'][1031] = ['id_order' => '1031', 'dispute_id' => self::DISPUTE_ID, 'record' => self::DISPUTE_ID . ' created', 'status' => 'OPEN', 'reason_code' => '13.1', 'reason' => 'Merchandise or services not received', 'respond_by' => '2026-12-07', 'resolution' => '', 'state_before' => '2', 'note' => 'Paystra dispute …', 'date_upd' => '2026-11-30 11:00:05'];
        $html = $this->module->hookDisplayAdminOrderSide(['id_order' => 1031]);
        self::assertContains('admin_order_dispute.tpl', $html);
        self::assertContains('"respond_by":"2026-12-07"', $html);
        self::assertNotContains('admin_order_settlement.tpl', $html, 'no settlement yet');
        $template = (string) file_get_contents(PLUGIN_ROOT . '/views/templates/hook/admin_order_dispute.tpl');
        foreach (['dispute_id', 'status', 'reason_code', 'reason', 'respond_by', 'note'] as $field) {
            self::assertContains('{$paystraDispute.' . $field . "|escape:'html':'UTF-8'}", $template);
        }
    }

    public function testTheOrderPageShowsTheSettlementOnceThereIsOne(): void
    {
        self::assertSame('', $this->module->hookDisplayAdminOrderSide(['id_order' => 1031]));
        Db::getInstance()->tables['ps_paystra_settlement'][1031] = ['id_order' => '1031', 'settlement_id' => self::SETTLEMENT_ID, 'utr' => self::UTR, 'settlement_date' => '2026-11-23', 'note' => 'Paystra settlement …', 'date_add' => '2026-11-23 11:00:05'];
        $html = $this->module->hookDisplayAdminOrderSide(['id_order' => 1031]);
        self::assertContains('admin_order_settlement.tpl', $html);
        self::assertContains('"utr":"' . self::UTR . '"', $html);
        self::assertContains('"settlement_date":"2026-11-23"', $html);
        $template = (string) file_get_contents(PLUGIN_ROOT . '/views/templates/hook/admin_order_settlement.tpl');
        foreach (['utr', 'settlement_date', 'settlement_id', 'note'] as $field) {
            self::assertContains('{$paystraSettlement.' . $field . "|escape:'html':'UTF-8'}", $template);
        }
    }

    public function testConfigXmlDescribesTheModule(): void
    {
        $xml = self::parseXml((string) file_get_contents(PLUGIN_ROOT . '/config.xml'));
        self::assertSame('module', $xml->name);
        self::assertSame('paystra', trim($xml->one('name')->text));
        self::assertSame($this->module->version, trim($xml->one('version')->text));
        self::assertSame('payments_gateways', trim($xml->one('tab')->text));
        self::assertSame('1', trim($xml->one('is_configurable')->text));
    }

    public function testEveryModuleFolderHasAnIndexAndTheLogoIsAPng(): void
    {
        foreach (['', '/controllers', '/controllers/front', '/views', '/views/templates', '/views/templates/front', '/views/templates/hook', '/lib', '/upgrade'] as $folder) {
            self::assertTrue(is_file(PLUGIN_ROOT . $folder . '/index.php'), "index.php in paystra$folder");
        }
        self::assertSame("\x89PNG", substr((string) file_get_contents(PLUGIN_ROOT . '/logo.png'), 0, 4));
    }

    public function testThePaymentOptionIsOfferedForRupeeCarts(): void
    {
        $options = $this->module->hookPaymentOptions(['cart' => self::cart()]);
        self::assertSame(1, count($options));
        self::assertSame('https://shop.test/module/paystra/redirect', $options[0]->set['action']);
        self::assertSame('paystra', $options[0]->set['moduleName']);
        self::assertContains('Paystra', $options[0]->set['callToActionText']);
        self::assertContains('payment_info.tpl', $options[0]->set['additionalInformation']);
        self::assertContains('"paystraTestMode":true', $options[0]->set['additionalInformation']);
    }

    public function testNoPaymentOptionForOtherCurrenciesOrWithoutCredentials(): void
    {
        self::assertSame([], $this->module->hookPaymentOptions(['cart' => self::cart(10, 32, 2)]));
        Configuration::updateValue(Paystra::TEST_MODE, '0');
        self::assertSame([], (new Paystra())->hookPaymentOptions(['cart' => self::cart()]));
        $inactive = new Paystra();
        $inactive->active = false;
        Configuration::updateValue(Paystra::TEST_MODE, '1');
        self::assertSame([], $inactive->hookPaymentOptions(['cart' => self::cart()]));
    }

    public function testTheConfigurationPageSavesValidSettingsAndNeverShowsTheSalts(): void
    {
        $GLOBALS['ps']['get'] = [
            'submitPaystra' => '1', Paystra::TEST_MODE => '0', Paystra::PAY_ID => ' 1000000000000009 ',
            Paystra::SALT => 'live-salt', Paystra::KEY_SALT => 'live-key-salt', Paystra::WEBHOOK_SECRET => 'wh_live_1', Paystra::GATEWAY_URL => '',
        ];
        self::assertContains('Settings updated.', $this->module->getContent());
        self::assertSame('0', Configuration::get(Paystra::TEST_MODE));
        self::assertSame('1000000000000009', Configuration::get(Paystra::PAY_ID));
        self::assertSame('https://secure.paystra.example/pg', $this->module->checkout()->client->config->baseUrl);
        self::assertSame('', HelperForm::$last['values'][Paystra::SALT]);
        self::assertSame('', HelperForm::$last['values'][Paystra::WEBHOOK_SECRET]);
        self::assertSame('wh_live_1', $this->module->checkout()->webhookSecret);
        self::assertSame(6, count(HelperForm::$last['form'][0]['form']['input']));
        self::assertContains('https://shop.test/module/paystra/webhook', HelperForm::$last['form'][0]['form']['input'][4]['desc']);
        self::assertContains('https://shop.test/module/paystra/validation', HelperForm::$last['form'][0]['form']['description']);

        $GLOBALS['ps']['get'] = ['submitPaystra' => '1', Paystra::TEST_MODE => '0', Paystra::PAY_ID => '1000000000000009', Paystra::SALT => '', Paystra::KEY_SALT => ''];
        $this->module->getContent();
        self::assertSame('live-salt', Configuration::get(Paystra::SALT), 'a blank box keeps the saved salt');
        self::assertSame('wh_live_1', Configuration::get(Paystra::WEBHOOK_SECRET), 'and the saved webhook secret');

        $GLOBALS['ps']['get'] = ['submitPaystra' => '1', Paystra::PAY_ID => '12345', Paystra::GATEWAY_URL => 'ftp://x'];
        $page = $this->module->getContent();
        self::assertContains('16-digit', $page);
        self::assertContains('https://', $page);
        self::assertSame('1000000000000009', Configuration::get(Paystra::PAY_ID));
    }

    public function testTheConfirmationPageShowsTheTransaction(): void
    {
        $order = new Order();
        $order->id = 1031;
        $order->module = 'paystra';
        $order->reference = 'XKBKNABJK';
        $order->payments = [(object) ['transaction_id' => '1763712000123456']];
        $html = $this->module->hookDisplayPaymentReturn(['order' => $order]);
        self::assertContains('payment_return.tpl', $html);
        self::assertContains('"paystraTxnId":"1763712000123456"', $html);
        self::assertContains('"paystraPending":false', $html);
        $order->module = 'ps_wirepayment';
        self::assertSame('', $this->module->hookDisplayPaymentReturn(['order' => $order]));
    }
}
