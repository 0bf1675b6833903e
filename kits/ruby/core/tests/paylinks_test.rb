# frozen_string_literal: true

require_relative 'test_helper'

# Payment links and virtual accounts against a fake gateway, answering with the fields ADR 052
# gives each answer, signed with the demo merchant's salt.
class PaylinksTest < Minitest::Test
  PAYLINK_ID = 'plink_4Fq9TzK2mW8cRb'
  VA_ID = 'va_7Kp2Xw9QdL4sNe'
  LINK = {
    'PAY_ID' => '1000000000000001',
    'PAYLINK_ID' => PAYLINK_ID,
    'REFERENCE_ID' => 'INV-1001',
    'AMOUNT' => '49900',
    'CURRENCY_CODE' => '356',
    'DESCRIPTION' => 'Invoice 1001: two notebooks',
    'CUST_NAME' => 'Asha Rao',
    'CUST_EMAIL' => 'asha.rao@example.com',
    'CUST_PHONE' => '9876543210',
    'EXPIRE_BY' => '2026-12-14T18:00:00+05:30',
    'VALIDATE_BENEFICIARY' => 'N',
    'SHORT_URL' => 'http://127.0.0.1:4999/sandbox/l/4Fq9TzK2',
    'STATUS' => 'CREATED',
    'CREATED_AT' => '2026-12-07 13:09:53',
    'LINK_FEE' => '100',
    'LINK_GST' => '18',
    'TXNTYPE' => 'PAYLINK',
    'RESPONSE_CODE' => '000',
    'RESPONSE_MESSAGE' => 'Transaction successful',
    'RESPONSE_DATE_TIME' => '2026-12-07 13:09:53'
  }.freeze
  ACCOUNT = {
    'PAY_ID' => '1000000000000001',
    'VA_ID' => VA_ID,
    'REFERENCE_ID' => 'CUST-42',
    'CUST_NAME' => 'Meera Traders',
    'ACCOUNT_NUMBER' => '2223330012345678',
    'IFSC' => 'PYST0000001',
    'VPA' => 'pay.2223330012345678@paystra',
    'STATUS' => 'ACTIVE',
    'CREATED_AT' => '2026-12-07 13:09:53',
    'CLOSED_AT' => '',
    'SETUP_FEE' => '500',
    'SETUP_GST' => '90',
    'TXNTYPE' => 'VIRTUAL_ACCOUNT',
    'RESPONSE_CODE' => '000',
    'RESPONSE_MESSAGE' => 'Transaction successful',
    'RESPONSE_DATE_TIME' => '2026-12-07 13:09:53'
  }.freeze
  CREDIT = {
    'PAY_ID' => '1000000000000001',
    'VA_ID' => VA_ID,
    'REFERENCE_ID' => 'CUST-42',
    'ACCOUNT_NUMBER' => '2223330012345678',
    'CREDIT_ID' => 'vacr_9Hd3Lq7VzR2mTx',
    'AMOUNT' => '500000',
    'CURRENCY_CODE' => '356',
    'MODE' => 'NEFT',
    'PAYER_NAME' => 'Meera Traders',
    'UTR' => '634120987654',
    'STATUS' => 'CREDITED',
    'CREDITED_AT' => '2026-12-07 13:10:04',
    'FEE' => '750',
    'GST' => '135',
    'NET' => '499115',
    'TXNTYPE' => 'VA_CREDIT',
    'RESPONSE_CODE' => '000',
    'RESPONSE_MESSAGE' => 'Transaction successful',
    'RESPONSE_DATE_TIME' => '2026-12-07 13:10:04'
  }.freeze
  CREDITS = [{
    'CREDIT_ID' => 'vacr_9Hd3Lq7VzR2mTx', 'AMOUNT' => '500000', 'MODE' => 'NEFT', 'PAYER_NAME' => 'Meera Traders',
    'UTR' => '634120987654', 'STATUS' => 'CREDITED', 'CREDITED_AT' => '2026-12-07 13:10:04',
    'FEE' => '750', 'GST' => '135', 'NET' => '499115'
  }].freeze

  def setup
    @config = PaystraTest.config
    @sent = []
  end

  # A client whose gateway answers `answer.call(path, request)`: fields it signs with the salt,
  # or JSON text as it is. @sent collects [path, request] pairs.
  def client_answering(&answer)
    Paystra::Client.new(@config, transport: lambda do |url, body|
      path = url.delete_prefix(@config.base_url)
      request = JSON.parse(body)
      @sent << [path, request]
      reply = answer.call(path, request)
      [200, reply.is_a?(String) ? reply : JSON.generate(Paystra::Hash.with_hash(reply, @config.salt))]
    end)
  end

  # The requests sent, each checked to be signed, without their HASH.
  def sent
    @sent.map do |path, request|
      assert Paystra::Hash.verify(request, @config.salt), "#{path}: the request is signed"
      [path, request.reject { |key, _| key == 'HASH' }]
    end
  end

  def refusal(echo, code, message)
    { 'PAY_ID' => @config.pay_id }.merge(echo).merge(
      'STATUS' => 'Failed', 'RESPONSE_CODE' => code, 'RESPONSE_MESSAGE' => message,
      'RESPONSE_DATE_TIME' => '2026-12-07 13:09:53'
    )
  end

  def signed(fields)
    Paystra::Hash.with_hash(fields, @config.salt)
  end

  def test_create_paylink_posts_the_links_fields_signed_with_currency_356_unless_given
    client = client_answering { |_, request| LINK.merge('VALIDATE_BENEFICIARY' => request['VALIDATE_BENEFICIARY'] || 'N') }
    link = client.create_paylink(
      'AMOUNT' => 49_900, DESCRIPTION: ' Invoice 1001: two notebooks ', 'CUST_NAME' => 'Asha Rao',
      'CUST_EMAIL' => 'asha.rao@example.com', 'CUST_PHONE' => '9876543210', 'CUST_ID' => 'not a link field',
      'EXPIRE_BY' => '2026-12-14T18:00:00+05:30', 'REFERENCE_ID' => 'INV-1001', 'NOTIFY_URL' => ''
    )
    assert_equal signed(LINK), link
    client.create_paylink('AMOUNT' => '1234', 'CURRENCY_CODE' => '840', 'DESCRIPTION' => 'Consultation',
                          EXPIRE_BY: Time.new(2026, 12, 14, 18, 0, 0, '+05:30'), VALIDATE_BENEFICIARY: true)
    client.create_paylink('AMOUNT' => '100', 'DESCRIPTION' => 'Tea', 'VALIDATE_BENEFICIARY' => false)
    client.create_paylink('AMOUNT' => '100', 'DESCRIPTION' => 'Tea', 'VALIDATE_BENEFICIARY' => 'Y')
    payload = { 'PAY_ID' => @config.pay_id }
    assert_equal [
      ['/pgws/paylink', payload.merge('AMOUNT' => '49900', 'DESCRIPTION' => 'Invoice 1001: two notebooks',
                                      'CUST_NAME' => 'Asha Rao', 'CUST_EMAIL' => 'asha.rao@example.com',
                                      'CUST_PHONE' => '9876543210', 'EXPIRE_BY' => '2026-12-14T18:00:00+05:30',
                                      'REFERENCE_ID' => 'INV-1001', 'CURRENCY_CODE' => '356')],
      ['/pgws/paylink', payload.merge('AMOUNT' => '1234', 'CURRENCY_CODE' => '840', 'DESCRIPTION' => 'Consultation',
                                      'EXPIRE_BY' => '2026-12-14T18:00:00+05:30', 'VALIDATE_BENEFICIARY' => 'Y')],
      ['/pgws/paylink', payload.merge('AMOUNT' => '100', 'DESCRIPTION' => 'Tea', 'VALIDATE_BENEFICIARY' => 'N',
                                      'CURRENCY_CODE' => '356')],
      ['/pgws/paylink', payload.merge('AMOUNT' => '100', 'DESCRIPTION' => 'Tea', 'VALIDATE_BENEFICIARY' => 'Y',
                                      'CURRENCY_CODE' => '356')]
    ], sent
  end

  def test_paylink_status_by_either_id_and_cancel_paylink_each_to_its_path
    paid = LINK.merge('STATUS' => 'PAID', 'ORDER_ID' => "#{PAYLINK_ID}-1", 'TXN_ID' => '1234567890123456',
                      'PAID_AT' => '2026-12-07 13:12:40')
    cancelled = LINK.merge('STATUS' => 'CANCELLED', 'CANCELLED_AT' => '2026-12-07 13:15:00')
    client = client_answering { |path| path.end_with?('/cancel') ? cancelled : paid }
    status = client.paylink_status(paylink_id: PAYLINK_ID)
    assert_equal ['PAID', "#{PAYLINK_ID}-1", '1234567890123456', '2026-12-07 13:12:40'],
                 status.values_at('STATUS', 'ORDER_ID', 'TXN_ID', 'PAID_AT')
    client.paylink_status(reference_id: ' INV-1001 ')
    assert_equal %w[CANCELLED 2026-12-07\ 13:15:00],
                 client.cancel_paylink(PAYLINK_ID).values_at('STATUS', 'CANCELLED_AT')
    assert_equal [
      ['/pgws/paylink/status', { 'PAY_ID' => @config.pay_id, 'PAYLINK_ID' => PAYLINK_ID }],
      ['/pgws/paylink/status', { 'PAY_ID' => @config.pay_id, 'REFERENCE_ID' => 'INV-1001' }],
      ['/pgws/paylink/cancel', { 'PAY_ID' => @config.pay_id, 'PAYLINK_ID' => PAYLINK_ID }]
    ], sent
  end

  def test_a_refused_link_call_is_the_signed_answer_for_response_code_to_say
    unknown = refusal({ 'PAYLINK_ID' => 'plink_00000000000000' }, '372', 'No payment link found')
    client = client_answering { unknown }
    assert_equal signed(unknown), client.paylink_status(paylink_id: 'plink_00000000000000')
    assert_equal '372', client.cancel_paylink('plink_00000000000000')['RESPONSE_CODE']
    over = refusal({ 'PAYLINK_ID' => PAYLINK_ID }, '373', 'This payment link is paid, expired or cancelled')
    assert_equal '373', client_answering { over }.cancel_paylink(PAYLINK_ID)['RESPONSE_CODE']
    described = refusal({}, '370', 'Invalid description: 1–255 characters, no control characters')
    answer = client_answering { described }.create_paylink('AMOUNT' => '100', 'DESCRIPTION' => 'Tea')
    assert_equal %w[370 Failed], answer.values_at('RESPONSE_CODE', 'STATUS')
    refute answer.key?('PAYLINK_ID')
  end

  def test_virtual_accounts_are_made_read_with_their_credits_and_closed
    client = client_answering do |path|
      case path
      when '/pgws/virtual-account' then ACCOUNT
      when '/pgws/virtual-account/status' then ACCOUNT.merge('CREDITS' => JSON.generate(CREDITS))
      else ACCOUNT.merge('STATUS' => 'CLOSED', 'CLOSED_AT' => '2026-12-07 13:20:00')
      end
    end
    account = client.create_virtual_account(CUST_NAME: 'Meera Traders', 'REFERENCE_ID' => 'CUST-42',
                                            'NOTIFY_URL' => 'https://shop.example/webhook', 'AMOUNT' => '1')
    assert_equal signed(ACCOUNT), account
    assert_equal %w[2223330012345678 PYST0000001 pay.2223330012345678@paystra], account.values_at('ACCOUNT_NUMBER', 'IFSC', 'VPA')
    status = client.virtual_account_status(VA_ID)
    assert_equal CREDITS, status['CREDITS']
    assert_equal '499115', status['CREDITS'].first['NET']
    assert_equal %w[CLOSED 2026-12-07\ 13:20:00], client.close_virtual_account(VA_ID).values_at('STATUS', 'CLOSED_AT')
    assert_equal [
      ['/pgws/virtual-account', { 'PAY_ID' => @config.pay_id, 'CUST_NAME' => 'Meera Traders', 'REFERENCE_ID' => 'CUST-42',
                                  'NOTIFY_URL' => 'https://shop.example/webhook' }],
      ['/pgws/virtual-account/status', { 'PAY_ID' => @config.pay_id, 'VA_ID' => VA_ID }],
      ['/pgws/virtual-account/close', { 'PAY_ID' => @config.pay_id, 'VA_ID' => VA_ID }]
    ], sent
  end

  def test_a_credit_is_posted_signed_and_into_a_closed_account_comes_back_returned_with_377
    client = client_answering { CREDIT }
    assert_equal signed(CREDIT), client.credit_virtual_account(VA_ID, '500000', 'NEFT', payer_name: 'Meera Traders')
    client.credit_virtual_account(VA_ID, 100, 'UPI')
    assert_equal [
      ['/pgws/virtual-account/credit', { 'PAY_ID' => @config.pay_id, 'VA_ID' => VA_ID, 'AMOUNT' => '500000', 'MODE' => 'NEFT',
                                         'PAYER_NAME' => 'Meera Traders' }],
      ['/pgws/virtual-account/credit', { 'PAY_ID' => @config.pay_id, 'VA_ID' => VA_ID, 'AMOUNT' => '100', 'MODE' => 'UPI' }]
    ], sent
    returned = CREDIT.merge('STATUS' => 'RETURNED', 'FEE' => '0', 'GST' => '0', 'NET' => '0',
                            'RETURN_REASON' => 'Virtual account is closed', 'RESPONSE_CODE' => '377',
                            'RESPONSE_MESSAGE' => 'Virtual account is closed: the credit was returned to the payer')
    answer = client_answering { returned }.credit_virtual_account(VA_ID, '500000', 'NEFT')
    assert_equal ['377', 'RETURNED', '0', 'Virtual account is closed'], answer.values_at('RESPONSE_CODE', 'STATUS', 'NET', 'RETURN_REASON')

    none = refusal({ 'VA_ID' => 'va_00000000000000' }, '376', 'No virtual account found')
    answer = client_answering { none }.virtual_account_status('va_00000000000000')
    assert_equal '376', answer['RESPONSE_CODE']
    refute answer.key?('CREDITS')
    closed = refusal({ 'VA_ID' => VA_ID }, '377', 'Virtual account is closed')
    assert_equal '377', client_answering { closed }.close_virtual_account(VA_ID)['RESPONSE_CODE']
  end

  def test_recon_takes_a_va_id_instead_of_an_order_id_and_lists_the_accounts_credits
    recon = [{ 'TYPE' => 'COLLECTION', 'TXN_ID' => 'vacr_9Hd3Lq7VzR2mTx', 'AMOUNT' => '500000', 'FEE' => '750',
               'GST' => '135', 'NET' => '499115', 'STATE' => 'UNSETTLED', 'EXPECTED_SETTLEMENT_DATE' => '2026-12-08' }]
    client = client_answering do |_, request|
      { 'PAY_ID' => @config.pay_id, 'VA_ID' => request['VA_ID'], 'RECON' => JSON.generate(recon),
        'RESPONSE_CODE' => '000', 'RESPONSE_MESSAGE' => 'Transaction successful' }
    end
    assert_equal recon, client.recon(va_id: VA_ID)['RECON']
    assert_equal [['/pgws/recon', { 'PAY_ID' => @config.pay_id, 'VA_ID' => VA_ID }]], sent
  end

  def test_link_and_account_answers_are_trusted_only_under_their_hash_with_credits_a_list_of_objects
    changed = JSON.generate(signed(LINK).merge('STATUS' => 'PAID'))
    assert_raises(Paystra::VerificationError) { client_answering { changed }.paylink_status(paylink_id: PAYLINK_ID) }
    changed = JSON.generate(signed(CREDIT).merge('NET' => '500000'))
    assert_raises(Paystra::VerificationError) { client_answering { changed }.credit_virtual_account(VA_ID, '500000', 'NEFT') }
    other = LINK.merge('PAY_ID' => '1000000000000002')
    assert_raises(Paystra::VerificationError) { client_answering { other }.create_paylink('AMOUNT' => '100', 'DESCRIPTION' => 'Tea') }
    ['{"a":"b"}', 'not json', '[1]', '[{"AMOUNT":500000}]'].each do |text|
      client = client_answering { ACCOUNT.merge('CREDITS' => text) }
      assert_match(/CREDITS/, assert_raises(Paystra::GatewayError, text) { client.virtual_account_status(VA_ID) }.message)
    end
    client = client_answering { ACCOUNT }
    assert_match(/no CREDITS/, assert_raises(Paystra::GatewayError) { client.virtual_account_status(VA_ID) }.message)
  end

  def test_ids_amounts_description_mode_and_tildes_are_checked_before_anything_is_sent
    client = client_answering { LINK }
    [
      -> { client.create_paylink('DESCRIPTION' => 'Tea') },
      -> { client.create_paylink('AMOUNT' => '0', 'DESCRIPTION' => 'Tea') },
      -> { client.create_paylink('AMOUNT' => '1.00', 'DESCRIPTION' => 'Tea') },
      -> { client.create_paylink('AMOUNT' => '100') },
      -> { client.create_paylink('AMOUNT' => '100', 'DESCRIPTION' => '  ') },
      -> { client.create_paylink('AMOUNT' => '100', 'DESCRIPTION' => 'x' * 256) },
      -> { client.create_paylink('AMOUNT' => '100', 'DESCRIPTION' => "Tea\ncakes") },
      -> { client.create_paylink('AMOUNT' => '100', 'DESCRIPTION' => 'Tea ~ cakes') },
      -> { client.create_paylink('AMOUNT' => '100', 'DESCRIPTION' => 'Tea', 'VALIDATE_BENEFICIARY' => 'yes') },
      -> { client.create_paylink('AMOUNT' => '100', 'DESCRIPTION' => 'Tea', 'REFERENCE_ID' => 'INV#1') },
      -> { client.paylink_status },
      -> { client.paylink_status(paylink_id: ' ', reference_id: '') },
      -> { client.paylink_status(paylink_id: PAYLINK_ID, reference_id: 'INV-1001') },
      -> { client.paylink_status(paylink_id: 'plink_short') },
      -> { client.paylink_status(reference_id: 'INV 1001') },
      -> { client.cancel_paylink('INV-1001') },
      -> { client.cancel_paylink(nil) },
      -> { client.create_virtual_account('REFERENCE_ID' => 'CUST-42') },
      -> { client.create_virtual_account('CUST_NAME' => 'A~B') },
      -> { client.create_virtual_account('CUST_NAME' => 'Meera', 'REFERENCE_ID' => 'x' * 51) },
      -> { client.virtual_account_status('va_7Kp2Xw9QdL4sN') },
      -> { client.close_virtual_account('') },
      -> { client.credit_virtual_account(VA_ID, '500000', 'neft') },
      -> { client.credit_virtual_account(VA_ID, '500000', 'CASH') },
      -> { client.credit_virtual_account(VA_ID, '-5', 'UPI') },
      -> { client.credit_virtual_account(VA_ID, '100', 'UPI', payer_name: 'A~B') },
      -> { client.credit_virtual_account('va_bad!', '100', 'UPI') },
      -> { client.recon },
      -> { client.recon('RB1', va_id: VA_ID) },
      -> { client.recon(va_id: 'CUST-42') }
    ].each_with_index { |call, index| assert_raises(Paystra::InvalidRequest, "call #{index}") { call.call } }
    assert_empty @sent
  end
end
