{**
 * Under the payment option at checkout.
 *
 * @author    Paystra Payments Private Limited <support@paystra.example>
 * @copyright 2026 Paystra Payments Private Limited
 * @license   https://opensource.org/licenses/MIT MIT
 *}
<section>
  <p>{l s='You will be taken to Paystra to pay by card, UPI, net banking or wallet, then brought back here.' d='Modules.Paystra.Shop'}</p>
  {if $paystraTestMode}
    <p>{l s='Test mode: card 4111 1111 1111 1111 succeeds, 4000 0000 0000 0002 is declined; UPI success@upi succeeds.' d='Modules.Paystra.Shop'}</p>
  {/if}
</section>
