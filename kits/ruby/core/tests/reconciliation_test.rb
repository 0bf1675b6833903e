# frozen_string_literal: true

require_relative 'test_helper'

# Beyond the vectors' cases: what the rule does with inputs the cases do not show, and the errors
# it gives for data that is not as the gateway sends it.
class ReconciliationTest < Minitest::Test
  def settlement_of(lines, id = 'setl_0a1b2c3d4e5f60718293', utr = 'PYSTN26331000123')
    { 'SETTLEMENT_ID' => id, 'UTR' => utr, 'SETTLEMENT_DATE' => '2026-11-27', 'STATUS' => 'PROCESSED', 'LINES' => lines }
  end

  def line(type, order_id, txn_id, amount, net)
    { 'TYPE' => type, 'ORDER_ID' => order_id, 'TXN_ID' => txn_id, 'AMOUNT' => amount, 'NET' => net }
  end

  def reconcile(orders, settlements, recon = {}, today = '2026-11-27')
    Paystra::Reconciliation.reconcile(orders, settlements, recon, today)
  end

  def test_a_refund_only_unknown_order_has_no_settlement
    rows = reconcile([{ 'ORDER_ID' => '1001', 'AMOUNT' => '100' }],
                     [settlement_of([line('PAYMENT', '1001', '1', '100', '98'), line('REFUND', '2002', '2', '50', '-50')])])
    assert_equal %w[MATCHED UNKNOWN], rows.map { |row| row['RESULT'] }
    assert_equal({ 'ORDER_ID' => '2002', 'RESULT' => 'UNKNOWN', 'AMOUNT' => '', 'SETTLED_AMOUNT' => '', 'REFUNDED_AMOUNT' => '50',
                   'HELD_AMOUNT' => '0', 'NET' => '-50', 'SETTLEMENT_ID' => '', 'UTR' => '', 'SETTLEMENT_DATE' => '', 'EXPECTED_SETTLEMENT_DATE' => '' }, rows[1])
  end

  def test_a_recon_refund_counts_once_whether_or_not_a_line_has_it
    recon = { 'RB1' => [
      { 'TYPE' => 'REFUND', 'TXN_ID' => '2', 'AMOUNT' => '30', 'NET' => '-30', 'STATE' => 'SETTLED' },
      { 'TYPE' => 'REFUND', 'TXN_ID' => '3', 'AMOUNT' => '20', 'NET' => '-20', 'STATE' => 'UNSETTLED' }
    ] }
    row = reconcile([{ 'ORDER_ID' => 'RB1', 'AMOUNT' => '100' }],
                    [settlement_of([line('PAYMENT', 'RB1', '1', '100', '98'), line('REFUND', 'RB1', '2', '30', '-30')])], recon).first
    assert_equal %w[REFUNDED 50 48], row.values_at('RESULT', 'REFUNDED_AMOUNT', 'NET')
  end

  def test_a_second_payment_line_of_an_order_is_not_counted_again
    row = reconcile([{ 'ORDER_ID' => 'RB1', 'AMOUNT' => '100' }],
                    [settlement_of([line('PAYMENT', 'RB1', '1', '100', '98')]),
                     settlement_of([line('PAYMENT', 'RB1', '9', '100', '98')], 'setl_1b2c3d4e5f6071829304', 'PYSTN26334000456')]).first
    assert_equal %w[MATCHED 98 setl_0a1b2c3d4e5f60718293], row.values_at('RESULT', 'NET', 'SETTLEMENT_ID')
  end

  def test_on_its_expected_date_an_unsettled_payment_is_not_overdue_yet
    recon = { 'RB1' => [{ 'TYPE' => 'PAYMENT', 'TXN_ID' => '1', 'AMOUNT' => '100', 'NET' => '98', 'STATE' => 'UNSETTLED',
                          'EXPECTED_SETTLEMENT_DATE' => '2026-11-30' }] }
    orders = [{ 'ORDER_ID' => 'RB1', 'AMOUNT' => '100' }]
    assert_equal 'UNSETTLED', reconcile(orders, [], recon, '2026-11-30').first['RESULT']
    assert_equal 'OVERDUE', reconcile(orders, [], recon, '2026-12-01').first['RESULT']
  end

  def test_nothing_to_reconcile_is_an_empty_report
    assert_equal [], reconcile([], [])
  end

  def test_data_that_is_not_as_the_gateway_sends_it_is_refused_naming_where
    orders = [{ 'ORDER_ID' => 'RB1', 'AMOUNT' => '100' }]
    {
      'today' => -> { reconcile(orders, [], {}, '2026-02-30') },
      'orders[0].AMOUNT' => -> { reconcile([{ 'ORDER_ID' => 'RB1', 'AMOUNT' => '1.00' }], []) },
      'orders[0] has no AMOUNT' => -> { reconcile([{ 'ORDER_ID' => 'RB1', 'AMOUNT' => 100 }], []) },
      'settlements[0] must carry its LINES' => -> { reconcile(orders, [{ 'SETTLEMENT_ID' => 'setl_x' }]) },
      'settlements[0].LINES[0].NET' => -> { reconcile(orders, [settlement_of([line('PAYMENT', 'RB1', '1', '100', '9.8')])]) },
      'STATE' => lambda {
        reconcile(orders, [], { 'RB1' => [{ 'TYPE' => 'PAYMENT', 'TXN_ID' => '1', 'AMOUNT' => '100', 'NET' => '98', 'STATE' => 'LOST' }] })
      },
      'recon[RB1]' => -> { reconcile(orders, [], { 'RB1' => 'none' }) },
      'settlements[0].STATUS' => -> { reconcile(orders, [settlement_of([]).merge('STATUS' => 'PAID')]) },
      'settlements[0].LINES[0] has no DISPUTE_ID' => lambda {
        reconcile(orders, [settlement_of([line('DISPUTE_HOLD', 'RB1', '1', '-100', '-100')])])
      }
    }.each do |named, call|
      assert_includes assert_raises(Paystra::ProtocolError, named, &call).message, named
    end
  end
end
