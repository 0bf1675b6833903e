<?php
/**
 * @author    Paystra Payments Private Limited <support@paystra.example>
 * @copyright 2026 Paystra Payments Private Limited
 * @license   https://opensource.org/licenses/MIT MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

use Paystra\Plugin\Dispute;
use Paystra\Plugin\HostedCheckout;
use Paystra\Plugin\Outcome;
use Paystra\Plugin\SettledPayment;

/**
 * The NOTIFY_URL (index.php?fc=module&module=paystra&controller=webhook). Paystra's server
 * posts a signed event here when a payment reaches an outcome, so the cart becomes an order
 * even when the customer closes the tab before coming back. The raw body goes to the library's
 * Webhook::verify as it arrived, and nothing in it is acted on until the signature (webhook
 * secret), the timestamp and the data's HASH (salt) pass; the verifier reads the JSON before
 * that only to name the likeliest cause of a failed signature. Then the outcome goes through the
 * same Paystra::applyOutcome() as the return, a settlement's UTR and date onto each of its
 * orders (Paystra::recordSettlement()), and a dispute onto its order (Paystra::recordDispute()). JSON: 200 for every verified event (the gateway stops
 * retrying), 400 with the reason for a refused one, 503 for one to deliver again (a cart locked
 * by another request, a settlement not fetched yet).
 *
 * @property Paystra $module
 */
class PaystraWebhookModuleFrontController extends ModuleFrontController
{
    public $ssl = true;

    public function init()
    {
        // The gateway's server has no cookie to keep; it gets none.
        $this->context->cookie->disallowWriting();
        parent::init();
    }

    public function postProcess()
    {
        $header = $_SERVER['HTTP_X_PAYSTRA_SIGNATURE'] ?? null;
        $this->send($this->handleWebhook($this->rawBody(), is_string($header) ? $header : null));
    }

    /**
     * @return array{0: int, 1: array<string, mixed>} HTTP status and the JSON answer
     */
    public function handleWebhook(string $rawBody, ?string $header): array
    {
        $log = static function (string $level, string $message): void {
            PrestaShopLogger::addLog($message, $level === 'error' ? 3 : 1, null, 'Cart', 0, true);
        };
        try {
            $checkout = $this->module->checkout();
        } catch (\Paystra\PaystraException $error) {
            $log('error', 'Paystra: webhook refused: ' . $error->getMessage());
            return [400, ['received' => false, 'reason' => 'not-configured', 'error' => $error->getMessage()]];
        }
        return $checkout->receiveWebhook($rawBody, $header, function (Outcome $outcome): string {
            [, $orderId] = $this->module->applyOutcome($outcome);
            return $orderId ? 'order ' . $orderId . ' state ' . (int) (new Order($orderId))->getCurrentState() : 'no order (payment failed)';
        }, $log, settle: fn (SettledPayment $payment): bool => $this->module->recordSettlement($payment), dispute: fn (Dispute $dispute): bool => $this->module->recordDispute($dispute));
    }

    /** The request body exactly as it arrived: the signature covers these bytes. */
    protected function rawBody(): string
    {
        return (string) file_get_contents('php://input');
    }

    /** @param array{0: int, 1: array<string, mixed>} $answer */
    protected function send(array $answer): void
    {
        HostedCheckout::sendWebhookAnswer($answer);
        exit;
    }
}
