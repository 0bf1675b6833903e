<?php
/**
 * 1.1.0: settlements. The table each order's UTR and settlement date go into, and the order
 * page's Paystra block, for shops that installed 1.0.0.
 *
 * @author    Paystra Payments Private Limited <support@paystra.example>
 * @copyright 2026 Paystra Payments Private Limited
 * @license   https://opensource.org/licenses/MIT MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/** @param Paystra $module */
function upgrade_module_1_1_0($module)
{
    return $module->installSettlements();
}
