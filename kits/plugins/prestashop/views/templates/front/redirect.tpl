{**
 * The signed form, posted to Paystra at once; the button remains for browsers without scripts.
 *
 * @author    Paystra Payments Private Limited <support@paystra.example>
 * @copyright 2026 Paystra Payments Private Limited
 * @license   https://opensource.org/licenses/MIT MIT
 *}
{extends file='page.tpl'}

{block name='page_content'}
  <p>{l s='Taking you to Paystra to pay securely…' d='Modules.Paystra.Shop'}</p>
  <form id="paystra-payment-form" method="post" action="{$paystraForm.action|escape:'htmlall':'UTF-8'}">
    {foreach from=$paystraForm.fields key=name item=value}
      <input type="hidden" name="{$name|escape:'htmlall':'UTF-8'}" value="{$value|escape:'htmlall':'UTF-8'}">
    {/foreach}
    <button type="submit" class="btn btn-primary">{l s='Pay with Paystra' d='Modules.Paystra.Shop'}</button>
  </form>
  <script>{literal}document.getElementById('paystra-payment-form').submit();{/literal}</script>
{/block}
