<?php
/**
 * 1.2.0: disputes. The table each order's dispute goes into and the "Paystra dispute open" order
 * state, for shops that installed an earlier version.
 *
 * @author    Paystra Payments Private Limited <support@paystra.example>
 * @copyright 2026 Paystra Payments Private Limited
 * @license   https://opensource.org/licenses/MIT MIT
 */
if (!defined('_PS_VERSION_')) {
    exit;
}

/** @param Paystra $module */
function upgrade_module_1_2_0($module)
{
    return $module->installDisputes();
}
