<?php

declare(strict_types=1);

use Opencart\Admin\Controller\Extension\Paystra\Payment\Paystra as AdminPaystra;
use Paystra\Tests\OpenCart\SettingModel;

/** The extension's layout, the back-office settings, and return.php. */
final class ExtensionTest extends OpenCartTestCase
{
    private function admin(array $config = []): array
    {
        $registry = \Paystra\Tests\OpenCart\registry('admin', $config);
        $registry->objects['session']->data['user_token'] = 'tok';
        return [new AdminPaystra($registry), $registry];
    }

    /** Runs return.php in its own PHP process with the given POST fields. */
    private static function relay(array $post): string
    {
        $code = '$_POST = json_decode(getenv("PAYSTRA_POST"), true); include getenv("PAYSTRA_RELAY");';
        $process = proc_open([PHP_BINARY, '-r', $code], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, [
            'PAYSTRA_POST' => json_encode($post), 'PAYSTRA_RELAY' => PLUGIN_ROOT . '/return.php',
        ]);
        $output = (string) stream_get_contents($pipes[1]);
        $errors = (string) stream_get_contents($pipes[2]);
        proc_close($process);
        self::assertSame('', $errors);
        return $output;
    }

    public function testTheExtensionFollowsTheOpenCart4Layout(): void
    {
        $install = json_decode((string) file_get_contents(PLUGIN_ROOT . '/install.json'), true, 4, JSON_THROW_ON_ERROR);
        self::assertSame('Paystra', $install['name']);
        foreach ([
            'admin/controller/payment/paystra.php', 'admin/language/en-gb/payment/paystra.php', 'admin/view/template/payment/paystra.twig',
            'catalog/controller/payment/paystra.php', 'catalog/model/payment/paystra.php', 'catalog/language/en-gb/payment/paystra.php',
            'catalog/view/template/payment/paystra.twig', 'system/library/HostedCheckout.php', 'return.php',
        ] as $file) {
            self::assertTrue(is_file(PLUGIN_ROOT . '/' . $file), $file);
        }
        self::assertTrue(class_exists(AdminPaystra::class));
        self::assertTrue(is_subclass_of(AdminPaystra::class, Opencart\System\Engine\Controller::class));
    }

    public function testInstallWritesTestModeDefaults(): void
    {
        [$admin, $registry] = $this->admin();
        $admin->install();
        $saved = $registry->objects['model_setting_setting']->saved['payment_paystra'];
        self::assertSame(1, $saved['payment_paystra_test_mode']);
        self::assertSame(2, $saved['payment_paystra_order_status_id']);
        self::assertSame(10, $saved['payment_paystra_failed_status_id']);
        self::assertSame(1, $saved['payment_paystra_dispute_status_id'], "OpenCart's Pending");
        self::assertSame(0, $saved['payment_paystra_status']);
    }

    public function testTheSettingsPageShowsTheReturnUrlAndNeverTheSalts(): void
    {
        [$admin, $registry] = $this->admin(['payment_paystra_salt' => 'secret-salt', 'payment_paystra_webhook_secret' => 'wh_secret_1', 'payment_paystra_pay_id' => '1000000000000009']);
        $admin->index();
        [$route, $data] = $registry->objects['load']->views[0];
        self::assertSame('extension/paystra/payment/paystra', $route);
        self::assertSame('https://store.test/index.php?route=extension/paystra/payment/paystra.save&amp;user_token=tok', $data['save']);
        self::assertContains('https://store.test/extension/paystra/return.php', $data['text_return_url']);
        self::assertTrue($data['payment_paystra_salt_saved']);
        self::assertFalse($data['payment_paystra_key_salt_saved']);
        self::assertTrue($data['payment_paystra_webhook_secret_saved']);
        self::assertContains('https://store.test/index.php?route=extension/paystra/payment/paystra.webhook', $data['text_webhook_url']);
        self::assertSame('1000000000000009', $data['payment_paystra_pay_id']);
        self::assertNotContains('secret-salt', json_encode($data));
        self::assertNotContains('wh_secret_1', json_encode($data));
        $twig = (string) file_get_contents(PLUGIN_ROOT . '/admin/view/template/payment/paystra.twig');
        self::assertContains('name="payment_paystra_salt" value=""', $twig);
        self::assertContains('name="payment_paystra_webhook_secret" value=""', $twig);
        self::assertContains('data-oc-toggle="ajax"', $twig);
    }

    public function testSavingChecksTheCredentialsAndKeepsBlankSalts(): void
    {
        [$admin, $registry] = $this->admin(['payment_paystra_salt' => 'old-salt', 'payment_paystra_key_salt' => 'old-key-salt', 'payment_paystra_webhook_secret' => 'old-webhook-secret']);
        $registry->objects['request']->post = [
            'payment_paystra_test_mode' => '0', 'payment_paystra_pay_id' => ' 1000000000000009 ', 'payment_paystra_salt' => '',
            'payment_paystra_key_salt' => '', 'payment_paystra_gateway_url' => '', 'payment_paystra_status' => '1',
        ];
        $admin->save();
        self::assertSame(['success' => 'Success: You have modified the Paystra payment settings!'], $registry->objects['response']->json());
        $saved = $registry->objects['model_setting_setting']->saved['payment_paystra'];
        self::assertSame('1000000000000009', $saved['payment_paystra_pay_id']);
        self::assertSame('old-salt', $saved['payment_paystra_salt']);
        self::assertSame('old-key-salt', $saved['payment_paystra_key_salt']);
        self::assertSame('old-webhook-secret', $saved['payment_paystra_webhook_secret']);

        [$admin, $registry] = $this->admin();
        $registry->objects['request']->post = ['payment_paystra_test_mode' => '0', 'payment_paystra_pay_id' => '123', 'payment_paystra_gateway_url' => 'ftp://x'];
        $admin->save();
        $errors = $registry->objects['response']->json()['error'];
        self::assertSame(['pay-id', 'warning', 'gateway-url'], array_keys($errors));
        self::assertSame(false, isset($registry->objects['model_setting_setting']));

        [$admin, $registry] = $this->admin();
        $registry->objects['user']->allowed = false;
        $registry->objects['request']->post = ['payment_paystra_test_mode' => '1'];
        $admin->save();
        self::assertContains('permission', $registry->objects['response']->json()['error']['warning']);
    }

    public function testReturnPhpHandsTheResponseToTheCallbackFromTheStoresOwnPage(): void
    {
        $posted = self::gatewayResponse('OC-77-1763712000123', '149950');
        $html = self::relay($posted);
        self::assertContains('<form id="paystra-response" method="post" action="../../index.php?route=extension/paystra/payment/paystra.callback">', $html);
        self::assertContains('<input type="hidden" name="PAY_ID" value="1000000000000001">', $html);
        self::assertContains('<input type="hidden" name="ENCDATA" value="' . $posted['ENCDATA'] . '">', $html);
        self::assertContains("document.getElementById('paystra-response').submit();", $html);
        self::assertContains('<button type="submit">Continue</button>', $html);
    }

    public function testReturnPhpIgnoresAnythingThatIsNotAResponse(): void
    {
        foreach ([[], ['PAY_ID' => '1000000000000001'], ['PAY_ID' => 'x', 'ENCDATA' => str_repeat('A', 40)], ['PAY_ID' => '1', 'ENCDATA' => '"><script>alert(1)</script>' . str_repeat('A', 20)]] as $post) {
            $html = self::relay($post);
            self::assertContains('only receives payment responses', $html);
            self::assertNotContains('<form', $html);
        }
    }
}
