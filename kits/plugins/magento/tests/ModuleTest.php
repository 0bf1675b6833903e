<?php

declare(strict_types=1);

use Magento\Framework\Component\ComponentRegistrar;
use Paystra\Tests\TestCase;

/** The module's declarations: registration, XML configuration, layouts and their files. */
final class ModuleTest extends TestCase
{
    private static function xml(string $file): \Paystra\Tests\XmlNode
    {
        return self::parseXml((string) file_get_contents(MODULE_DIR . '/' . $file));
    }

    /** app/code/Paystra/Payment/<Path>.php for Paystra\Payment\<Path>. */
    private static function classFileExists(string $class): bool
    {
        return str_starts_with($class, 'Paystra\\Payment\\')
            && is_file(MODULE_DIR . '/' . str_replace('\\', '/', substr($class, 16)) . '.php');
    }

    public function testTheModuleRegistersAsPaystraPayment(): void
    {
        self::assertSame(MODULE_DIR, ComponentRegistrar::$paths['module']['Paystra_Payment']);
        $module = self::xml('etc/module.xml')->one('module');
        self::assertSame('Paystra_Payment', $module->attributes['name']);
        self::assertSame(['Magento_Sales', 'Magento_Payment', 'Magento_Checkout'], array_map(
            static fn ($node) => $node->attributes['name'],
            $module->find('sequence/module'),
        ));
        $composer = json_decode((string) file_get_contents(MODULE_DIR . '/composer.json'), true, 8, JSON_THROW_ON_ERROR);
        self::assertSame('magento2-module', $composer['type']);
        self::assertSame(['registration.php'], $composer['autoload']['files']);
    }

    public function testEveryXmlFileIsWellFormed(): void
    {
        $files = glob(MODULE_DIR . '/{etc,etc/*,view/frontend/layout}/*.xml', GLOB_BRACE) ?: [];
        self::assertSame(10, count($files));
        foreach ($files as $file) {
            self::parseXml((string) file_get_contents($file));
        }
    }

    public function testDefaultsMakeAnInitializingGatewayThatWaitsInPendingPayment(): void
    {
        $defaults = self::xml('etc/config.xml')->one('default/payment/paystra');
        $value = static fn (string $name): string => trim($defaults->one($name)->text);
        self::assertSame('0', $value('active'));
        self::assertSame('PaystraFacade', $value('model'));
        self::assertSame('1', $value('can_initialize'));
        self::assertSame('pending_payment', $value('order_status'));
        self::assertSame('1', $value('test_mode'));
        self::assertSame('INR', $value('currency'));
        foreach (['salt', 'key_salt'] as $secret) {
            self::assertSame('Magento\Config\Model\Config\Backend\Encrypted', $defaults->one($secret)->attributes['backend_model']);
        }
    }

    public function testEveryAdminFieldHasADefaultAndTheSecretsAreObscured(): void
    {
        $group = self::xml('etc/adminhtml/system.xml')->one('system/section[@id=payment]/group[@id=paystra]');
        $defaults = self::xml('etc/config.xml')->one('default/payment/paystra')->childNames();
        $fields = [];
        foreach ($group->find('field') as $field) {
            $fields[$field->attributes['id']] = $field;
            if ($field->attributes['id'] !== 'specificcountry') {
                self::assertTrue(in_array($field->attributes['id'], $defaults, true), 'default for ' . $field->attributes['id']);
            }
        }
        foreach (['active', 'title', 'test_mode', 'pay_id', 'salt', 'key_salt', 'webhook_secret', 'gateway_url'] as $id) {
            self::assertTrue(isset($fields[$id]), "admin field $id");
        }
        self::assertSame('obscure', $fields['webhook_secret']->attributes['type']);
        self::assertSame('Magento\Config\Model\Config\Backend\Encrypted', trim($fields['webhook_secret']->one('backend_model')->text));
        self::assertSame('obscure', $fields['salt']->attributes['type']);
        self::assertSame('obscure', $fields['key_salt']->attributes['type']);
        self::assertSame('Magento\Config\Model\Config\Backend\Encrypted', trim($fields['key_salt']->one('backend_model')->text));
    }

