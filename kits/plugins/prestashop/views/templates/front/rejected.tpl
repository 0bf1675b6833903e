{**
 * A response that did not verify: nothing was changed.
 *
 * @author    Paystra Payments Private Limited <support@paystra.example>
 * @copyright 2026 Paystra Payments Private Limited
 * @license   https://opensource.org/licenses/MIT MIT
 *}
{extends file='page.tpl'}

{block name='page_title'}{l s='Payment not verified' d='Modules.Paystra.Shop'}{/block}

{block name='page_content'}
  <p>{l s='We could not verify this payment response, so no order was changed. If money was taken from your account, contact us with the time of your payment.' d='Modules.Paystra.Shop'}</p>
{/block}
