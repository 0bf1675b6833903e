{**
 * On the order page in the back office: the order's Paystra settlement.
 *
 * @author    Paystra Payments Private Limited <support@paystra.example>
 * @copyright 2026 Paystra Payments Private Limited
 * @license   https://opensource.org/licenses/MIT MIT
 *}
<div class="card mt-2" id="paystra-settlement">
  <div class="card-header">
    <h3 class="card-header-title">{l s='Paystra settlement' d='Modules.Paystra.Admin'}</h3>
  </div>
  <div class="card-body">
    <p class="mb-1">
      <strong>{l s='UTR' d='Modules.Paystra.Admin'}</strong>
      {if $paystraSettlement.utr}{$paystraSettlement.utr|escape:'html':'UTF-8'}{else}{l s='none: carried forward, nothing paid out' d='Modules.Paystra.Admin'}{/if}
    </p>
    <p class="mb-1"><strong>{l s='Settlement date' d='Modules.Paystra.Admin'}</strong> {$paystraSettlement.settlement_date|escape:'html':'UTF-8'}</p>
    <p class="mb-1"><strong>{l s='Settlement' d='Modules.Paystra.Admin'}</strong> {$paystraSettlement.settlement_id|escape:'html':'UTF-8'}</p>
    <p class="mb-0 text-muted small">{$paystraSettlement.note|escape:'html':'UTF-8'}</p>
  </div>
</div>
