<?php
/**
 * @author    Paystra Payments Private Limited <support@paystra.example>
 * @copyright 2026 Paystra Payments Private Limited
 * @license   https://opensource.org/licenses/MIT MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/**
 * The payment option's action: a page whose signed form posts itself to Paystra. The cart is
 * turned into an order only when Paystra's verified response says it was paid.
 *
 * @property Paystra $module
 */
class PaystraRedirectModuleFrontController extends ModuleFrontController
{
    public $ssl = true;

    public function postProcess()
    {
        $cart = $this->context->cart;
        if (!$this->canPay($cart)) {
            Tools::redirect($this->context->link->getPageLink('order', true));
            return;
        }
        try {
            $form = $this->paymentForm($cart);
        } catch (\InvalidArgumentException | \Paystra\PaystraException $error) {
            PrestaShopLogger::addLog('Paystra: payment request for cart ' . (int) $cart->id . ' not built: ' . $error->getMessage(), 3, null, 'Cart', (int) $cart->id, true);
            $this->errors[] = $this->trans('This order cannot be paid with Paystra right now. Please choose another payment method or contact us.', [], 'Modules.Paystra.Shop');
            $this->redirectWithNotifications($this->context->link->getPageLink('order', true));
            return;
        }
        $this->context->smarty->assign(['paystraForm' => $form]);
        $this->setTemplate('module:paystra/views/templates/front/redirect.tpl');
    }

    /**
     * The signed form of the cart: ORDER_ID PS-<cart id>-<ms>, AMOUNT in paise.
     *
     * @return array{action: string, fields: array<string, string>, orderId: string}
     */
    public function paymentForm(Cart $cart): array
    {
        if (!$this->module->isRupeeCart($cart)) {
            throw new \InvalidArgumentException('Paystra accepts payments in rupees (INR) only.');
        }
        $customer = new Customer((int) $cart->id_customer);
        $address = new Address((int) $cart->id_address_invoice);
        return $this->module->checkout()->request(
            (string) (int) $cart->id,
            (float) $cart->getOrderTotal(true, Cart::BOTH),
            [
                'name' => trim($customer->firstname . ' ' . $customer->lastname),
                'email' => (string) $customer->email,
                'mobile' => (string) ($address->phone_mobile ?: $address->phone),
                'id' => (string) (int) $customer->id,
            ],
            $this->module->returnUrl(),
            $this->module->webhookUrl()
        );
    }

    /** The checks of PrestaShop's own payment modules: a complete cart, and Paystra allowed. */
    private function canPay($cart): bool
    {
        if (!Validate::isLoadedObject($cart) || !$cart->id_customer || !$cart->id_address_delivery || !$cart->id_address_invoice || !$this->module->active) {
            return false;
        }
        foreach (Module::getPaymentModules() as $module) {
            if ($module['name'] === $this->module->name) {
                return Validate::isLoadedObject(new Customer((int) $cart->id_customer));
            }
        }
        return false;
    }
}
