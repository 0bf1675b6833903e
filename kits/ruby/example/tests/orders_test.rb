# frozen_string_literal: true

require 'tmpdir'
require_relative 'test_helper'

# The examples' order store: status moved by the library's forward-only rule, idempotent
# webhooks, one file shared by threads and processes.
class OrdersTest < Minitest::Test
  SECRET = 'wh_demo_7c1e4b9a2f6d8035'
  SALT = PaystraTest::DEMO[:salt]

  def setup
    @dir = Dir.mktmpdir
    @orders = Paystra::Example::Orders.for_example('server', data_dir: @dir)
    @client = Paystra::Client.new(PaystraTest.config(webhook_secret: SECRET))
  end

  def teardown
    FileUtils.remove_entry(@dir)
  end

  def answer(code, status)
    { 'RESPONSE_CODE' => code, 'STATUS' => status }
  end

  def deliver(type, order_id, code, status, id: "evt_#{rand(16**24).to_s(16).rjust(24, '0')}", secret: SECRET)
    data = Paystra::Hash.with_hash({ 'ORDER_ID' => order_id, 'RESPONSE_CODE' => code, 'STATUS' => status }, SALT)
    signed = Paystra::Webhook.sign({ 'id' => id, 'type' => type, 'created' => Time.now.to_i, 'data' => data }, secret)
    @orders.receive_webhook(@client, signed[:body].b, signed[:headers]['X-Paystra-Signature'])
  end

  def test_the_file_is_named_after_the_example_in_the_data_dir
    assert_equal File.join(File.expand_path(@dir), 'server-orders.json'), @orders.path
    assert_equal File.expand_path('data/pos-orders.json'), Paystra::Example::Orders.for_example('pos', data_dir: '').path
  end

  def test_status_only_moves_forward
    @orders.create('RB1', '100')
    assert_equal [200, { 'order_id' => 'RB1', 'status' => 'created', 'amount' => '100', 'events' => [], 'updated_by' => nil,
                         'dispute' => nil }],
                 @orders.show('RB1')
    @orders.advance('RB1', answer('328', 'Failed'), 'status')
    assert_equal 'created', @orders.find('RB1')['status']
    @orders.advance('RB1', answer('026', 'Pending'), 'return')
    assert_equal %w[pending return], @orders.find('RB1').values_at('status', 'updated_by')
    @orders.advance('RB1', answer('000', 'Captured'), 'status')
    assert_equal %w[paid status], @orders.find('RB1').values_at('status', 'updated_by')
    @orders.advance('RB1', answer('004', 'Failed'), 'return')
    @orders.advance('RB1', answer('026', 'Pending'), 'return')
    assert_equal %w[paid status], @orders.find('RB1').values_at('status', 'updated_by'), 'paid is final'
    assert_nil @orders.advance('NOPE', answer('000', 'Captured'), 'return')
    assert_equal [404, { 'error' => 'No such order' }], @orders.show('NOPE')
  end

  def test_a_webhook_applies_once_and_never_undoes_a_capture
    @orders.create('RB2', '250')
    first = deliver('payment.captured', 'RB2', '000', 'Captured', id: 'evt_000000000000000000000001')
    assert_equal [200, { 'received' => true, 'duplicate' => false, 'event_id' => 'evt_000000000000000000000001',
                         'order_id' => 'RB2', 'status' => 'paid' }], first
    again = deliver('payment.captured', 'RB2', '000', 'Captured', id: 'evt_000000000000000000000001')
    assert_equal [200, { 'received' => true, 'duplicate' => true, 'event_id' => 'evt_000000000000000000000001',
                         'order_id' => 'RB2', 'status' => 'paid' }], again
    late = deliver('payment.failed', 'RB2', '004', 'Failed', id: 'evt_000000000000000000000002')
    assert_equal [200, 'paid'], [late[0], late[1]['status']]
    order = @orders.find('RB2')
    assert_equal ['paid', 'webhook', %w[evt_000000000000000000000001 evt_000000000000000000000002]],
                 order.values_at('status', 'updated_by', 'events')
  end

  def test_other_events_and_unknown_orders_are_acknowledged_and_ignored
    status, body = deliver('refund.processed', 'RB3', '000', 'Refunded')
    assert_equal 200, status
    assert_match(/refund\.processed/, body['ignored'])
    status, body = deliver('payment.captured', 'UNKNOWN1', '000', 'Captured', id: 'evt_00000000000000000000000a')
    assert_equal [200, false], [status, body['duplicate']]
    assert_match(/UNKNOWN1/, body['ignored'])
    assert_equal true, deliver('payment.captured', 'UNKNOWN1', '000', 'Captured', id: 'evt_00000000000000000000000a')[1]['duplicate']
  end

  def test_a_refused_delivery_answers_400_with_the_reason_and_changes_nothing
    @orders.create('RB4', '100')
    status, body = deliver('payment.captured', 'RB4', '000', 'Captured', secret: 'another-secret')
    assert_equal 400, status
    assert_equal({ 'received' => false, 'reason' => 'wrong-secret', 'error' => Paystra::Webhook::MESSAGES['wrong-secret'] }, body)
    assert_equal 'created', @orders.find('RB4')['status']
  end

  def test_the_file_survives_a_restart_and_concurrent_writers
    threads = Array.new(8) { |n| Thread.new { 5.times { |m| @orders.create("T#{n}-#{m}", '100') } } }
    threads.each(&:join)
    assert_equal 40, @orders.recent(100).length
    skip 'no fork on this platform' unless Process.respond_to?(:fork)

    pid = fork { 10.times { |m| Paystra::Example::Orders.for_example('server', data_dir: @dir).create("P#{m}", '100') } }
    10.times { |m| @orders.create("Q#{m}", '100') }
    Process.wait(pid)
    reopened = Paystra::Example::Orders.for_example('server', data_dir: @dir)
    assert_equal 60, reopened.recent(100).length
    assert_equal 'Q9', reopened.recent(100).find { |order| order['order_id'].start_with?('Q') }['order_id']
    assert_empty Dir.glob(File.join(@dir, '*.tmp')), 'no temp file is left behind'
  end

  def deliver_settlement(settlement_id, id, status: 'PROCESSED')
    data = Paystra::Hash.with_hash({ 'PAY_ID' => '1000000000000001', 'SETTLEMENT_ID' => settlement_id,
                                     'UTR' => status == 'PROCESSED' ? 'PYSTN26331000123' : '', 'SETTLEMENT_DATE' => '2026-11-27',
                                     'CYCLE_FROM' => '2026-11-26', 'CYCLE_TO' => '2026-11-26', 'NET_AMOUNT' => '98',
                                     'BANK_ACCOUNT' => 'XXXXXXXXXX4321', 'STATUS' => status }, SALT)
    event = { 'id' => id, 'type' => 'settlement.processed', 'created' => Time.now.to_i, 'data' => data }
    signed = Paystra::Webhook.sign(event, SECRET)
    @orders.receive_webhook(@client, signed[:body].b, signed[:headers]['X-Paystra-Signature'])
  end

  def test_settlement_processed_is_recorded_once_and_changes_no_order
    @orders.create('RB5', '100')
    @orders.advance('RB5', answer('000', 'Captured'), 'return')
    before = @orders.find('RB5')
    assert_equal [200, { 'received' => true, 'duplicate' => false, 'event_id' => 'evt_s1',
                         'settlement_id' => 'setl_0a1b2c3d4e5f60718293', 'settlement_status' => 'PROCESSED' }],
                 deliver_settlement('setl_0a1b2c3d4e5f60718293', 'evt_s1')
    assert_equal [200, { 'received' => true, 'duplicate' => true, 'event_id' => 'evt_s1', 'settlement_id' => 'setl_0a1b2c3d4e5f60718293' }],
                 deliver_settlement('setl_0a1b2c3d4e5f60718293', 'evt_s1')
    kept = { 'SETTLEMENT_ID' => 'setl_0a1b2c3d4e5f60718293', 'UTR' => 'PYSTN26331000123', 'SETTLEMENT_DATE' => '2026-11-27',
             'NET_AMOUNT' => '98', 'STATUS' => 'PROCESSED' }
    assert_equal [200, kept], @orders.show_settlement('setl_0a1b2c3d4e5f60718293')
    assert_equal [404, { 'error' => 'No such settlement' }], @orders.show_settlement('setl_ffffffffffffffffffff')
    assert_equal before, @orders.find('RB5'), 'the order is as it was'

    deliver_settlement('setl_1b2c3d4e5f6071829304', 'evt_s2', status: 'CARRIED_FORWARD')
    assert_equal '', @orders.settlement('setl_1b2c3d4e5f6071829304')['UTR'], 'a carried-forward settlement has no UTR'
    saved = JSON.parse(File.read(@orders.path))
    assert_equal kept, saved['settlements']['setl_0a1b2c3d4e5f60718293']
    assert_includes saved['events'], 'evt_s1'
    assert_match(/no SETTLEMENT_ID/, deliver_settlement('', 'evt_s3')[1]['ignored'])
  end

  def test_the_reconciliation_reads_the_paid_orders
    assert_equal [], @orders.paid_orders, 'no file yet'
    { 'RB1' => '000', 'RB2' => '004', '1003' => '000', 'RB4' => nil }.each do |order_id, code|
      @orders.create(order_id, '250')
      @orders.advance(order_id, answer(code, code == '000' ? 'Captured' : 'Failed'), 'status') if code
    end
    assert_equal [{ 'ORDER_ID' => 'RB1', 'AMOUNT' => '250' }, { 'ORDER_ID' => '1003', 'AMOUNT' => '250' }], @orders.paid_orders
  end

  DISPUTE = {
    'PAY_ID' => PaystraTest::DEMO[:pay_id], 'DISPUTE_ID' => 'dsp_0a1b2c3d4e5f60718293', 'ORDER_ID' => 'RB7',
    'TXN_ID' => '1234567890123456', 'PG_REF_NUM' => '2234567890123456', 'AMOUNT' => '100', 'CURRENCY_CODE' => '356',
    'INR_AMOUNT' => '100', 'REASON_CODE' => '13.1', 'REASON' => 'Merchandise or services not received',
    'RESPOND_BY' => '2026-12-07', 'STATUS' => 'OPEN', 'EVIDENCE_RECEIVED' => 'N', 'CREATED_AT' => '2026-11-30 12:00:00',
    'DECIDED_AT' => '', 'RESOLUTION' => ''
  }.freeze
  RECORDED_DISPUTE = {
    'dispute_id' => 'dsp_0a1b2c3d4e5f60718293', 'status' => 'OPEN', 'reason_code' => '13.1',
    'reason' => 'Merchandise or services not received', 'amount' => '100', 'currency_code' => '356', 'respond_by' => '2026-12-07'
  }.freeze

  def deliver_dispute(type, status, id, order_id: 'RB7')
    data = Paystra::Hash.with_hash(DISPUTE.merge('STATUS' => status, 'ORDER_ID' => order_id), SALT)
    signed = Paystra::Webhook.sign({ 'id' => id, 'type' => type, 'created' => Time.now.to_i, 'data' => data }, SECRET)
    @orders.receive_webhook(@client, signed[:body].b, signed[:headers]['X-Paystra-Signature'])
  end

  def test_dispute_events_are_recorded_on_their_order_once_and_forward_only
    @orders.create('RB7', '100')
    first = deliver_dispute('dispute.created', 'OPEN', 'evt_d1')
    assert_equal [200, { 'received' => true, 'duplicate' => false, 'event_id' => 'evt_d1', 'order_id' => 'RB7',
                         'status' => 'created', 'dispute' => RECORDED_DISPUTE }], first
    assert deliver_dispute('dispute.created', 'OPEN', 'evt_d1')[1]['duplicate']
    deliver_dispute('dispute.lost', 'LOST', 'evt_d2')
    assert_equal 'LOST', deliver_dispute('dispute.created', 'OPEN', 'evt_d3')[1]['dispute']['status']
    status, shown = @orders.show('RB7')
    assert_equal 200, status
    assert_equal [RECORDED_DISPUTE.merge('status' => 'LOST'), %w[evt_d1 evt_d2 evt_d3], 'created'],
                 shown.values_at('dispute', 'events', 'status')
    assert_match(/RB404/, deliver_dispute('dispute.won', 'WON', 'evt_d4', order_id: 'RB404')[1]['ignored'])
  end

  def test_an_answered_dispute_is_recorded_from_the_gateways_answer
    @orders.create('RB7', '100')
    assert_nil @orders.disputed(DISPUTE.merge('ORDER_ID' => 'RB404'))
    assert_equal 'LOST', @orders.disputed(DISPUTE.merge('STATUS' => 'LOST'))['dispute']['status']
    assert_equal RECORDED_DISPUTE.merge('status' => 'LOST'), @orders.find('RB7')['dispute']
  end
end
