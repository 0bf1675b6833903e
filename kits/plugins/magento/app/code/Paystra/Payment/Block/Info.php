<?php
/**
 * Copyright (c) 2026 Paystra Payments Private Limited. MIT licence.
 */
declare(strict_types=1);

namespace Paystra\Payment\Block;

use Magento\Payment\Block\ConfigurableInfo;

/** The payment block of the order view: the gateway ORDER_ID, TXN_ID, response, settlement and dispute. */
class Info extends ConfigurableInfo
{
    protected function getLabel($field)
    {
        return match ($field) {
            'paystra_order_id' => __('Paystra ORDER_ID'),
            'paystra_txn_id' => __('Paystra TXN_ID'),
            'paystra_response_code' => __('Response code'),
            'paystra_response_message' => __('Response message'),
            'paystra_utr' => __('Settlement UTR'),
            'paystra_settlement_date' => __('Settlement date'),
            'paystra_settlement_id' => __('Paystra settlement'),
            'paystra_dispute_id' => __('Paystra dispute'),
            'paystra_dispute_status' => __('Dispute status'),
            'paystra_dispute_respond_by' => __('Respond to the dispute by'),
            default => parent::getLabel($field),
        };
    }
}