    public function testTheFacadeAndEveryClassDiNamesExist(): void
    {
        $di = self::xml('etc/di.xml');
        $virtualTypes = [];
        foreach ($di->find('virtualType') as $type) {
            $virtualTypes[$type->attributes['name']] = $type;
        }
        self::assertSame('Magento\Payment\Model\Method\Adapter', $virtualTypes['PaystraFacade']->attributes['type']);
        self::assertSame('Paystra\Payment\Model\Config::METHOD_CODE', trim($virtualTypes['PaystraFacade']->one('arguments/argument[@name=code]')->text));
        self::assertSame('paystra', Paystra\Payment\Model\Config::METHOD_CODE);
        $commands = $virtualTypes['PaystraCommandPool']->find('arguments/argument/item');
        self::assertSame(['initialize'], array_map(static fn ($item) => $item->attributes['name'], $commands));

        $xml = (string) file_get_contents(MODULE_DIR . '/etc/di.xml') . file_get_contents(MODULE_DIR . '/etc/frontend/di.xml')
            . file_get_contents(MODULE_DIR . '/view/frontend/layout/paystra_payment_redirect.xml');
        preg_match_all('/Paystra\\\\Payment\\\\[\\w\\\\]+/', $xml, $classes);
        foreach (array_unique($classes[0]) as $class) {
            if (!str_ends_with($class, '\\Proxy')) {
                self::assertTrue(self::classFileExists($class), "class $class");
            }
        }
        foreach ($virtualTypes as $name => $type) {
            foreach ($type->find('arguments/argument') as $argument) {
                if (($argument->attributes['xsi:type'] ?? '') === 'object' && !str_contains($argument->text, '\\')) {
                    self::assertTrue(isset($virtualTypes[trim($argument->text)]), "$name refers to " . $argument->text);
                }
            }
        }
    }

    public function testTheRoutesAndControllersOfTheReturnTrip(): void
    {
        $route = self::xml('etc/frontend/routes.xml')->one('router[@id=standard]/route');
        self::assertSame('paystra', $route->attributes['frontName']);
        self::assertSame('Paystra_Payment', $route->one('module')->attributes['name']);
        foreach (['Redirect', 'Response', 'Failed', 'Webhook'] as $controller) {
            self::assertTrue(self::classFileExists("Paystra\\Payment\\Controller\\Payment\\$controller"));
        }
        self::assertTrue(in_array(
            Magento\Framework\App\Action\HttpPostActionInterface::class,
            class_implements(Paystra\Payment\Controller\Payment\Response::class),
            true,
        ));
        self::assertFalse(in_array(
            Magento\Framework\App\Action\HttpGetActionInterface::class,
            class_implements(Paystra\Payment\Controller\Payment\Response::class),
            true,
        ), 'the return URL accepts POST only');
        self::assertTrue(in_array(Magento\Framework\App\Action\HttpPostActionInterface::class, class_implements(Paystra\Payment\Controller\Payment\Webhook::class), true));
        self::assertFalse(in_array(Magento\Framework\App\Action\HttpGetActionInterface::class, class_implements(Paystra\Payment\Controller\Payment\Webhook::class), true), 'the webhook accepts POST only');
    }

    public function testTheCheckoutRendererAndItsFilesResolve(): void
    {
        $layout = self::xml('view/frontend/layout/checkout_index_index.xml');
        $renderer = $layout->one('body/referenceBlock[@name=checkout.root]/arguments/argument/item[@name=components]/item[@name=checkout]/item/item[@name=steps]/item/item[@name=billing-step]/item/item[@name=payment]/item/item[@name=renders]/item/item[@name=paystra]');
        self::assertSame('Paystra_Payment/js/view/payment/paystra', trim($renderer->one('item[@name=component]')->text));
        self::assertSame(['paystra'], array_map(static fn ($n) => $n->attributes['name'], $renderer->find('item[@name=methods]/item')));

        $web = MODULE_DIR . '/view/frontend/web/';
        $list = (string) file_get_contents($web . 'js/view/payment/paystra.js');
        preg_match("/component: '([^']+)'/", $list, $m);
        self::assertSame('Paystra_Payment/js/view/payment/method-renderer/paystra', $m[1]);
        self::assertTrue(is_file($web . str_replace('Paystra_Payment/', '', $m[1]) . '.js'));
        $method = (string) file_get_contents($web . 'js/view/payment/method-renderer/paystra.js');
        self::assertContains("template: 'Paystra_Payment/payment/paystra'", $method);
        self::assertContains('redirectAfterPlaceOrder: false', $method);
        self::assertTrue(is_file($web . 'template/payment/paystra.html'));
        self::assertTrue(is_file(MODULE_DIR . '/view/frontend/templates/redirect.phtml'));
    }

    public function testTheGatewayHostsMayReceiveTheForm(): void
    {
        $hosts = array_map(
            static fn ($value) => trim($value->text),
            self::xml('etc/csp_whitelist.xml')->find('policies/policy[@id=form-action]/values/value'),
        );
        self::assertSame(['secure.paystra.example', 'paystra.example'], $hosts);
    }
}
