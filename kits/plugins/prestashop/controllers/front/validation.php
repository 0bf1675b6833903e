<?php
/**
 * @author    Paystra Payments Private Limited <support@paystra.example>
 * @copyright 2026 Paystra Payments Private Limited
 * @license   https://opensource.org/licenses/MIT MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

use Paystra\Plugin\Rejected;

/**
 * The RETURN_URL. Paystra's page posts PAY_ID and ENCDATA here from the customer's browser; the
 * shop's cookie does not come with that cross-site POST, so the cart is found from ORDER_ID and
 * the cookie is left alone (a fresh one would log the customer out). The redirect that follows
 * is a GET that carries the customer's cookie again.
 *
 * @property Paystra $module
 */
class PaystraValidationModuleFrontController extends ModuleFrontController
{
    public $ssl = true;

    /** Messages for the codes a customer can cause; others read "not completed". */
    private const REASONS = [
        '004' => 'Your bank declined the payment.',
        '010' => 'The payment was cancelled.',
        '020' => 'The account has insufficient funds.',
    ];

    public function init()
    {
        if ($this->isGatewayPost()) {
            $this->context->cookie->disallowWriting();
        }
        parent::init();
    }

    public function postProcess()
    {
        if ($this->isGatewayPost()) {
            try {
                $url = $this->handleResponse(['PAY_ID' => Tools::getValue('PAY_ID'), 'ENCDATA' => Tools::getValue('ENCDATA')]);
            } catch (Rejected $error) {
                if (!headers_sent()) {
                    http_response_code(400);
                }
                $this->context->smarty->assign(['paystraRejected' => true]);
                $this->setTemplate('module:paystra/views/templates/front/rejected.tpl');
                return;
            }
            Tools::redirect($url);
            return;
        }
        // Back from a failed payment (a GET with the customer's cookie): say why on the checkout.
        $code = (string) Tools::getValue('failed');
        if ($code !== '') {
            $reason = self::REASONS[$code] ?? 'The payment was not completed.';
            $this->errors[] = $this->trans($reason, [], 'Modules.Paystra.Shop') . ' '
                . $this->trans('No money was taken; you can try again or choose another payment method.', [], 'Modules.Paystra.Shop');
            $this->redirectWithNotifications($this->context->link->getPageLink('order', true));
            return;
        }
        Tools::redirect($this->context->link->getPageLink('index', true));
    }

    /**
     * Verifies the response and, when paid (or pending at the bank), turns the cart into an
     * order with the TXN_ID. Returns where to send the customer.
     *
     * @param array<string, mixed> $posted
     * @throws Rejected when the response must not be acted on; nothing changes then
     */
    public function handleResponse(array $posted): string
    {
        try {
            $outcome = $this->module->checkout()->response($posted);
            // A cart becomes one order, whether the return or the webhook comes first.
            [$cart, $orderId] = $this->module->applyOutcome($outcome);
        } catch (Rejected $error) {
            PrestaShopLogger::addLog('Paystra: response rejected: ' . $error->getMessage(), 3, null, 'Cart', 0, true);
            throw $error;
        }

        $customer = new Customer((int) $cart->id_customer);
        if (!$orderId) {
            return $this->context->link->getModuleLink($this->module->name, 'validation', ['failed' => $outcome->code], true);
        }
        return $this->context->link->getPageLink('order-confirmation', true, null, [
            'id_cart' => (int) $cart->id,
            'id_module' => (int) $this->module->id,
            'id_order' => $orderId,
            'key' => $customer->secure_key,
        ]);
    }

    private function isGatewayPost(): bool
    {
        return ($_SERVER['REQUEST_METHOD'] ?? 'GET') === 'POST' && Tools::getIsset('ENCDATA');
    }
}
