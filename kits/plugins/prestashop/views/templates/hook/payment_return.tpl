{**
 * On the order confirmation page.
 *
 * @author    Paystra Payments Private Limited <support@paystra.example>
 * @copyright 2026 Paystra Payments Private Limited
 * @license   https://opensource.org/licenses/MIT MIT
 *}
{if $paystraPending}
  <p>{l s='Your payment for order %reference% is awaiting confirmation from your bank. We will update the order as soon as Paystra confirms it.' sprintf=['%reference%' => $paystraReference] d='Modules.Paystra.Shop'}</p>
{else}
  <p>{l s='Your payment for order %reference% is complete.' sprintf=['%reference%' => $paystraReference] d='Modules.Paystra.Shop'}</p>
{/if}
{if $paystraTxnId}
  <p>{l s='Paystra transaction id: %txn%' sprintf=['%txn%' => $paystraTxnId] d='Modules.Paystra.Shop'}</p>
{/if}
