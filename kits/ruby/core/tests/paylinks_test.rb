# frozen_string_literal: true

require_relative 'test_helper'

# Payment links and virtual accounts against a fake gateway that answers the sandbox's own answers
# to the demo merchant, recorded from a sandbox of the kit tests' kind (a link created, cancelled
# and refused a second cancel; a validated link; an account made, credited, read, reconciled,
# closed and credited once closed; each refusal): signed with its salt, byte for byte.
class PaylinksTest < Minitest::Test
  PAYLINK_ID = 'plink_xXvJ0MZ8u5WyT5'
  VA_ID = 'va_7PEJUF963XqMeS'
  LINK_CREATED = '{"PAY_ID":"1000000000000001","PAYLINK_ID":"plink_xXvJ0MZ8u5WyT5","REFERENCE_ID":"INV-1001",' \
                 '"AMOUNT":"49900","CURRENCY_CODE":"356","DESCRIPTION":"Invoice 1001: two notebooks",' \
                 '"CUST_NAME":"Asha Rao","CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",' \
                 '"EXPIRE_BY":"2026-12-14T18:00:00+05:30","VALIDATE_BENEFICIARY":"N",' \
                 '"SHORT_URL":"http://127.0.0.1:35183/sandbox/l/wkg5ET39AXbE4IJM","STATUS":"CREATED",' \
                 '"CREATED_AT":"2026-12-07 18:13:40","LINK_FEE":"100","LINK_GST":"18","TXNTYPE":"PAYLINK",' \
                 '"RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",' \
                 '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
                 '"HASH":"89131F8DB08EDE44100B65C5EB55C292F505AC00AE517CE22042A45D1507EF48"}'
  LINK_VALIDATED = '{"PAY_ID":"1000000000000001","PAYLINK_ID":"plink_PCX0pFAhq4296q","REFERENCE_ID":"",' \
                   '"AMOUNT":"100","CURRENCY_CODE":"356","DESCRIPTION":"Tea","CUST_NAME":"","CUST_EMAIL":"",' \
                   '"CUST_PHONE":"","EXPIRE_BY":"","VALIDATE_BENEFICIARY":"Y",' \
                   '"SHORT_URL":"http://127.0.0.1:35183/sandbox/l/jCBUlCUWKgXdtpyA","STATUS":"CREATED",' \
                   '"CREATED_AT":"2026-12-07 18:13:40","LINK_FEE":"600","LINK_GST":"108","TXNTYPE":"PAYLINK",' \
                   '"RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",' \
                   '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
                   '"HASH":"18DFDF00DF6A30AA1C8D8DBA8EDC9649C740FF83145E0A6E8B72CA8576923FB5"}'
  LINK_CANCELLED = '{"PAY_ID":"1000000000000001","PAYLINK_ID":"plink_xXvJ0MZ8u5WyT5","REFERENCE_ID":"INV-1001",' \
                   '"AMOUNT":"49900","CURRENCY_CODE":"356","DESCRIPTION":"Invoice 1001: two notebooks",' \
                   '"CUST_NAME":"Asha Rao","CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",' \
                   '"EXPIRE_BY":"2026-12-14T18:00:00+05:30","VALIDATE_BENEFICIARY":"N",' \
                   '"SHORT_URL":"http://127.0.0.1:35183/sandbox/l/wkg5ET39AXbE4IJM","STATUS":"CANCELLED",' \
                   '"CREATED_AT":"2026-12-07 18:13:40","LINK_FEE":"100","LINK_GST":"18",' \
                   '"CANCELLED_AT":"2026-12-07 18:13:40","TXNTYPE":"PAYLINK","RESPONSE_CODE":"000",' \
                   '"RESPONSE_MESSAGE":"Transaction successful","RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
                   '"HASH":"F31234B0A94D4795D31F198A6BD1F26400D81507C6459EFF7C27CB1DF1B2DFC2"}'
  LINK_CANCEL_REFUSED = '{"PAY_ID":"1000000000000001","PAYLINK_ID":"plink_xXvJ0MZ8u5WyT5","STATUS":"Failed",' \
                        '"RESPONSE_CODE":"373","RESPONSE_MESSAGE":"This payment link is paid, expired or cancelled",' \
                        '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
                        '"HASH":"87AB1C4560924A02B1C21B4987557CB41D58FAE331A32D25D8DE9F5A43B742C9"}'
  LINK_UNKNOWN = '{"PAY_ID":"1000000000000001","PAYLINK_ID":"plink_00000000000000","STATUS":"Failed",' \
                 '"RESPONSE_CODE":"372","RESPONSE_MESSAGE":"No payment link found",' \
                 '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
                 '"HASH":"286130B2A6BC2E8BFF9C4E77E054A53242D42785E435B17889E5BAF3C0F93371"}'
  LINK_BAD_DESCRIPTION = '{"PAY_ID":"1000000000000001","AMOUNT":"100","CURRENCY_CODE":"356","STATUS":"Failed",' \
                         '"RESPONSE_CODE":"370",' \
                         '"RESPONSE_MESSAGE":"Invalid description: 1 to 255 characters, without control characters",' \
                         '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
                         '"HASH":"47CE59C561FEE514E51EDEE15EBC6079D3250F012158E0A985CD1B9ED621CFD5"}'
  VA_CREATED = '{"PAY_ID":"1000000000000001","VA_ID":"va_7PEJUF963XqMeS","REFERENCE_ID":"CUST-42",' \
               '"CUST_NAME":"Meera Traders","ACCOUNT_NUMBER":"2223663152632833","IFSC":"PYST0000001",' \
               '"VPA":"pay.2223663152632833@paystra","STATUS":"ACTIVE","CREATED_AT":"2026-12-07 18:13:40",' \
               '"CLOSED_AT":"","SETUP_FEE":"500","SETUP_GST":"90","TXNTYPE":"VIRTUAL_ACCOUNT",' \
               '"RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",' \
               '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
               '"HASH":"F9228D40D30F390B78B5FEA0089D1715148BB44C10E9A5EB317F288D43C01E4C"}'
  VA_CREDITED = '{"PAY_ID":"1000000000000001","VA_ID":"va_7PEJUF963XqMeS","REFERENCE_ID":"CUST-42",' \
                '"ACCOUNT_NUMBER":"2223663152632833","CREDIT_ID":"vacr_SD8oLP6QM7dnN9","AMOUNT":"500000",' \
                '"CURRENCY_CODE":"356","MODE":"NEFT","PAYER_NAME":"Meera Traders","UTR":"110469403655",' \
                '"STATUS":"CREDITED","CREDITED_AT":"2026-12-07 18:13:40","FEE":"750","GST":"135","NET":"499115",' \
                '"TXNTYPE":"VA_CREDIT","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",' \
                '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
                '"HASH":"2394B7F39FB6D9E005C18E666E19CE3163F292AAC16459EBDB3C3A2FDBC8216A"}'
  VA_STATUS = '{"PAY_ID":"1000000000000001","VA_ID":"va_7PEJUF963XqMeS","REFERENCE_ID":"CUST-42",' \
              '"CUST_NAME":"Meera Traders","ACCOUNT_NUMBER":"2223663152632833","IFSC":"PYST0000001",' \
              '"VPA":"pay.2223663152632833@paystra","STATUS":"ACTIVE","CREATED_AT":"2026-12-07 18:13:40",' \
              '"CLOSED_AT":"","SETUP_FEE":"500","SETUP_GST":"90","TXNTYPE":"VIRTUAL_ACCOUNT",' \
              '"RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",' \
              '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
              '"CREDITS":"[{\\"CREDIT_ID\\":\\"vacr_SD8oLP6QM7dnN9\\",\\"AMOUNT\\":\\"500000\\",\\"MODE\\":\\"NEFT\\",\\"PAYER_NAME\\":\\"Meera Traders\\",\\"UTR\\":\\"110469403655\\",\\"STATUS\\":\\"CREDITED\\",\\"CREDITED_AT\\":\\"2026-12-07 18:13:40\\",\\"FEE\\":\\"750\\",\\"GST\\":\\"135\\",\\"SETTLEMENT_ID\\":\\"\\"}]",' \
              '"HASH":"9B34BDE711260AA0C3F76A322253A6E2CE4B0BF14987497E6DBD55AD7BC96E44"}'
  VA_RECON = '{"PAY_ID":"1000000000000001","VA_ID":"va_7PEJUF963XqMeS",' \
             '"RECON":"[{\\"TYPE\\":\\"FEE\\",\\"TXN_ID\\":\\"va_7PEJUF963XqMeS\\",\\"AMOUNT\\":\\"0\\",\\"FEE\\":\\"500\\",\\"GST\\":\\"90\\",\\"NET\\":\\"-590\\",\\"DATE\\":\\"2026-12-07 18:13:40\\",\\"DISPUTE_ID\\":\\"\\",\\"STATE\\":\\"UNSETTLED\\",\\"SETTLEMENT_ID\\":\\"\\",\\"SETTLEMENT_DATE\\":\\"\\",\\"SETTLEMENT_STATUS\\":\\"\\",\\"PAID_BY_SETTLEMENT_ID\\":\\"\\",\\"UTR\\":\\"\\",\\"EXPECTED_SETTLEMENT_DATE\\":\\"2026-12-08\\"},{\\"TYPE\\":\\"COLLECTION\\",\\"TXN_ID\\":\\"vacr_SD8oLP6QM7dnN9\\",\\"AMOUNT\\":\\"500000\\",\\"FEE\\":\\"750\\",\\"GST\\":\\"135\\",\\"NET\\":\\"499115\\",\\"DATE\\":\\"2026-12-07 18:13:40\\",\\"DISPUTE_ID\\":\\"\\",\\"STATE\\":\\"UNSETTLED\\",\\"SETTLEMENT_ID\\":\\"\\",\\"SETTLEMENT_DATE\\":\\"\\",\\"SETTLEMENT_STATUS\\":\\"\\",\\"PAID_BY_SETTLEMENT_ID\\":\\"\\",\\"UTR\\":\\"\\",\\"EXPECTED_SETTLEMENT_DATE\\":\\"2026-12-08\\"}]",' \
             '"RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",' \
             '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
             '"HASH":"6740EF124803B96D593900696ECEE39E6D2F9C8A7B6CC0E6C8B6FC9998305802"}'
  VA_CLOSED = '{"PAY_ID":"1000000000000001","VA_ID":"va_7PEJUF963XqMeS","REFERENCE_ID":"CUST-42",' \
              '"CUST_NAME":"Meera Traders","ACCOUNT_NUMBER":"2223663152632833","IFSC":"PYST0000001",' \
              '"VPA":"pay.2223663152632833@paystra","STATUS":"CLOSED","CREATED_AT":"2026-12-07 18:13:40",' \
              '"CLOSED_AT":"2026-12-07 18:13:40","SETUP_FEE":"500","SETUP_GST":"90",' \
              '"TXNTYPE":"VIRTUAL_ACCOUNT","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",' \
              '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
              '"HASH":"7FEF970C730DE4F934E42DAA359D6A9A71C9902338DE175BED41AEC3FA1B620A"}'
  VA_CLOSE_REFUSED = '{"PAY_ID":"1000000000000001","VA_ID":"va_7PEJUF963XqMeS","STATUS":"Failed",' \
                     '"RESPONSE_CODE":"377","RESPONSE_MESSAGE":"Virtual account is closed",' \
                     '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
                     '"HASH":"B6115F73DD427578E25F99050AD53D212EF0015381C5DAE5CDEBA862FF6B7A93"}'
  VA_CREDIT_RETURNED = '{"PAY_ID":"1000000000000001","VA_ID":"va_7PEJUF963XqMeS","REFERENCE_ID":"CUST-42",' \
                       '"ACCOUNT_NUMBER":"2223663152632833","CREDIT_ID":"vacr_eDr5h3ngheqaCR","AMOUNT":"100",' \
                       '"CURRENCY_CODE":"356","MODE":"UPI","PAYER_NAME":"Test Payer","UTR":"039335964687",' \
                       '"STATUS":"RETURNED","CREDITED_AT":"2026-12-07 18:13:40","FEE":"0","GST":"0","NET":"0",' \
                       '"RETURN_REASON":"The virtual account is closed: the amount was returned to the payer",' \
                       '"TXNTYPE":"VA_CREDIT","RESPONSE_CODE":"377","RESPONSE_MESSAGE":"Virtual account is closed",' \
                       '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
                       '"HASH":"BC4A6D28EABF3571DC44C9B38281B27B576A25E2DD4F90D0EE8D8B7EC190856F"}'
  VA_UNKNOWN = '{"PAY_ID":"1000000000000001","VA_ID":"va_00000000000000","STATUS":"Failed",' \
               '"RESPONSE_CODE":"376","RESPONSE_MESSAGE":"No virtual account found",' \
               '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
               '"HASH":"12C902128A1C731ADA093CD3139ACC2E09330DE2DE48F0AE286779F30A2BF64A"}'

  def setup
    @config = PaystraTest.config
    @sent = []
  end

  # A client whose gateway answers `answer.call(path, request)`: JSON text as it is, or fields it
  # signs with the salt. @sent collects [path, request] pairs.
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

  def test_create_paylink_posts_the_links_fields_signed_with_currency_356_unless_given
    client = client_answering { |_, request| request.key?('VALIDATE_BENEFICIARY') ? LINK_VALIDATED : LINK_CREATED }
    link = client.create_paylink(
      'AMOUNT' => 49_900, DESCRIPTION: ' Invoice 1001: two notebooks ', 'CUST_NAME' => 'Asha Rao',
      'CUST_EMAIL' => 'asha.rao@example.com', 'CUST_PHONE' => '9876543210', 'CUST_ID' => 'not a link field',
      'EXPIRE_BY' => '2026-12-14T18:00:00+05:30', 'REFERENCE_ID' => 'INV-1001', 'NOTIFY_URL' => ''
    )
    assert_equal JSON.parse(LINK_CREATED), link
    assert_equal [PAYLINK_ID, 'CREATED', '100', '18'], link.values_at('PAYLINK_ID', 'STATUS', 'LINK_FEE', 'LINK_GST')
    validated = client.create_paylink('AMOUNT' => '100', 'DESCRIPTION' => 'Tea', VALIDATE_BENEFICIARY: true)
    assert_equal %w[Y 600 108], validated.values_at('VALIDATE_BENEFICIARY', 'LINK_FEE', 'LINK_GST')
    client.create_paylink('AMOUNT' => '1234', 'CURRENCY_CODE' => '840', 'DESCRIPTION' => 'Consultation',
                          EXPIRE_BY: Time.new(2026, 12, 14, 18, 0, 0, '+05:30'), VALIDATE_BENEFICIARY: false)
    client.create_paylink('AMOUNT' => '100', 'DESCRIPTION' => 'Tea', 'VALIDATE_BENEFICIARY' => 'Y')
    payload = { 'PAY_ID' => @config.pay_id }
    assert_equal [
      ['/pgws/paylink', payload.merge('AMOUNT' => '49900', 'DESCRIPTION' => 'Invoice 1001: two notebooks',
                                      'CUST_NAME' => 'Asha Rao', 'CUST_EMAIL' => 'asha.rao@example.com',
                                      'CUST_PHONE' => '9876543210', 'EXPIRE_BY' => '2026-12-14T18:00:00+05:30',
                                      'REFERENCE_ID' => 'INV-1001', 'CURRENCY_CODE' => '356')],
      ['/pgws/paylink', payload.merge('AMOUNT' => '100', 'DESCRIPTION' => 'Tea', 'VALIDATE_BENEFICIARY' => 'Y',
                                      'CURRENCY_CODE' => '356')],
      ['/pgws/paylink', payload.merge('AMOUNT' => '1234', 'CURRENCY_CODE' => '840', 'DESCRIPTION' => 'Consultation',
                                      'EXPIRE_BY' => '2026-12-14T18:00:00+05:30', 'VALIDATE_BENEFICIARY' => 'N')],
      ['/pgws/paylink', payload.merge('AMOUNT' => '100', 'DESCRIPTION' => 'Tea', 'VALIDATE_BENEFICIARY' => 'Y',
                                      'CURRENCY_CODE' => '356')]
    ], sent
  end

  def test_paylink_status_by_either_id_and_cancel_paylink_each_to_its_path
    # A paid link: the recorded link with the fields a paid one adds (ORDER_ID, TXN_ID, PAID_AT).
    paid = JSON.parse(LINK_CREATED).reject { |key, _| key == 'HASH' }
               .merge('STATUS' => 'PAID', 'ORDER_ID' => "#{PAYLINK_ID}-1", 'TXN_ID' => '1234567890123456',
                      'PAID_AT' => '2026-12-07 18:20:11')
    client = client_answering do |path, request|
      next LINK_CANCELLED if path.end_with?('/cancel')

      request.key?('REFERENCE_ID') ? LINK_CREATED : paid
    end
    status = client.paylink_status(paylink_id: PAYLINK_ID)
    assert_equal ['PAID', "#{PAYLINK_ID}-1", '1234567890123456', '2026-12-07 18:20:11'],
                 status.values_at('STATUS', 'ORDER_ID', 'TXN_ID', 'PAID_AT')
    assert_equal JSON.parse(LINK_CREATED), client.paylink_status(reference_id: ' INV-1001 ')
    cancelled = client.cancel_paylink(PAYLINK_ID)
    assert_equal JSON.parse(LINK_CANCELLED), cancelled
    assert_equal %w[CANCELLED 2026-12-07\ 18:13:40], cancelled.values_at('STATUS', 'CANCELLED_AT')
    assert_equal [
      ['/pgws/paylink/status', { 'PAY_ID' => @config.pay_id, 'PAYLINK_ID' => PAYLINK_ID }],
      ['/pgws/paylink/status', { 'PAY_ID' => @config.pay_id, 'REFERENCE_ID' => 'INV-1001' }],
      ['/pgws/paylink/cancel', { 'PAY_ID' => @config.pay_id, 'PAYLINK_ID' => PAYLINK_ID }]
    ], sent
  end

  def test_a_refused_link_call_is_the_signed_answer_for_response_code_to_say
    assert_equal JSON.parse(LINK_UNKNOWN), client_answering { LINK_UNKNOWN }.paylink_status(paylink_id: 'plink_00000000000000')
    refused = client_answering { LINK_CANCEL_REFUSED }.cancel_paylink(PAYLINK_ID)
    assert_equal ['373', 'Failed', 'This payment link is paid, expired or cancelled'],
                 refused.values_at('RESPONSE_CODE', 'STATUS', 'RESPONSE_MESSAGE')
    refused = client_answering { LINK_BAD_DESCRIPTION }.create_paylink('AMOUNT' => '100', 'DESCRIPTION' => 'Tea')
    assert_equal %w[370 Failed], refused.values_at('RESPONSE_CODE', 'STATUS')
    refute refused.key?('PAYLINK_ID')
  end

  def test_virtual_accounts_are_made_read_with_their_credits_and_closed
    client = client_answering do |path|
      { '/pgws/virtual-account' => VA_CREATED, '/pgws/virtual-account/status' => VA_STATUS,
        '/pgws/virtual-account/close' => VA_CLOSED }.fetch(path)
    end
    account = client.create_virtual_account(CUST_NAME: 'Meera Traders', 'REFERENCE_ID' => 'CUST-42',
                                            'NOTIFY_URL' => 'https://shop.example/webhook', 'AMOUNT' => '1')
    assert_equal JSON.parse(VA_CREATED), account
    assert_equal [VA_ID, 'ACTIVE', 'PYST0000001', "pay.#{account['ACCOUNT_NUMBER']}@paystra", '500', '90'],
                 account.values_at('VA_ID', 'STATUS', 'IFSC', 'VPA', 'SETUP_FEE', 'SETUP_GST')
    status = client.virtual_account_status(VA_ID)
    assert_equal [{ 'CREDIT_ID' => 'vacr_SD8oLP6QM7dnN9', 'AMOUNT' => '500000', 'MODE' => 'NEFT',
                    'PAYER_NAME' => 'Meera Traders', 'UTR' => '110469403655', 'STATUS' => 'CREDITED',
                    'CREDITED_AT' => '2026-12-07 18:13:40', 'FEE' => '750', 'GST' => '135', 'SETTLEMENT_ID' => '' }],
                 status['CREDITS']
    assert_equal JSON.parse(VA_STATUS).reject { |key, _| key == 'CREDITS' }, status.reject { |key, _| key == 'CREDITS' }
    closed = client.close_virtual_account(VA_ID)
    assert_equal JSON.parse(VA_CLOSED), closed
    assert_equal %w[CLOSED 2026-12-07\ 18:13:40], closed.values_at('STATUS', 'CLOSED_AT')
    assert_equal [
      ['/pgws/virtual-account', { 'PAY_ID' => @config.pay_id, 'CUST_NAME' => 'Meera Traders', 'REFERENCE_ID' => 'CUST-42',
                                  'NOTIFY_URL' => 'https://shop.example/webhook' }],
      ['/pgws/virtual-account/status', { 'PAY_ID' => @config.pay_id, 'VA_ID' => VA_ID }],
      ['/pgws/virtual-account/close', { 'PAY_ID' => @config.pay_id, 'VA_ID' => VA_ID }]
    ], sent
  end

  def test_a_credit_is_posted_signed_and_into_a_closed_account_comes_back_returned_with_377
    credit = client_answering { VA_CREDITED }.credit_virtual_account(VA_ID, '500000', 'NEFT', payer_name: 'Meera Traders')
    assert_equal JSON.parse(VA_CREDITED), credit
    assert_equal %w[CREDITED 750 135 499115], credit.values_at('STATUS', 'FEE', 'GST', 'NET')
    returned = client_answering { VA_CREDIT_RETURNED }.credit_virtual_account(VA_ID, 100, 'UPI')
    assert_equal %w[377 RETURNED 0 0 0], returned.values_at('RESPONSE_CODE', 'STATUS', 'FEE', 'GST', 'NET')
    assert_equal 'The virtual account is closed: the amount was returned to the payer', returned['RETURN_REASON']
    assert_equal [
      ['/pgws/virtual-account/credit', { 'PAY_ID' => @config.pay_id, 'VA_ID' => VA_ID, 'AMOUNT' => '500000', 'MODE' => 'NEFT',
                                         'PAYER_NAME' => 'Meera Traders' }],
      ['/pgws/virtual-account/credit', { 'PAY_ID' => @config.pay_id, 'VA_ID' => VA_ID, 'AMOUNT' => '100', 'MODE' => 'UPI' }]
    ], sent

    unknown = client_answering { VA_UNKNOWN }.virtual_account_status('va_00000000000000')
    assert_equal JSON.parse(VA_UNKNOWN), unknown
    refute unknown.key?('CREDITS')
    closed = client_answering { VA_CLOSE_REFUSED }.close_virtual_account(VA_ID)
    assert_equal ['377', 'Virtual account is closed'], closed.values_at('RESPONSE_CODE', 'RESPONSE_MESSAGE')
  end

  def test_recon_takes_a_va_id_instead_of_an_order_id_and_lists_the_setup_fee_and_the_credits
    client = client_answering { |_, request| request['VA_ID'] == VA_ID ? VA_RECON : VA_UNKNOWN }
    recon = client.recon(va_id: VA_ID)['RECON']
    assert_equal [['FEE', VA_ID, '-590'], %w[COLLECTION vacr_SD8oLP6QM7dnN9 499115]],
                 recon.map { |entry| entry.values_at('TYPE', 'TXN_ID', 'NET') }
    assert_equal JSON.parse(JSON.parse(VA_RECON)['RECON']), recon
    refused = client.recon(va_id: 'va_00000000000000')
    assert_equal '376', refused['RESPONSE_CODE']
    refute refused.key?('RECON')
    assert_equal [['/pgws/recon', { 'PAY_ID' => @config.pay_id, 'VA_ID' => VA_ID }],
                  ['/pgws/recon', { 'PAY_ID' => @config.pay_id, 'VA_ID' => 'va_00000000000000' }]], sent
  end

  def test_link_and_account_answers_are_trusted_only_under_their_hash_with_credits_a_list_of_objects
    changed = LINK_CREATED.sub('"STATUS":"CREATED"', '"STATUS":"PAID"')
    assert_raises(Paystra::VerificationError) { client_answering { changed }.paylink_status(paylink_id: PAYLINK_ID) }
    changed = VA_CREDITED.sub('"NET":"499115"', '"NET":"500000"')
    assert_raises(Paystra::VerificationError) { client_answering { changed }.credit_virtual_account(VA_ID, '500000', 'NEFT') }
    other = JSON.parse(LINK_CREATED).merge('PAY_ID' => '1000000000000002')
    assert_raises(Paystra::VerificationError) { client_answering { other }.create_paylink('AMOUNT' => '100', 'DESCRIPTION' => 'Tea') }
    unsigned = JSON.parse(VA_STATUS).reject { |key, _| key == 'HASH' }
    ['{"a":"b"}', 'not json', '[1]', '[{"AMOUNT":500000}]'].each do |text|
      client = client_answering { unsigned.merge('CREDITS' => text) }
      assert_match(/CREDITS/, assert_raises(Paystra::GatewayError, text) { client.virtual_account_status(VA_ID) }.message)
    end
    client = client_answering { VA_CREATED }
    assert_match(/no CREDITS/, assert_raises(Paystra::GatewayError) { client.virtual_account_status(VA_ID) }.message)
  end

  def test_ids_amounts_description_mode_and_tildes_are_checked_before_anything_is_sent
    client = client_answering { LINK_CREATED }
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
