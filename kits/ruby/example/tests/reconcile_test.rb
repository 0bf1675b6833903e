# frozen_string_literal: true

require 'stringio'
require 'tmpdir'
require_relative 'test_helper'

# The reconciliation example (example/reconcile.rb) against a fake gateway.
class ReconcileTest < Minitest::Test
  SALT = PaystraTest::DEMO[:salt]
  Reconcile = Paystra::Example::Reconcile

  SETTLEMENT = { 'SETTLEMENT_ID' => 'setl_0a1b2c3d4e5f60718293', 'UTR' => 'PYSTN26331000123',
                 'SETTLEMENT_DATE' => '2026-11-27', 'STATUS' => 'PROCESSED', 'NET_AMOUNT' => '195280' }.freeze
  UNSETTLED = { 'TYPE' => 'PAYMENT', 'TXN_ID' => '5234567890123456', 'AMOUNT' => '100', 'FEE' => '2', 'GST' => '0', 'NET' => '98',
                'DATE' => '2026-11-27 10:00:00', 'STATE' => 'UNSETTLED', 'SETTLEMENT_ID' => '', 'UTR' => '',
                'SETTLEMENT_DATE' => '', 'EXPECTED_SETTLEMENT_DATE' => '2026-11-28' }.freeze

  def setup
    @dir = Dir.mktmpdir
    @calls = []
  end

  def teardown
    FileUtils.remove_entry(@dir)
  end

  def line(order_id, txn_id)
    { 'TYPE' => 'PAYMENT', 'ORDER_ID' => order_id, 'TXN_ID' => txn_id, 'PG_REF_NUM' => '', 'PAYMENT_TYPE' => 'UP',
      'MOP_TYPE' => 'UP', 'AMOUNT' => '100000', 'FEE' => '2000', 'GST' => '360', 'NET' => '97640',
      'DATE' => '2026-11-26 10:15:00', 'DESCRIPTION' => '' }
  end

  HOLD = { 'TYPE' => 'DISPUTE_HOLD', 'TXN_ID' => '1234567890123456', 'AMOUNT' => '-100000', 'FEE' => '0', 'GST' => '0',
           'NET' => '-100000', 'DATE' => '2026-11-28 11:00:00', 'DISPUTE_ID' => 'dsp_0a1b2c3d4e5f60718293', 'STATE' => 'UNSETTLED',
           'SETTLEMENT_ID' => '', 'SETTLEMENT_DATE' => '', 'SETTLEMENT_STATUS' => '', 'PAID_BY_SETTLEMENT_ID' => '', 'UTR' => '',
           'EXPECTED_SETTLEMENT_DATE' => '2026-11-30' }.freeze

  # A gateway holding one settlement (RB1 paid and settled, RB9 someone else's) and a recon entry
  # for RB2 (paid, not settled yet); RB3 is unknown to it (328). `refuse` names a path it refuses;
  # `disputed`, the orders /pgws/disputes lists (RB1's recon is then its dispute's open hold).
  def gateway(refuse: nil, disputed: [])
    base = 'http://127.0.0.1:4999/sandbox'
    Paystra::Client.new(PaystraTest.config, transport: lambda do |url, body|
      request = JSON.parse(body)
      path = url.delete_prefix(base)
      @calls << [path, request.reject { |key, _| %w[HASH PAY_ID].include?(key) }]
      answer = request.reject { |key, _| key == 'HASH' }.merge('RESPONSE_CODE' => '000', 'RESPONSE_MESSAGE' => 'Transaction successful')
      answer = case path
               when refuse then answer.merge('STATUS' => 'Failed', 'RESPONSE_CODE' => '339', 'RESPONSE_MESSAGE' => 'Invalid date range')
               when '/pgws/settlement/run', '/pgws/settlements' then answer.merge('SETTLEMENTS' => JSON.generate([SETTLEMENT]))
               when '/pgws/settlement'
                 # One line a page, whatever PAGE_SIZE asks: the example must fetch every page.
                 lines = [line('RB1', '1234567890123456'), line('RB9', '1234567890123457')]
                 page = request.fetch('PAGE', '1').to_i
                 answer.merge(SETTLEMENT).merge('PAGE' => page.to_s, 'PAGE_SIZE' => '1', 'LINES_COUNT' => '2', 'PAGES' => '2',
                                                'LINES' => JSON.generate(lines[page - 1, 1]))
               when '/pgws/disputes'
                 answer.merge('DISPUTES' => JSON.generate(disputed.map { |id| { 'DISPUTE_ID' => HOLD['DISPUTE_ID'], 'ORDER_ID' => id } }))
               when '/pgws/recon'
                 if request['ORDER_ID'] == 'RB1'
                   answer.merge('RECON' => JSON.generate([HOLD]))
                 elsif request['ORDER_ID'] == 'RB2'
                   answer.merge('RECON' => JSON.generate([UNSETTLED]))
                 else
                   answer.merge('STATUS' => 'Failed', 'RESPONSE_CODE' => '328', 'RESPONSE_MESSAGE' => 'No such order')
                 end
               end
      [200, JSON.generate(Paystra::Hash.with_hash(answer, SALT))]
    end)
  end

  # Runs the command with the server example's store in PAYSTRA_DATA_DIR holding `paid` (all
  # paid) and an order that failed: [exit code, stdout, stderr].
  def run_reconcile(args, client, paid: { 'RB1' => '100000', 'RB2' => '100', 'RB3' => '2500' })
    saved = ENV.fetch('PAYSTRA_DATA_DIR', nil)
    store = Paystra::Example::Orders.for_example('server', data_dir: @dir)
    paid.each do |order_id, amount|
      store.create(order_id, amount)
      store.advance(order_id, { 'RESPONSE_CODE' => '000', 'STATUS' => 'Captured' }, 'return')
    end
    store.create('RB4', '500')
    store.advance('RB4', { 'RESPONSE_CODE' => '004', 'STATUS' => 'Failed' }, 'return')
    stdout = StringIO.new
    stderr = StringIO.new
    ENV['PAYSTRA_DATA_DIR'] = @dir
    code = Reconcile.main(args, kit_root: '/kit', stdout: stdout, stderr: stderr, client: client)
    [code, stdout.string, stderr.string]
  ensure
    ENV['PAYSTRA_DATA_DIR'] = saved
  end

  def test_the_options_as_name_value_or_name_equals_value
    assert_equal({ settle_as_of: '2026-11-30T11:00:00+05:30', notify_url: 'http://127.0.0.1:8000/webhook', today: '2026-11-27',
                   json: true, help: false },
                 Reconcile.options(['--settle-as-of', '2026-11-30T11:00:00+05:30', '--notify-url=http://127.0.0.1:8000/webhook',
                                    '--today', '2026-11-27', '--json']))
    assert_equal({ settle_as_of: nil, notify_url: nil, today: nil, json: false, help: false }, Reconcile.options([]))
    {
      ['--today'] => '--today needs a value',
      ['--today', '--json'] => '--today needs a value',
      ['--today', '2026-02-30'] => 'YYYY-MM-DD',
      ['--notify-url', 'http://x/webhook'] => '--settle-as-of',
      ['--verbose'] => 'unknown option --verbose',
      ['--json=yes'] => 'no value'
    }.each do |args, message|
      assert_includes assert_raises(Reconcile::UsageError, args.inspect) { Reconcile.options(args) }.message, message
    end
  end

  def test_settlements_are_fetched_from_to_minus_91_days_to_today_plus_7_days
    assert_equal %w[2026-09-04 2026-12-04], Reconcile.window('2026-11-27')
    assert_equal %w[2026-10-08 2027-01-07], Reconcile.window('2026-12-31')
    assert_match(/\A\d{4}-\d{2}-\d{2}\z/, Reconcile.today_in_india)
  end

  def test_json_prints_the_rows_only_after_the_run_the_settlements_and_the_recon_calls
    code, stdout, stderr = run_reconcile(%w[--settle-as-of 2026-11-27T11:00:00+05:30 --notify-url http://127.0.0.1:8000/webhook
                                            --today 2026-11-29 --json], gateway)
    assert_equal [0, ''], [code, stderr]
    assert_equal [
      ['/pgws/settlement/run', { 'AS_OF' => '2026-11-27T11:00:00+05:30', 'NOTIFY_URL' => 'http://127.0.0.1:8000/webhook' }],
      ['/pgws/settlements', { 'FROM' => '2026-09-06', 'TO' => '2026-12-06' }],
      ['/pgws/settlement', { 'SETTLEMENT_ID' => 'setl_0a1b2c3d4e5f60718293', 'PAGE_SIZE' => '1000' }],
      ['/pgws/settlement', { 'SETTLEMENT_ID' => 'setl_0a1b2c3d4e5f60718293', 'PAGE' => '2', 'PAGE_SIZE' => '1000' }],
      ['/pgws/disputes', { 'FROM' => '2026-09-06', 'TO' => '2026-12-06' }],
      ['/pgws/recon', { 'ORDER_ID' => 'RB2' }],
      ['/pgws/recon', { 'ORDER_ID' => 'RB3' }]
    ], @calls, 'recon only for the paid orders no PAYMENT line names'
    rows = JSON.parse(stdout).fetch('rows')
    assert_equal ['RB1 MATCHED', 'RB2 OVERDUE', 'RB3 MISSING', 'RB9 UNKNOWN'], rows.map { |row| "#{row['ORDER_ID']} #{row['RESULT']}" }
    assert_equal({ 'ORDER_ID' => 'RB1', 'RESULT' => 'MATCHED', 'AMOUNT' => '100000', 'SETTLED_AMOUNT' => '100000',
                   'REFUNDED_AMOUNT' => '0', 'HELD_AMOUNT' => '0', 'NET' => '97640', 'SETTLEMENT_ID' => 'setl_0a1b2c3d4e5f60718293',
                   'UTR' => 'PYSTN26331000123', 'SETTLEMENT_DATE' => '2026-11-27', 'EXPECTED_SETTLEMENT_DATE' => '' }, rows[0])
    assert_equal '2026-11-28', rows[1]['EXPECTED_SETTLEMENT_DATE']
  end

  def test_a_paid_out_order_with_a_dispute_is_asked_for_its_recon_and_held_while_its_hold_is_open
    code, stdout, stderr = run_reconcile(%w[--today 2026-11-29 --json], gateway(disputed: ['RB1']))
    assert_equal [0, ''], [code, stderr]
    assert_includes @calls, ['/pgws/recon', { 'ORDER_ID' => 'RB1' }]
    row = JSON.parse(stdout).fetch('rows').first
    assert_equal ['RB1', 'HELD', '100000', '-2360', '', ''], row.values_at('ORDER_ID', 'RESULT', 'HELD_AMOUNT', 'NET', 'SETTLEMENT_ID', 'UTR')
  end

  def test_without_json_the_settlements_and_the_orders_as_tables_in_rupees_and_a_count_of_each_result
    code, stdout, = run_reconcile(['--today=2026-11-28'], gateway)
    assert_equal 0, code
    assert_equal '/pgws/settlements', @calls.first.first, 'no settlement run without --settle-as-of'
    assert_equal <<~TEXT, stdout
      Settlements dated 2026-09-05 to 2026-12-05: 1
      SETTLEMENT_ID              DATE        STATUS     UTR                     NET
      setl_0a1b2c3d4e5f60718293  2026-11-27  PROCESSED  PYSTN26331000123  ₹1,952.80

      Orders reconciled on 2026-11-28 (IST): 4
      ORDER_ID  RESULT        AMOUNT    SETTLED  REFUNDED   HELD      NET  SETTLEMENT_ID              UTR               SETTLED ON
      RB1       MATCHED    ₹1,000.00  ₹1,000.00     ₹0.00  ₹0.00  ₹976.40  setl_0a1b2c3d4e5f60718293  PYSTN26331000123  2026-11-27
      RB2       UNSETTLED      ₹1.00                ₹0.00  ₹0.00    ₹0.98                                               due 2026-11-28
      RB3       MISSING       ₹25.00                ₹0.00  ₹0.00    ₹0.00
      RB9       UNKNOWN               ₹1,000.00     ₹0.00  ₹0.00  ₹976.40  setl_0a1b2c3d4e5f60718293  PYSTN26331000123  2026-11-27

      1 MATCHED, 1 UNSETTLED, 1 MISSING, 1 UNKNOWN
    TEXT
    _, stdout, = run_reconcile(%w[--today=2026-11-28 --settle-as-of 2026-11-27T11:00:00+05:30], gateway)
    assert stdout.start_with?("Settlement run: 1 settlement(s) dated in the 92 days up to it.\n\nSettlements dated"), stdout
  end

  def test_a_store_that_is_not_json_stops_the_report_and_no_store_yet_reports_settled_orders_only
    stdout = StringIO.new
    stderr = StringIO.new
    saved = ENV.fetch('PAYSTRA_DATA_DIR', nil)
    ENV['PAYSTRA_DATA_DIR'] = @dir
    assert_equal 0, Reconcile.main(%w[--json --today 2026-11-28], kit_root: '/kit', stdout: stdout, stderr: stderr, client: gateway)
    path = File.join(File.expand_path(@dir), 'server-orders.json')
    assert_equal "No orders at #{path} yet (PAYSTRA_DATA_DIR): only settled orders are listed.\n", stderr.string
    assert_equal %w[RB1 RB9], JSON.parse(stdout.string)['rows'].map { |row| row['ORDER_ID'] }
    File.write(path, '{"orders": ')
    stderr = StringIO.new
    assert_equal 1, Reconcile.main(['--json'], kit_root: '/kit', stdout: StringIO.new, stderr: stderr, client: gateway)
    assert_match(/server-orders.json is not JSON/, stderr.string)
  ensure
    ENV['PAYSTRA_DATA_DIR'] = saved
  end

  def test_a_refusal_an_unreachable_gateway_or_a_bad_option_is_a_message_on_stderr_and_exit_1
    code, stdout, stderr = run_reconcile(['--json'], gateway(refuse: '/pgws/settlements'))
    assert_equal [1, '', "reconcile: The settlements call: Invalid date range (339)\n"], [code, stdout, stderr]
    unreachable = Paystra::Client.new(PaystraTest.config(base_url: 'http://127.0.0.1:1/sandbox'), open_timeout: 2)
    code, stdout, stderr = run_reconcile(['--json'], unreachable)
    assert_equal [1, ''], [code, stdout]
    assert_match(/could not be reached/, stderr)
    code, _, stderr = run_reconcile(%w[--today soon], gateway)
    assert_equal 1, code
    assert_includes stderr, 'Usage: ruby example/reconcile.rb'
  end
end
