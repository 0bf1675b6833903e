{**
 * On the order page in the back office: the order's Paystra dispute.
 *
 * @author    Paystra Payments Private Limited <support@paystra.example>
 * @copyright 2026 Paystra Payments Private Limited
 * @license   https://opensource.org/licenses/MIT MIT
 *}
<div class="card mt-2" id="paystra-dispute">
  <div class="card-header">
    <h3 class="card-header-title">{l s='Paystra dispute' d='Modules.Paystra.Admin'}</h3>
  </div>
  <div class="card-body">
    <p class="mb-1"><strong>{l s='Dispute' d='Modules.Paystra.Admin'}</strong> {$paystraDispute.dispute_id|escape:'html':'UTF-8'}</p>
    <p class="mb-1"><strong>{l s='Status' d='Modules.Paystra.Admin'}</strong> {$paystraDispute.status|escape:'html':'UTF-8'}</p>
    <p class="mb-1"><strong>{l s='Reason' d='Modules.Paystra.Admin'}</strong> {$paystraDispute.reason_code|escape:'html':'UTF-8'} {$paystraDispute.reason|escape:'html':'UTF-8'}</p>
    <p class="mb-1"><strong>{l s='Respond by' d='Modules.Paystra.Admin'}</strong> {$paystraDispute.respond_by|escape:'html':'UTF-8'}</p>
    <p class="mb-0 text-muted small">{$paystraDispute.note|escape:'html':'UTF-8'}</p>
  </div>
</div>
