# frozen_string_literal: true

require_relative 'test_helper'

class ClientTest < Minitest::Test
  # Records the JSON calls and answers them like the gateway would.
  class FakeGateway
    attr_reader :calls

    def initialize(salt, &answer)
      @salt = salt
      @answer = answer
      @calls = []
    end

    def call(url, body)
      request = JSON.parse(body)
      @calls << [url, request]
      status, fields, signed = @answer.call(url, request)
      [status, JSON.generate(signed == false ? fields : Paystra::Hash.with_hash(fields, @salt))]
    end
  end

  def setup
    @config = PaystraTest.config
  end

  def client_answering(&answer)
    @gateway = FakeGateway.new(@config.salt, &answer)
    Paystra::Client.new(@config, transport: @gateway.method(:call))
  end

  def test_payment_request_signs_every_field_it_posts
    request = Paystra::Client.new(@config).payment_request(
      'AMOUNT' => '100', 'CUST_NAME' => ' Asha Rao ', CUST_EMAIL: 'asha@example.in', 'CUST_MOBILE' => ''
    )
    assert_equal 'http://127.0.0.1:4999/sandbox/paymentrequest', request[:action]
    fields = request[:fields]
    assert_equal '1000000000000001', fields['PAY_ID']
    assert_equal %w[SALE 356 100 http://127.0.0.1:8000/response Asha\ Rao asha@example.in],
                 fields.values_at('TXNTYPE', 'CURRENCY_CODE', 'AMOUNT', 'RETURN_URL', 'CUST_NAME', 'CUST_EMAIL')
    refute fields.key?('CUST_MOBILE'), 'empty fields are left out'
    assert_match(/\ARB\d{13}\z/, fields['ORDER_ID'])
    assert Paystra::Hash.verify(fields, @config.salt)
  end

  def test_invalid_amounts_and_order_ids_are_refused_before_anything_is_sent
    client = Paystra::Client.new(@config)
    ['', '0', '010', '1.00', '-5', 'abc', '12345678901'].each do |amount|
      assert_raises(Paystra::InvalidRequest, amount) { client.payment_request('AMOUNT' => amount) }
    end
    assert_raises(Paystra::InvalidRequest) { client.payment_request('AMOUNT' => '100', 'ORDER_ID' => 'has space') }
    assert_raises(Paystra::InvalidRequest) { client.status('x' * 51) }
  end

  def test_order_ids_are_unique_even_within_a_millisecond
    ids = Array.new(500) { Paystra::Client.order_id('PG') }
    assert_equal ids.uniq, ids
    assert(ids.all? { |id| id.match?(/\APG\d{13,}\z/) })
  end

  def test_merchant_hosted_request_encrypts_the_signed_request
    request = Paystra::Client.new(@config).merchant_hosted_request(
      { 'AMOUNT' => '250', 'ORDER_ID' => 'MH1' }, { 'PAYMENT_TYPE' => 'UP', 'PAYER_ADDRESS' => ' success@upi ' }
    )
    assert_equal 'http://127.0.0.1:4999/sandbox/merchantPaymentInit', request[:action]
    assert_equal %w[PAY_ID ENCDATA], request[:fields].keys
    inside = Paystra::Cipher.decrypt(request[:fields]['ENCDATA'], @config.merchant_hosted_key)
    assert Paystra::Hash.verify(inside, @config.salt)
    assert_equal %w[MH1 250 UP UP success@upi SALE], inside.values_at('ORDER_ID', 'AMOUNT', 'PAYMENT_TYPE', 'MOP_TYPE', 'PAYER_ADDRESS', 'TXNTYPE')
    assert_raises(Paystra::InvalidRequest) do
      Paystra::Client.new(@config).merchant_hosted_request({ 'AMOUNT' => '1' }, { 'PAYMENT_TYPE' => 'CC' })
    end
  end

  def gateway_response(fields, config = @config)
    { 'PAY_ID' => config.pay_id, 'ENCDATA' => Paystra::Cipher.encrypt(fields, config.salt, config.merchant_hosted_key) }
  end

  def response_fields
    { 'PAY_ID' => @config.pay_id, 'ORDER_ID' => 'RB1', 'AMOUNT' => '100', 'STATUS' => 'Captured', 'RESPONSE_CODE' => '000' }
  end

  def test_verify_response_returns_the_decrypted_fields
    fields = Paystra::Client.new(@config).verify_response(gateway_response(response_fields))
    assert_equal '000', fields['RESPONSE_CODE']
    assert Paystra::Hash.verify(fields, @config.salt)
  end

  def test_verify_response_accepts_spaces_for_plus_and_symbol_keys
    posted = gateway_response(response_fields.merge('CUST_NAME' => 'x' * 40))
    posted = { PAY_ID: posted['PAY_ID'], ENCDATA: posted['ENCDATA'].tr('+', ' ') }
    assert_equal '000', Paystra::Client.new(@config).verify_response(posted)['RESPONSE_CODE']
  end

  def test_verify_response_refuses_tampering_other_merchants_and_forgeries
    client = Paystra::Client.new(@config)
    good = gateway_response(response_fields)
    tampered = good.merge('ENCDATA' => good['ENCDATA'].sub(/\A./) { |c| c == 'A' ? 'B' : 'A' })
    other_pay_id = good.merge('PAY_ID' => '1000000000000002')
    other_salt = gateway_response(response_fields, PaystraTest.config(salt: 'not-the-salt'))
    other_key = gateway_response(response_fields, PaystraTest.config(key_salt: 'another-key-salt'))
    inner_pay_id = gateway_response(response_fields.merge('PAY_ID' => '1000000000000002'))
    [tampered, other_pay_id, other_salt, other_key, inner_pay_id, { 'PAY_ID' => @config.pay_id },
     good.merge('ENCDATA' => 'junk!')].each do |posted|
      assert_raises(Paystra::VerificationError) { client.verify_response(posted) }
    end
  end

  def test_status_signs_the_enquiry_and_verifies_the_answer
    client = client_answering do |_url, request|
      [200, request.reject { |key, _| key == 'HASH' }.merge('STATUS' => 'Captured', 'RESPONSE_CODE' => '000')]
    end
    answer = client.status('RB1')
    url, request = @gateway.calls.first
    assert_equal 'http://127.0.0.1:4999/sandbox/pgws/transact', url
    assert_equal %w[HASH ORDER_ID PAY_ID TXNTYPE], request.keys.sort
    assert_equal 'STATUS', request['TXNTYPE']
    assert Paystra::Hash.verify(request, @config.salt)
    assert_equal 'Captured', answer['STATUS']
  end

  def test_an_answer_with_a_wrong_hash_is_refused
    client = Paystra::Client.new(@config, transport: lambda do |_url, _body|
      answer = Paystra::Hash.with_hash({ 'PAY_ID' => @config.pay_id, 'RESPONSE_CODE' => '000' }, @config.salt)
      [200, JSON.generate(answer.merge('RESPONSE_CODE' => '004'))]
    end)
    assert_raises(Paystra::VerificationError) { client.status('RB1') }
  end

  def test_an_unsigned_refusal_raises_with_its_code
    client = client_answering { [200, { 'RESPONSE_CODE' => '324', 'RESPONSE_MESSAGE' => 'Invalid pay id' }, false] }
    error = assert_raises(Paystra::GatewayError) { client.status('RB1') }
    assert_equal '324', error.code
    assert_match(/324 Invalid pay id/, error.message)
  end

  def test_a_gateway_that_is_down_or_answers_html_raises_gateway_error
    html = Paystra::Client.new(@config, transport: ->(_u, _b) { [502, '<html>Bad gateway</html>'] })
    assert_raises(Paystra::GatewayError) { html.status('RB1') }
    down = Paystra::Client.new(PaystraTest.config(base_url: 'http://127.0.0.1:1/sandbox'), open_timeout: 2)
    assert_raises(Paystra::GatewayError) { down.status('RB1') }
  end

  def test_refund_sends_the_refund_fields
    client = client_answering { |_url, request| [200, request.reject { |key, _| key == 'HASH' }.merge('STATUS' => 'Refunded')] }
    client.refund('RB1', nil, '50')
    _, request = @gateway.calls.first
    assert_equal %w[REFUND RB1 50 356], request.values_at('TXNTYPE', 'ORDER_ID', 'AMOUNT', 'CURRENCY_CODE')
    assert_match(/\ARF\d+\z/, request['REFUND_ORDER_ID'])
    assert Paystra::Hash.verify(request, @config.salt)
  end

  def test_payout_sends_only_the_beneficiary_fields_of_its_mode
    client = client_answering { |_url, request| [200, request.reject { |key, _| key == 'HASH' }.merge('STATUS' => 'Processed')] }
    client.payout('AMOUNT' => '1000', 'TRANSFER_MODE' => 'upi', 'BENEFICIARY_NAME' => 'Asha Rao',
                  'BENEFICIARY_VPA' => 'success@upi', 'BENEFICIARY_ACCOUNT' => '123456789', 'BENEFICIARY_IFSC' => '')
    client.payout('PAYOUT_ID' => 'PO-1', 'AMOUNT' => '1000', 'TRANSFER_MODE' => 'NEFT', 'BENEFICIARY_NAME' => 'Asha Rao',
                  'BENEFICIARY_ACCOUNT' => '123456789012', 'BENEFICIARY_IFSC' => 'HDFC0001234', 'BENEFICIARY_VPA' => 'x@upi')
    (upi_url, upi), (_, neft) = @gateway.calls
    assert_equal 'http://127.0.0.1:4999/sandbox/pgws/payout', upi_url
    assert_equal %w[AMOUNT BENEFICIARY_NAME BENEFICIARY_VPA CURRENCY_CODE HASH PAYOUT_ID PAY_ID TRANSFER_MODE], upi.keys.sort
    assert_equal 'UPI', upi['TRANSFER_MODE']
    assert_equal %w[PO-1 123456789012 HDFC0001234], neft.values_at('PAYOUT_ID', 'BENEFICIARY_ACCOUNT', 'BENEFICIARY_IFSC')
    refute neft.key?('BENEFICIARY_VPA')
    assert_raises(Paystra::InvalidRequest) { client.payout('AMOUNT' => '1', 'TRANSFER_MODE' => 'SWIFT') }
  end

  def test_payout_status_and_qr_call_their_endpoints
    client = client_answering { |_url, request| [200, request.reject { |key, _| key == 'HASH' }] }
    client.payout_status('PO-1')
    client.qr({ 'AMOUNT' => '500', 'CUST_NAME' => 'Asha' }, 'UPI')
    (status_url, status), (qr_url, qr) = @gateway.calls
    assert_equal 'http://127.0.0.1:4999/sandbox/pgws/payout/status', status_url
    assert_equal %w[HASH PAYOUT_ID PAY_ID], status.keys.sort
    assert_equal 'http://127.0.0.1:4999/sandbox/pgws/qr', qr_url
    assert_equal %w[500 356 UPI Asha], qr.values_at('AMOUNT', 'CURRENCY_CODE', 'QR_TYPE', 'CUST_NAME')
    assert_match(/\AQR\d+\z/, qr['ORDER_ID'])
    assert_raises(Paystra::InvalidRequest) { client.qr({ 'AMOUNT' => '500' }, 'BHARAT') }
  end

  NOTIFY = 'http://127.0.0.1:8000/webhook'

  def test_notify_url_travels_signed_with_payments_qr_refunds_and_payouts
    client = Paystra::Client.new(@config)
    hosted = client.payment_request('AMOUNT' => '100', 'NOTIFY_URL' => NOTIFY)[:fields]
    assert_equal NOTIFY, hosted['NOTIFY_URL']
    assert Paystra::Hash.verify(hosted, @config.salt)
    seamless = client.merchant_hosted_request({ 'AMOUNT' => '100', 'NOTIFY_URL' => NOTIFY }, { 'PAYMENT_TYPE' => 'NB', 'MOP_TYPE' => '1001' })
    inside = Paystra::Cipher.decrypt(seamless[:fields]['ENCDATA'], @config.merchant_hosted_key)
    assert_equal NOTIFY, inside['NOTIFY_URL']
    assert Paystra::Hash.verify(inside, @config.salt)

    client = client_answering { |_url, request| [200, request.reject { |key, _| key == 'HASH' }] }
    client.qr({ 'AMOUNT' => '500', 'NOTIFY_URL' => NOTIFY }, 'UPI')
    client.refund('RB1', nil, '50', notify_url: NOTIFY)
    client.payout('AMOUNT' => '1000', 'TRANSFER_MODE' => 'UPI', 'BENEFICIARY_NAME' => 'Asha Rao',
                  'BENEFICIARY_VPA' => 'success@upi', 'NOTIFY_URL' => NOTIFY)
    client.refund('RB1', nil, '50')
    *with_notify, without = @gateway.calls.map(&:last)
    with_notify.each do |request|
      assert_equal NOTIFY, request['NOTIFY_URL']
      assert Paystra::Hash.verify(request, @config.salt)
    end
    refute without.key?('NOTIFY_URL'), 'no NOTIFY_URL unless one is given'
  end

  # The examples put config.notify_url on every request. Without PAYSTRA_WEBHOOK_SECRET they could
  # not verify the events, so no request may ask for any (each delivery would be refused and retried
  # for about 32 hours); with the secret every request carries APP_URL/webhook.
  def test_requests_carry_the_configs_notify_url_only_once_a_webhook_secret_is_set
    [[PaystraTest.config, nil], [PaystraTest.config(webhook_secret: 'wh_demo_7c1e4b9a2f6d8035'), NOTIFY]].each do |config, expected|
      @config = config
      expected ? assert_equal(expected, config.notify_url) : assert_nil(config.notify_url)
      client = Paystra::Client.new(config)
      hosted = client.payment_request('AMOUNT' => '100', 'NOTIFY_URL' => config.notify_url)[:fields]
      seamless = client.merchant_hosted_request({ 'AMOUNT' => '100', 'NOTIFY_URL' => config.notify_url },
                                                { 'PAYMENT_TYPE' => 'WL', 'MOP_TYPE' => 'PPL' })
      inside = Paystra::Cipher.decrypt(seamless[:fields]['ENCDATA'], config.merchant_hosted_key)
      client = client_answering { |_url, request| [200, request.reject { |key, _| key == 'HASH' }] }
      client.qr({ 'AMOUNT' => '500', 'NOTIFY_URL' => config.notify_url }, 'UPI')
      client.refund('RB1', nil, '50', notify_url: config.notify_url)
      client.payout('AMOUNT' => '1000', 'TRANSFER_MODE' => 'UPI', 'BENEFICIARY_NAME' => 'Asha Rao',
                    'BENEFICIARY_VPA' => 'success@upi', 'NOTIFY_URL' => config.notify_url)
      sent = [hosted, inside] + @gateway.calls.map(&:last)
      assert_equal 5, sent.length
      sent.each do |fields|
        if expected
          assert_equal expected, fields['NOTIFY_URL'], "with a secret: #{fields}"
        else
          refute fields.key?('NOTIFY_URL'), "without a secret: #{fields}"
        end
        assert Paystra::Hash.verify(fields, config.salt)
      end
    end
  end

  SETTLEMENT = {
    'SETTLEMENT_ID' => 'setl_0a1b2c3d4e5f60718293', 'UTR' => 'PYSTN26331000123', 'SETTLEMENT_DATE' => '2026-11-27',
    'CYCLE_FROM' => '2026-11-26', 'CYCLE_TO' => '2026-11-26', 'PAYMENTS_COUNT' => '1', 'REFUNDS_COUNT' => '0',
    'GROSS_AMOUNT' => '100000', 'REFUNDS_AMOUNT' => '0', 'FEES_AMOUNT' => '2000', 'GST_AMOUNT' => '360',
    'ADJUSTMENTS_AMOUNT' => '0', 'NET_AMOUNT' => '97640', 'BANK_ACCOUNT' => 'XXXXXXXXXX4321', 'STATUS' => 'PROCESSED'
  }.freeze
  LINE = {
    'TYPE' => 'PAYMENT', 'ORDER_ID' => 'RB1', 'TXN_ID' => '1234567890123456', 'PG_REF_NUM' => '202612345678901234',
    'PAYMENT_TYPE' => 'UP', 'MOP_TYPE' => 'UP', 'AMOUNT' => '100000', 'FEE' => '2000', 'GST' => '360', 'NET' => '97640',
    'DATE' => '2026-11-26 10:15:00', 'DESCRIPTION' => ''
  }.freeze
  RECON_ENTRY = {
    'TYPE' => 'PAYMENT', 'TXN_ID' => '5234567890123456', 'AMOUNT' => '100', 'FEE' => '2', 'GST' => '0', 'NET' => '98',
    'DATE' => '2026-11-27 10:00:00', 'STATE' => 'UNSETTLED', 'SETTLEMENT_ID' => '', 'UTR' => '', 'SETTLEMENT_DATE' => '',
    'EXPECTED_SETTLEMENT_DATE' => '2026-11-28'
  }.freeze

  # The gateway's success answer: the request's fields, the code, and `fields` (lists as JSON text).
  def settled(request, fields)
    lists = fields.transform_values { |value| value.is_a?(Array) ? JSON.generate(value) : value }
    [200, request.reject { |key, _| key == 'HASH' }.merge('RESPONSE_CODE' => '000', 'RESPONSE_MESSAGE' => 'Transaction successful').merge(lists)]
  end

  def test_settlements_lists_a_date_range_with_settlements_parsed_after_the_hash_verifies
    client = client_answering { |_url, request| settled(request, 'SETTLEMENTS' => [SETTLEMENT]) }
    answer = client.settlements(Date.new(2026, 11, 1), '2026-11-30')
    url, request = @gateway.calls.first
    assert_equal 'http://127.0.0.1:4999/sandbox/pgws/settlements', url
    assert_equal({ 'PAY_ID' => @config.pay_id, 'FROM' => '2026-11-01', 'TO' => '2026-11-30' }, request.reject { |key, _| key == 'HASH' })
    assert Paystra::Hash.verify(request, @config.salt)
    assert_equal [SETTLEMENT], answer['SETTLEMENTS']
    assert_equal '000', answer['RESPONSE_CODE']
    %w[2026-11-31 1/11/2026].each do |bad|
      assert_raises(Paystra::InvalidRequest) { client.settlements(bad, '2026-11-30') }
    end
  end

  def test_settlement_by_id_or_utr_answers_its_lines
    client = client_answering { |_url, request| settled(request, SETTLEMENT.merge('LINES' => [LINE])) }
    answer = client.settlement(settlement_id: 'setl_0a1b2c3d4e5f60718293')
    assert_equal [LINE], answer['LINES']
    assert_equal '97640', answer['NET_AMOUNT']
    client.settlement(utr: 'PYSTN26331000123')
    (url, by_id), (_, by_utr) = @gateway.calls
    assert_equal 'http://127.0.0.1:4999/sandbox/pgws/settlement', url
    assert_equal %w[HASH PAY_ID SETTLEMENT_ID], by_id.keys.sort
    assert_equal %w[HASH PAY_ID UTR], by_utr.keys.sort
    assert_raises(Paystra::InvalidRequest) { client.settlement }
    assert_raises(Paystra::InvalidRequest) { client.settlement(settlement_id: 'setl_0a1b2c3d4e5f60718293', utr: 'PYSTN26331000123') }
  end

  def test_a_signed_refusal_is_the_answer_without_a_list
    client = client_answering do |_url, request|
      [200, request.reject { |key, _| key == 'HASH' }.merge('STATUS' => 'Failed', 'RESPONSE_CODE' => '338', 'RESPONSE_MESSAGE' => 'No settlement found')]
    end
    answer = client.settlement(settlement_id: 'setl_ffffffffffffffffffff')
    assert_equal '338', answer['RESPONSE_CODE']
    refute answer.key?('LINES')
  end

  def test_a_malformed_list_or_a_success_without_its_list_raises_gateway_error
    ['{"a":"b"}', 'not json', '[1]', '[{"AMOUNT":100}]'].each do |text|
      client = client_answering { |_url, request| settled(request, 'SETTLEMENTS' => text) }
      error = assert_raises(Paystra::GatewayError, text) { client.settlements('2026-11-01', '2026-11-30') }
      assert_match(/SETTLEMENTS/, error.message)
    end
    client = client_answering { |_url, request| settled(request, {}) }
    assert_match(/no RECON/, assert_raises(Paystra::GatewayError) { client.recon('RB1') }.message)
  end

  def test_the_hash_covers_the_lists_text
    client = Paystra::Client.new(@config, transport: lambda do |_url, body|
      request = JSON.parse(body)
      answer = Paystra::Hash.with_hash(settled(request, SETTLEMENT.merge('LINES' => [LINE]))[1], @config.salt)
      [200, JSON.generate(answer.merge('LINES' => answer['LINES'].sub('97640', '99640')))]
    end)
    assert_raises(Paystra::VerificationError) { client.settlement(settlement_id: 'setl_0a1b2c3d4e5f60718293') }
  end

  def test_recon_and_run_settlement_post_their_fields_and_parse_their_lists
    client = client_answering do |url, request|
      settled(request, url.end_with?('/recon') ? { 'RECON' => [RECON_ENTRY] } : { 'SETTLEMENTS' => [SETTLEMENT] })
    end
    assert_equal [RECON_ENTRY], client.recon('RB1')['RECON']
    assert_equal [SETTLEMENT], client.run_settlement('2026-11-30T11:00:00+05:30')['SETTLEMENTS']
    client.run_settlement(Time.new(2026, 11, 30, 11, 0, 0, '+05:30'), notify_url: NOTIFY)
    (recon_url, recon), (run_url, run), (_, timed) = @gateway.calls
    assert_equal 'http://127.0.0.1:4999/sandbox/pgws/recon', recon_url
    assert_equal 'RB1', recon['ORDER_ID']
    assert_equal 'http://127.0.0.1:4999/sandbox/pgws/settlement/run', run_url
    assert_equal({ 'PAY_ID' => @config.pay_id, 'AS_OF' => '2026-11-30T11:00:00+05:30' }, run.reject { |key, _| key == 'HASH' })
    assert_equal ['2026-11-30T11:00:00+05:30', NOTIFY], timed.values_at('AS_OF', 'NOTIFY_URL')
    assert Paystra::Hash.verify(timed, @config.salt)
    assert_raises(Paystra::InvalidRequest) { client.recon('not an id') }
    assert_raises(Paystra::InvalidRequest) { client.run_settlement(' ') }
  end

  def test_settlement_csv_returns_the_text_and_raises_the_refusal
    csv = "SETTLEMENT_ID,UTR,SETTLEMENT_DATE,TYPE,ORDER_ID,TXN_ID,AMOUNT,AMOUNT_RUPEES\r\n" \
          "setl_0a1b2c3d4e5f60718293,PYSTN26331000123,2026-11-27,PAYMENT,RB1,'1234567890123456,100000,1000.00\r\n" \
          "TOTAL,PYSTN26331000123,2026-11-27,,,,100000,1000.00\r\n"
    sent = nil
    answering = lambda do |status, body|
      Paystra::Client.new(@config, transport: lambda { |_url, json|
        sent = JSON.parse(json)
        [status, body]
      })
    end
    assert_equal csv, answering.call(200, csv).settlement_csv(utr: 'PYSTN26331000123')
    assert_equal({ 'PAY_ID' => @config.pay_id, 'UTR' => 'PYSTN26331000123', 'FORMAT' => 'CSV' }, sent.reject { |key, _| key == 'HASH' })

    refusal = { 'PAY_ID' => @config.pay_id, 'UTR' => 'PYSTN26331000123', 'FORMAT' => 'CSV', 'STATUS' => 'Failed',
                'RESPONSE_CODE' => '338', 'RESPONSE_MESSAGE' => 'No settlement found' }
    error = assert_raises(Paystra::GatewayError) do
      answering.call(200, JSON.generate(Paystra::Hash.with_hash(refusal, @config.salt))).settlement_csv(utr: 'PYSTN26331000123')
    end
    assert_equal '338', error.code
    assert_match(/338 No settlement found/, error.message)
    assert_raises(Paystra::VerificationError) do
      answering.call(200, JSON.generate(Paystra::Hash.with_hash(refusal, 'another salt'))).settlement_csv(utr: 'PYSTN26331000123')
    end
    unsigned = JSON.generate('RESPONSE_CODE' => '324', 'RESPONSE_MESSAGE' => 'Invalid pay id')
    assert_equal '324', assert_raises(Paystra::GatewayError) { answering.call(200, unsigned).settlement_csv(utr: 'X') }.code
    error = assert_raises(Paystra::GatewayError) { answering.call(502, '<html>Bad gateway</html>').settlement_csv(utr: 'X') }
    assert_match(/HTTP 502/, error.message)
  end

  def test_settlement_with_all_lines_fetches_every_page_and_checks_the_count
    lines = Array.new(5) { |n| LINE.merge('TXN_ID' => (1_234_567_890_123_000 + n).to_s) }
    # The stand-in pages by 2, whatever is asked, so that five lines take three pages.
    paged = lambda do |lines_count|
      client_answering do |_url, request|
        page = request.fetch('PAGE', '1').to_i
        paging = { 'PAGE' => page.to_s, 'PAGE_SIZE' => request['PAGE_SIZE'], 'LINES_COUNT' => lines_count.to_s, 'PAGES' => '3' }
        settled(request, SETTLEMENT.merge(paging).merge('LINES' => lines[(page - 1) * 2, 2]))
      end
    end
    answer = paged.call(5).settlement_with_all_lines(settlement_id: 'setl_0a1b2c3d4e5f60718293')
    assert_equal lines, answer['LINES']
    assert_equal %w[97640 5 3], answer.values_at('NET_AMOUNT', 'LINES_COUNT', 'PAGES')
    assert_equal [[nil, '1000'], %w[2 1000], %w[3 1000]], @gateway.calls.map { |_, request| request.values_at('PAGE', 'PAGE_SIZE') }
    # Pages that do not add up to LINES_COUNT are not the whole settlement.
    assert_raises(Paystra::GatewayError) { paged.call(6).settlement_with_all_lines(settlement_id: 'setl_0a1b2c3d4e5f60718293') }
  end

  def test_one_page_of_a_settlement_its_page_checked_before_calling
    client = client_answering { |_url, request| settled(request, SETTLEMENT.merge('LINES' => [LINE])) }
    client.settlement(settlement_id: 'setl_0a1b2c3d4e5f60718293', page: 3, page_size: 50)
    assert_equal %w[3 50], @gateway.calls.first[1].values_at('PAGE', 'PAGE_SIZE')
    [[0, nil], [-1, nil], ['2', nil], [1.5, nil], [nil, 0], [nil, 1001], [nil, '10']].each do |page, page_size|
      assert_raises(Paystra::InvalidRequest, [page, page_size].inspect) do
        client.settlement(settlement_id: 'setl_0a1b2c3d4e5f60718293', page: page, page_size: page_size)
      end
    end
    assert_equal 1, @gateway.calls.size
  end

  INVOICE = { 'INVOICE_NUMBER' => 'PYS/2026-27/000123', 'MONTH' => '2026-11', 'TAXABLE_AMOUNT' => '2000', 'CGST_AMOUNT' => '180',
              'SGST_AMOUNT' => '180', 'IGST_AMOUNT' => '0', 'GST_AMOUNT' => '360', 'TOTAL_AMOUNT' => '2360' }.freeze
  INVOICE_LINE = { 'DESCRIPTION' => 'Payment processing fees', 'SAC' => '997158', 'TAXABLE_AMOUNT' => '2000', 'GST_AMOUNT' => '360',
                   'TOTAL_AMOUNT' => '2360' }.freeze
  PDF = "%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj <<>> endobj\n%%EOF\n".b.freeze

  def test_gst_invoice_answers_the_verified_fields_or_the_pdf_bytes
    client = client_answering { |_url, request| settled(request, INVOICE.merge('LINES' => [INVOICE_LINE])) }
    answer = client.gst_invoice('2026-11')
    assert_equal INVOICE, answer.slice(*INVOICE.keys)
    assert_equal [INVOICE_LINE], answer['LINES']
    url, request = @gateway.calls.first
    assert_equal 'http://127.0.0.1:4999/sandbox/pgws/gst-invoice', url
    assert_equal({ 'PAY_ID' => @config.pay_id, 'MONTH' => '2026-11' }, request.reject { |key, _| key == 'HASH' })
    assert Paystra::Hash.verify(request, @config.salt)
    client.gst_invoice(Date.new(2026, 10, 31))
    assert_equal '2026-10', @gateway.calls.last[1]['MONTH']

    sent = nil
    pdf = Paystra::Client.new(@config, transport: lambda { |_url, json|
      sent = JSON.parse(json)
      [200, PDF.dup.force_encoding(Encoding::UTF_8)]
    })
    body = pdf.gst_invoice('2026-11', format: 'PDF')
    assert_equal PDF, body
    assert_equal Encoding::BINARY, body.encoding
    assert_equal 'PDF', sent['FORMAT']
  end

  def test_gst_invoice_refusals_and_checks_before_calling
    refusal = { 'PAY_ID' => @config.pay_id, 'MONTH' => '2099-12', 'STATUS' => 'Failed', 'RESPONSE_CODE' => '355',
                'RESPONSE_MESSAGE' => 'Invalid month' }
    client = Paystra::Client.new(@config, transport: ->(_url, _json) { [400, JSON.generate(Paystra::Hash.with_hash(refusal, @config.salt))] })
    assert_equal '355', client.gst_invoice('2099-12')['RESPONSE_CODE']
    assert_equal '355', assert_raises(Paystra::GatewayError) { client.gst_invoice('2099-12', format: 'PDF') }.code
    checked = client_answering { |_url, request| settled(request, INVOICE.merge('LINES' => [INVOICE_LINE])) }
    [['2026-13', 'JSON'], ['2026-1', 'JSON'], ['1999-12', 'JSON'], ['2026-11-01', 'JSON'], ['2026-11', 'CSV'], ['2026-11', 'pdf']]
      .each do |month, format|
      assert_raises(Paystra::InvalidRequest, month) { checked.gst_invoice(month, format: format) }
    end
    assert_empty @gateway.calls
  end

  DISPUTE = {
    'DISPUTE_ID' => 'dsp_0a1b2c3d4e5f60718293', 'ORDER_ID' => 'RB1', 'TXN_ID' => '1234567890123456',
    'PG_REF_NUM' => '2234567890123456', 'AMOUNT' => '1234', 'CURRENCY_CODE' => '840', 'INR_AMOUNT' => '103921',
    'REASON_CODE' => '13.1', 'REASON' => 'Merchandise or services not received', 'RESPOND_BY' => '2026-12-07',
    'STATUS' => 'OPEN', 'EVIDENCE_RECEIVED' => 'N', 'CREATED_AT' => '2026-11-30 12:00:00', 'DECIDED_AT' => '', 'RESOLUTION' => ''
  }.freeze
  RATES = { '840' => '84.2150', '392' => '0.5532' }.freeze
  CURRENCIES = [
    { 'CURRENCY_CODE' => '356', 'CODE' => 'INR', 'NAME' => 'Indian Rupee', 'MINOR_UNITS' => '2', 'FX_RATE' => '1.0000' },
    { 'CURRENCY_CODE' => '840', 'CODE' => 'USD', 'NAME' => 'US Dollar', 'MINOR_UNITS' => '2', 'FX_RATE' => '84.2150' }
  ].freeze

  def dispute_gateway
    client_answering do |url, request|
      if url.end_with?('/fx')
        settled(request, 'RATES_DATE' => '2026-11-27', 'RATES' => JSON.generate(RATES), 'CURRENCIES' => CURRENCIES)
      elsif url.end_with?('/disputes')
        settled(request, 'DISPUTES' => [DISPUTE])
      else
        answer = settled(request, DISPUTE.merge('STATUS' => request['ACTION'] == 'ACCEPT' ? 'LOST' : 'UNDER_REVIEW'))
        [200, answer[1].reject { |key, _| key.start_with?('EVIDENCE_FILE') || key == 'EVIDENCE' }]
      end
    end
  end

  def test_fx_rates_and_the_dispute_calls_post_their_fields_and_parse_their_lists
    client = dispute_gateway
    rates = client.fx_rates
    assert_equal [RATES, CURRENCIES, '2026-11-27'], rates.values_at('RATES', 'CURRENCIES', 'RATES_DATE')
    assert_equal [DISPUTE], client.disputes(Date.new(2026, 11, 1), '2026-11-30')['DISPUTES']
    assert_equal [DISPUTE], client.disputes_for_order('RB1')['DISPUTES']
    assert_equal 'LOST', client.accept_dispute(DISPUTE['DISPUTE_ID'])['STATUS']
    assert_equal 'UNDER_REVIEW', client.contest_dispute(DISPUTE['DISPUTE_ID'], 'Delivered, signed for.')['STATUS']
    client.contest_dispute(DISPUTE['DISPUTE_ID'], 'Proof attached.', '%PDF-1.4 proof'.b, 'delivery.pdf')
    sent = @gateway.calls.map { |url, request| [url.delete_prefix('http://127.0.0.1:4999/sandbox'), request.reject { |key, _| %w[HASH PAY_ID].include?(key) }] }
    id = DISPUTE['DISPUTE_ID']
    assert_equal [
      ['/pgws/fx', {}],
      ['/pgws/disputes', { 'FROM' => '2026-11-01', 'TO' => '2026-11-30' }],
      ['/pgws/disputes', { 'ORDER_ID' => 'RB1' }],
      ['/pgws/dispute', { 'DISPUTE_ID' => id, 'ACTION' => 'ACCEPT' }],
      ['/pgws/dispute', { 'DISPUTE_ID' => id, 'ACTION' => 'CONTEST', 'EVIDENCE' => 'Delivered, signed for.' }],
      ['/pgws/dispute', { 'DISPUTE_ID' => id, 'ACTION' => 'CONTEST', 'EVIDENCE' => 'Proof attached.',
                          'EVIDENCE_FILE' => 'JVBERi0xLjQgcHJvb2Y=', 'EVIDENCE_FILE_NAME' => 'delivery.pdf' }]
    ], sent
    @gateway.calls.each { |_, request| assert Paystra::Hash.verify(request, @config.salt) }
  end

  def test_rates_are_trusted_only_when_the_hash_covers_them_and_they_are_an_object_of_strings
    client = Paystra::Client.new(@config, transport: lambda do |_url, body|
      answer = Paystra::Hash.with_hash(settled(JSON.parse(body), 'RATES' => JSON.generate(RATES), 'CURRENCIES' => [])[1], @config.salt)
      [200, JSON.generate(answer.merge('RATES' => JSON.generate(RATES.merge('840' => '1.0000'))))]
    end)
    assert_raises(Paystra::VerificationError) { client.fx_rates }
    ['[]', 'nope', '{"840":84.2}'].each do |text|
      client = client_answering { |_url, request| settled(request, 'RATES' => text, 'CURRENCIES' => []) }
      assert_match(/RATES/, assert_raises(Paystra::GatewayError, text) { client.fx_rates }.message)
    end
  end

  def test_dispute_ids_evidence_and_files_are_checked_before_anything_is_sent
    client = dispute_gateway
    id = DISPUTE['DISPUTE_ID']
    [
      -> { client.accept_dispute('dsp_XYZ') },
      -> { client.accept_dispute(nil) },
      -> { client.contest_dispute(id, '   ') },
      -> { client.contest_dispute(id, 'x' * 5001) },
      -> { client.contest_dispute(id, 'Proof', '%PDF') },
      -> { client.contest_dispute(id, 'Proof', nil, 'proof.pdf') },
      -> { client.contest_dispute(id, 'Proof', 'x' * ((2 * 1024 * 1024) + 1), 'big.pdf') },
      -> { client.disputes('2026-11-31', '2026-12-01') },
      -> { client.disputes_for_order('RB 1') }
    ].each { |call| assert_raises(Paystra::InvalidRequest) { call.call } }
    assert_empty @gateway.calls
  end

  # The sandbox's own answers, as its OpenAPI document's examples clockNow, clockAdvance and
  # clockAdvanceRefused give them: signed with the demo merchant's salt, byte for byte.
  CLOCK_NOW = '{"PAY_ID":"1000000000000001","NOW":"2026-12-07T07:39:53.511Z","RESPONSE_CODE":"000",' \
              '"RESPONSE_MESSAGE":"Transaction successful","RESPONSE_DATE_TIME":"2026-12-07 13:09:53",' \
              '"HASH":"28BDBD0A6C29D28FE67A23FCC46C94182F3F8953C932165AB8013F68ABE3C1AA"}'
  CLOCK_ADVANCED = {
    'PAY_ID' => '1000000000000001',
    'FROM' => '2026-12-07T07:39:53.553Z',
    'NOW' => '2026-12-08T07:39:53.552Z',
    'SETTLEMENTS' => '[{"SETTLEMENT_ID":"setl_905a1044707140347aa5","UTR":"PYSTN26342627304","SETTLEMENT_DATE":"2026-12-08",' \
                     '"CYCLE_FROM":"2026-12-07","CYCLE_TO":"2026-12-07","PAYMENTS_COUNT":"2","REFUNDS_COUNT":"0",' \
                     '"GROSS_AMOUNT":"99900","REFUNDS_AMOUNT":"0","FEES_AMOUNT":"1000","GST_AMOUNT":"180","CGST_AMOUNT":"90",' \
                     '"SGST_AMOUNT":"90","IGST_AMOUNT":"0","PROVIDER_GSTIN":"09AAPCP4821K1ZW","MERCHANT_GSTIN":"09AAFCD5862R1ZT",' \
                     '"ADJUSTMENTS_AMOUNT":"0","NET_AMOUNT":"98720","BANK_ACCOUNT":"XXXXXXXXXX4321","STATUS":"PROCESSED"}]',
    'HAPPENED' => '[{"AT":"2026-12-08 11:00:00","TYPE":"SETTLEMENT","REFERENCE":"setl_905a1044707140347aa5"}]',
    'RESPONSE_CODE' => '000',
    'RESPONSE_MESSAGE' => 'Transaction successful',
    'RESPONSE_DATE_TIME' => '2026-12-08 13:09:53',
    'HASH' => 'F5E21F5F153BA3CFDD5FE8AA9D2C23146AF1A412B220F22E99249D6155454E94'
  }.freeze
  CLOCK_REFUSED = {
    'PAY_ID' => '1000000000000001',
    'BY' => '0d',
    'STATUS' => 'Failed',
    'RESPONSE_CODE' => '363',
    'RESPONSE_MESSAGE' => 'Invalid advance: send BY (a whole number of hours or days, such as 36h or 4d) or TO, not both',
    'RESPONSE_DATE_TIME' => '2026-12-07 13:09:53',
    'HASH' => '5C7F3E622414E9758332CC8859F21CC78A8A5E6853D9E3BAF13198CEFFEEB86F'
  }.freeze

  # A gateway answering `answer` (fields, HASH included, or JSON text) as it is, unsigned by the fake.
  def client_recorded(&answer)
    Paystra::Client.new(@config, transport: lambda do |url, body|
      (@recorded ||= []) << [url, JSON.parse(body)]
      reply = answer.call(url)
      [200, reply.is_a?(String) ? reply : JSON.generate(reply)]
    end)
  end

  def test_clock_and_advance_clock_post_their_fields_and_parse_settlements_and_happened
    client = client_recorded { |url| url.end_with?('/pgws/clock') ? CLOCK_NOW : CLOCK_ADVANCED }
    assert_equal JSON.parse(CLOCK_NOW), client.clock
    advanced = client.advance_clock(by: '1d')
    assert_equal CLOCK_ADVANCED.values_at('FROM', 'NOW'), advanced.values_at('FROM', 'NOW')
    assert_equal JSON.parse(CLOCK_ADVANCED['SETTLEMENTS']), advanced['SETTLEMENTS']
    assert_equal '98720', advanced['SETTLEMENTS'].first['NET_AMOUNT']
    assert_equal [{ 'AT' => '2026-12-08 11:00:00', 'TYPE' => 'SETTLEMENT', 'REFERENCE' => 'setl_905a1044707140347aa5' }],
                 advanced['HAPPENED']
    client.advance_clock(to: '2026-12-10T11:00:00+05:30')
    client.advance_clock(to: Time.new(2026, 12, 10, 11, 0, 0, '+05:30'))
    sent = @recorded.map { |url, request| [url.delete_prefix('http://127.0.0.1:4999/sandbox'), request.reject { |key, _| key == 'HASH' }] }
    assert_equal [
      ['/pgws/clock', { 'PAY_ID' => @config.pay_id }],
      ['/pgws/clock/advance', { 'PAY_ID' => @config.pay_id, 'BY' => '1d' }],
      ['/pgws/clock/advance', { 'PAY_ID' => @config.pay_id, 'TO' => '2026-12-10T11:00:00+05:30' }],
      ['/pgws/clock/advance', { 'PAY_ID' => @config.pay_id, 'TO' => '2026-12-10T11:00:00+05:30' }]
    ], sent
    @recorded.each { |_, request| assert Paystra::Hash.verify(request, @config.salt) }
  end

  def test_a_refused_advance_is_the_signed_answer_without_the_lists
    # The recorded refusal, whatever was asked: this client refuses BY "0d" itself.
    assert_equal CLOCK_REFUSED, client_recorded { CLOCK_REFUSED }.advance_clock(by: '1d')
    locked = {
      'PAY_ID' => @config.pay_id, 'BY' => '4d', 'STATUS' => 'Failed', 'RESPONSE_CODE' => '362',
      'RESPONSE_MESSAGE' => "The demo merchant's clock cannot be moved on a public sandbox: create a sandbox account of your own",
      'ACCOUNT_URL' => 'https://sandbox.paystra.example/accounts/new'
    }
    answer = client_answering { [200, locked] }.advance_clock(by: '4d')
    assert_equal ['362', locked['ACCOUNT_URL']], answer.values_at('RESPONSE_CODE', 'ACCOUNT_URL')
    refute answer.key?('SETTLEMENTS') || answer.key?('HAPPENED')
  end

  def test_the_clocks_answers_are_trusted_only_under_the_hash_with_lists_of_objects_of_strings
    tampered = CLOCK_ADVANCED.merge('HAPPENED' => CLOCK_ADVANCED['HAPPENED'].sub('SETTLEMENT"', 'PAYMENT_CAPTURED"'))
    assert_raises(Paystra::VerificationError) { client_recorded { tampered }.advance_clock(by: '1d') }
    assert_raises(Paystra::VerificationError) { client_recorded { CLOCK_NOW.sub('2026-12-07T07', '2026-12-08T07') }.clock }
    unsigned = CLOCK_ADVANCED.reject { |key, _| key == 'HASH' }
    ['{"a":"b"}', 'not json', '[1]', '[{"AT":{}}]'].each do |text|
      client = client_answering { [200, unsigned.merge('HAPPENED' => text)] }
      assert_match(/HAPPENED/, assert_raises(Paystra::GatewayError, text) { client.advance_clock(by: '1d') }.message)
    end
    client = client_answering { [200, unsigned.reject { |key, _| key == 'SETTLEMENTS' }] }
    assert_match(/no SETTLEMENTS/, assert_raises(Paystra::GatewayError) { client.advance_clock(by: '1d') }.message)
  end

  def test_by_and_to_exactly_one_of_them_are_checked_before_anything_is_sent
    client = client_answering { [200, CLOCK_ADVANCED] }
    [
      -> { client.advance_clock },
      -> { client.advance_clock(by: ' ', to: '') },
      -> { client.advance_clock(by: '1d', to: '2026-12-10T11:00:00+05:30') },
      -> { client.advance_clock(by: '0d') },
      -> { client.advance_clock(by: 36) },
      -> { client.advance_clock(by: '1w') },
      -> { client.advance_clock(by: '1.5d') }
    ].each { |call| assert_raises(Paystra::InvalidRequest) { call.call } }
    assert_empty @gateway.calls
  end

  def test_a_foreign_payment_and_its_refund_carry_their_currency
    client = client_answering { |_url, request| settled(request, {}) }
    form = client.payment_request('AMOUNT' => '1234', 'CURRENCY_CODE' => '840')
    assert_equal '840', form[:fields]['CURRENCY_CODE']
    client.refund('RB1', 'RF1', '500', currency_code: '840')
    assert_equal '840', @gateway.calls.last[1]['CURRENCY_CODE']
  end
end
