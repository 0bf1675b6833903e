# frozen_string_literal: true

require_relative 'test_helper'

# Subscriptions against a fake gateway that answers with the fields the subscription calls answer
# (a UPI monthly one created, found by its SUBSCRIPTION_REF, cancelled and refused a second cancel
# and a presented charge; an AS_PRESENTED one charged, its notice skipped; a halted one resumed;
# each refusal): signed with the demo merchant's salt.
class SubscriptionsTest < Minitest::Test
  SUB_ID = 'sub_4Kq9TzW2mX8cRb'
  SUB_PRESENTED_ID = 'sub_7PdL2sNe9QwX4k'
  SUB_CREATED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_4Kq9TzW2mX8cRb",' \
                '"SUBSCRIPTION_REF":"PLAN-1001","METHOD":"UPI","CATEGORY":"","AMOUNT":"49900",' \
                '"MAX_AMOUNT":"49900","CURRENCY_CODE":"356","FREQUENCY":"MONTHLY","START_DATE":"2026-12-07",' \
                '"END_DATE":"","DESCRIPTION":"Monthly plan: two notebooks","CUST_NAME":"Asha Rao",' \
                '"CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",' \
                '"AUTH_URL":"http://127.0.0.1:35183/sandbox/m/Hq3ZbN8vT2xLw5Yc","STATUS":"CREATED",' \
                '"CREATED_AT":"2026-12-07 18:13:40","ACTIVATED_AT":"","ENDED_AT":"","ANCHOR_DATE":"",' \
                '"INSTRUMENT":"","PAID_CYCLES":"0","NEXT_DEBIT_AT":"","REGISTRATION_FEE":"700",' \
                '"REGISTRATION_GST":"126","TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000",' \
                '"RESPONSE_MESSAGE":"Transaction successful","RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
                '"HASH":"ED693393D91BC97B68A8FADFCC44D5DA9FC97FE29479300F3E593D42C4D1D0A7"}'
  SUB_FOUND = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_4Kq9TzW2mX8cRb",' \
              '"SUBSCRIPTION_REF":"PLAN-1001","METHOD":"UPI","CATEGORY":"","AMOUNT":"49900",' \
              '"MAX_AMOUNT":"49900","CURRENCY_CODE":"356","FREQUENCY":"MONTHLY","START_DATE":"2026-12-07",' \
              '"END_DATE":"","DESCRIPTION":"Monthly plan: two notebooks","CUST_NAME":"Asha Rao",' \
              '"CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",' \
              '"AUTH_URL":"http://127.0.0.1:35183/sandbox/m/Hq3ZbN8vT2xLw5Yc","STATUS":"CREATED",' \
              '"CREATED_AT":"2026-12-07 18:13:40","ACTIVATED_AT":"","ENDED_AT":"","ANCHOR_DATE":"",' \
              '"INSTRUMENT":"","PAID_CYCLES":"0","NEXT_DEBIT_AT":"","REGISTRATION_FEE":"700",' \
              '"REGISTRATION_GST":"126","TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000",' \
              '"RESPONSE_MESSAGE":"Transaction successful","RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
              '"DEBITS":"[]","HASH":"FCC417B1FBA26FEFE298DD9C03D4BDD50FAE2CDF23CA3BD0952764C0F2CC35C3"}'
  SUB_CANCELLED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_4Kq9TzW2mX8cRb",' \
                  '"SUBSCRIPTION_REF":"PLAN-1001","METHOD":"UPI","CATEGORY":"","AMOUNT":"49900",' \
                  '"MAX_AMOUNT":"49900","CURRENCY_CODE":"356","FREQUENCY":"MONTHLY","START_DATE":"2026-12-07",' \
                  '"END_DATE":"","DESCRIPTION":"Monthly plan: two notebooks","CUST_NAME":"Asha Rao",' \
                  '"CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",' \
                  '"AUTH_URL":"http://127.0.0.1:35183/sandbox/m/Hq3ZbN8vT2xLw5Yc","STATUS":"CANCELLED",' \
                  '"CREATED_AT":"2026-12-07 18:13:40","ACTIVATED_AT":"","ENDED_AT":"2026-12-07 18:13:40",' \
                  '"ANCHOR_DATE":"","INSTRUMENT":"","PAID_CYCLES":"0","NEXT_DEBIT_AT":"",' \
                  '"REGISTRATION_FEE":"700","REGISTRATION_GST":"126","TXNTYPE":"SUBSCRIPTION",' \
                  '"RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",' \
                  '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
                  '"HASH":"CC8ACF5052C85407804D3E3EA4B56907225C1EC8880B89C9F374E57CA74DC68B"}'
  SUB_CANCEL_REFUSED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_4Kq9TzW2mX8cRb","STATUS":"Failed",' \
                       '"RESPONSE_CODE":"385",' \
                       '"RESPONSE_MESSAGE":"Subscription not active: cancelled, revoked, halted, completed or failed",' \
                       '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
                       '"HASH":"6E0A2BD32DD594CD59EE045EAA431DC27CFA5B1B8F8F7DB2AEE699B8E9B8EE37"}'
  SUB_CHARGE_REFUSED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_4Kq9TzW2mX8cRb","STATUS":"Failed",' \
                       '"RESPONSE_CODE":"379",' \
                       '"RESPONSE_MESSAGE":"Invalid frequency: use WEEKLY, MONTHLY, QUARTERLY, YEARLY or AS_PRESENTED",' \
                       '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
                       '"HASH":"97C0F34B754B9D73B3FC5ABAE4B466FA23E5489951EE58F9AFFB38617833A4ED"}'
  SUB_UNKNOWN = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_00000000000000","STATUS":"Failed",' \
                '"RESPONSE_CODE":"387","RESPONSE_MESSAGE":"No subscription found",' \
                '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
                '"HASH":"CCDFDBEB13C9064FA928702AE943EA6246B844A7387445E1A71DB7C4990560AA"}'
  SUB_BAD_DATE = '{"PAY_ID":"1000000000000001","STATUS":"Failed","RESPONSE_CODE":"388",' \
                 '"RESPONSE_MESSAGE":"Invalid start or end date: a date from the account\'s today, within 366 days; end after it, within 10 years",' \
                 '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
                 '"HASH":"8DAB8B2CB5D206B4796F501797E03127FD598E73EDDBAE90AFA587557486FDAF"}'
  SUB_CHARGED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_7PdL2sNe9QwX4k",' \
                '"SUBSCRIPTION_REF":"BILL-2002","METHOD":"UPI","CATEGORY":"","AMOUNT":"",' \
                '"MAX_AMOUNT":"500000","CURRENCY_CODE":"356","FREQUENCY":"AS_PRESENTED",' \
                '"START_DATE":"2026-12-07","END_DATE":"2036-12-07","DESCRIPTION":"Electricity bill",' \
                '"CUST_NAME":"Asha Rao","CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",' \
                '"AUTH_URL":"http://127.0.0.1:35183/sandbox/m/Pw7KdR2nX9cVb4Mz","STATUS":"ACTIVE",' \
                '"CREATED_AT":"2026-12-07 18:13:40","ACTIVATED_AT":"2026-12-07 18:14:02","ENDED_AT":"",' \
                '"ANCHOR_DATE":"2026-12-07","INSTRUMENT":"success@upi","PAID_CYCLES":"0",' \
                '"NEXT_DEBIT_AT":"2026-12-09 07:00:00","REGISTRATION_FEE":"700","REGISTRATION_GST":"126",' \
                '"TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",' \
                '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
                '"DEBITS":"[{\\"DEBIT_ID\\":\\"sdeb_Vn4Qx8LmT2kWc9\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"123400\\",\\"NOTIFIED_AT\\":\\"2026-12-07 18:15:10\\",\\"DEBIT_AT\\":\\"2026-12-09 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"NOTIFIED\\",\\"RESPONSE_CODE\\":\\"\\",\\"ORDER_ID\\":\\"\\",\\"TXN_ID\\":\\"\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"}]",' \
                '"HASH":"DE7F5A8B6F3AF3BB0BB201BED73891BB83924B4510584ADF3897E3270EB49A83"}'
  SUB_SKIPPED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_7PdL2sNe9QwX4k",' \
                '"SUBSCRIPTION_REF":"BILL-2002","METHOD":"UPI","CATEGORY":"","AMOUNT":"",' \
                '"MAX_AMOUNT":"500000","CURRENCY_CODE":"356","FREQUENCY":"AS_PRESENTED",' \
                '"START_DATE":"2026-12-07","END_DATE":"2036-12-07","DESCRIPTION":"Electricity bill",' \
                '"CUST_NAME":"Asha Rao","CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",' \
                '"AUTH_URL":"http://127.0.0.1:35183/sandbox/m/Pw7KdR2nX9cVb4Mz","STATUS":"ACTIVE",' \
                '"CREATED_AT":"2026-12-07 18:13:40","ACTIVATED_AT":"2026-12-07 18:14:02","ENDED_AT":"",' \
                '"ANCHOR_DATE":"2026-12-07","INSTRUMENT":"success@upi","PAID_CYCLES":"0","NEXT_DEBIT_AT":"",' \
                '"REGISTRATION_FEE":"700","REGISTRATION_GST":"126","TXNTYPE":"SUBSCRIPTION",' \
                '"RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",' \
                '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
                '"DEBITS":"[{\\"DEBIT_ID\\":\\"sdeb_Vn4Qx8LmT2kWc9\\",\\"CYCLE\\":\\"1\\",\\"ATTEMPT\\":\\"1\\",\\"AMOUNT\\":\\"123400\\",\\"NOTIFIED_AT\\":\\"2026-12-07 18:15:10\\",\\"DEBIT_AT\\":\\"2026-12-09 07:00:00\\",\\"APPROVAL_REQUIRED\\":\\"N\\",\\"APPROVED\\":\\"N\\",\\"STATUS\\":\\"SKIPPED\\",\\"RESPONSE_CODE\\":\\"382\\",\\"ORDER_ID\\":\\"\\",\\"TXN_ID\\":\\"\\",\\"FEE\\":\\"\\",\\"GST\\":\\"\\"}]",' \
                '"HASH":"6D73425CDB9C67046D1177AE2C6E8F2ADDFECC447EF5705EF094ED94EDAE374E"}'
  SUB_RESUMED = '{"PAY_ID":"1000000000000001","SUBSCRIPTION_ID":"sub_4Kq9TzW2mX8cRb",' \
                '"SUBSCRIPTION_REF":"PLAN-1001","METHOD":"UPI","CATEGORY":"","AMOUNT":"49900",' \
                '"MAX_AMOUNT":"49900","CURRENCY_CODE":"356","FREQUENCY":"MONTHLY","START_DATE":"2026-12-07",' \
                '"END_DATE":"2036-12-07","DESCRIPTION":"Monthly plan: two notebooks","CUST_NAME":"Asha Rao",' \
                '"CUST_EMAIL":"asha.rao@example.com","CUST_PHONE":"9876543210",' \
                '"AUTH_URL":"http://127.0.0.1:35183/sandbox/m/Hq3ZbN8vT2xLw5Yc","STATUS":"ACTIVE",' \
                '"CREATED_AT":"2026-12-07 18:13:40","ACTIVATED_AT":"2026-12-07 18:14:02","ENDED_AT":"",' \
                '"ANCHOR_DATE":"2026-12-07","INSTRUMENT":"nofunds@upi","PAID_CYCLES":"1",' \
                '"NEXT_DEBIT_AT":"2027-02-07 07:00:00","REGISTRATION_FEE":"700","REGISTRATION_GST":"126",' \
                '"TXNTYPE":"SUBSCRIPTION","RESPONSE_CODE":"000","RESPONSE_MESSAGE":"Transaction successful",' \
                '"RESPONSE_DATE_TIME":"2026-12-07 18:13:40",' \
                '"HASH":"0A04BD98F3FCF9990FAC797CBFC670E66D9A606FB5DDB9EF1318DF06CD9B7107"}'

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

  # A UPI monthly subscription's request, as a merchant's code would give it.
  def monthly(**replaced)
    { 'SUBSCRIPTION_REF' => 'PLAN-1001', 'METHOD' => 'UPI', 'FREQUENCY' => 'MONTHLY', 'AMOUNT' => '49900',
      'MAX_AMOUNT' => '49900', 'START_DATE' => '2026-12-07', 'DESCRIPTION' => 'Monthly plan: two notebooks',
      'CUST_NAME' => 'Asha Rao', 'CUST_EMAIL' => 'asha.rao@example.com', 'CUST_PHONE' => '9876543210',
      'RETURN_URL' => 'https://shop.example/subscribed' }.merge(replaced.transform_keys(&:to_s))
  end

  def test_create_subscription_posts_the_fields_signed_and_trimmed_with_dates_as_yyyy_mm_dd
    client = client_answering { SUB_CREATED }
    subscription = client.create_subscription(monthly(DESCRIPTION: ' Monthly plan: two notebooks ', AMOUNT: 49_900,
                                                      START_DATE: Date.new(2026, 12, 7), CATEGORY: '',
                                                      NOTIFY_URL: 'https://shop.example/webhook',
                                                      ORDER_ID: 'not a subscription field'))
    assert_equal JSON.parse(SUB_CREATED), subscription
    assert_equal [SUB_ID, 'CREATED', 'UPI', 'MONTHLY'], subscription.values_at('SUBSCRIPTION_ID', 'STATUS', 'METHOD', 'FREQUENCY')
    assert_includes subscription['AUTH_URL'], '/m/'
    client.create_subscription(monthly(SUBSCRIPTION_REF: 'BILL-2002', METHOD: 'EMANDATE', FREQUENCY: 'AS_PRESENTED', AMOUNT: nil,
                                       MAX_AMOUNT: 1_000_000_000, START_DATE: '2027-01-31',
                                       END_DATE: Time.new(2030, 2, 28, 12, 0, 0, '+05:30'), CATEGORY: 'INSURANCE',
                                       DESCRIPTION: 'Premium'))
    customer = { 'CUST_NAME' => 'Asha Rao', 'CUST_EMAIL' => 'asha.rao@example.com', 'CUST_PHONE' => '9876543210',
                 'RETURN_URL' => 'https://shop.example/subscribed' }
    assert_equal [
      ['/pgws/subscription', { 'PAY_ID' => @config.pay_id, 'SUBSCRIPTION_REF' => 'PLAN-1001', 'METHOD' => 'UPI', 'AMOUNT' => '49900',
                               'MAX_AMOUNT' => '49900', 'FREQUENCY' => 'MONTHLY', 'START_DATE' => '2026-12-07',
                               'DESCRIPTION' => 'Monthly plan: two notebooks' }.merge(customer,
                                                                                       'NOTIFY_URL' => 'https://shop.example/webhook')],
      ['/pgws/subscription', { 'PAY_ID' => @config.pay_id, 'SUBSCRIPTION_REF' => 'BILL-2002', 'METHOD' => 'EMANDATE',
                               'MAX_AMOUNT' => '1000000000', 'FREQUENCY' => 'AS_PRESENTED', 'START_DATE' => '2027-01-31',
                               'END_DATE' => '2030-02-28', 'CATEGORY' => 'INSURANCE', 'DESCRIPTION' => 'Premium' }.merge(customer)]
    ], sent
  end

  def test_subscription_status_by_either_key_with_debits_parsed_and_cancel_and_resume_each_to_its_path
    client = client_answering do |path, request|
      { '/pgws/subscription/status' => request.key?('SUBSCRIPTION_REF') ? SUB_FOUND : SUB_CHARGED,
        '/pgws/subscription/cancel' => SUB_CANCELLED, '/pgws/subscription/resume' => SUB_RESUMED }.fetch(path)
    end
    found = client.subscription_status(subscription_ref: ' PLAN-1001 ')
    assert_equal [], found['DEBITS']
    assert_equal JSON.parse(SUB_FOUND).reject { |key, _| key == 'DEBITS' }, found.reject { |key, _| key == 'DEBITS' }
    charged = client.subscription_status(subscription_id: SUB_PRESENTED_ID)
    assert_equal JSON.parse(JSON.parse(SUB_CHARGED)['DEBITS']), charged['DEBITS']
    assert_equal %w[NOTIFIED N], charged['DEBITS'][0].values_at('STATUS', 'APPROVAL_REQUIRED')
    cancelled = client.cancel_subscription(SUB_ID)
    assert_equal JSON.parse(SUB_CANCELLED), cancelled
    refute cancelled.key?('DEBITS'), 'a cancel answers no DEBITS'
    resumed = client.resume_subscription(SUB_ID)
    assert_equal JSON.parse(SUB_RESUMED), resumed
    assert_equal 'ACTIVE', resumed['STATUS']
    assert_equal [
      ['/pgws/subscription/status', { 'PAY_ID' => @config.pay_id, 'SUBSCRIPTION_REF' => 'PLAN-1001' }],
      ['/pgws/subscription/status', { 'PAY_ID' => @config.pay_id, 'SUBSCRIPTION_ID' => SUB_PRESENTED_ID }],
      ['/pgws/subscription/cancel', { 'PAY_ID' => @config.pay_id, 'SUBSCRIPTION_ID' => SUB_ID }],
      ['/pgws/subscription/resume', { 'PAY_ID' => @config.pay_id, 'SUBSCRIPTION_ID' => SUB_ID }]
    ], sent
  end

  def test_present_charge_and_act_as_customer_post_to_their_paths_with_debits_parsed
    client = client_answering { |path| path.end_with?('/charge') ? SUB_CHARGED : SUB_SKIPPED }
    charged = client.present_charge(SUB_PRESENTED_ID, 123_400)
    notice = charged['DEBITS'][0]
    assert_equal ['AS_PRESENTED', '', '123400', 'NOTIFIED'], [*charged.values_at('FREQUENCY', 'AMOUNT'), *notice.values_at('AMOUNT', 'STATUS')]
    assert_equal JSON.parse(SUB_CHARGED).reject { |key, _| key == 'DEBITS' }, charged.reject { |key, _| key == 'DEBITS' }
    assert_equal notice['DEBIT_AT'], charged['NEXT_DEBIT_AT']
    skipped = client.act_as_customer(SUB_PRESENTED_ID, 'SKIP')
    assert_equal %w[SKIPPED 382], skipped['DEBITS'][0].values_at('STATUS', 'RESPONSE_CODE')
    assert_equal [
      ['/pgws/subscription/charge', { 'PAY_ID' => @config.pay_id, 'SUBSCRIPTION_ID' => SUB_PRESENTED_ID, 'AMOUNT' => '123400' }],
      ['/pgws/subscription/customer', { 'PAY_ID' => @config.pay_id, 'SUBSCRIPTION_ID' => SUB_PRESENTED_ID, 'ACTION' => 'SKIP' }]
    ], sent
  end

  def test_a_refused_subscription_call_is_the_signed_answer_for_response_code_to_say
    unknown = client_answering { SUB_UNKNOWN }.subscription_status(subscription_id: 'sub_00000000000000')
    assert_equal JSON.parse(SUB_UNKNOWN), unknown
    refute unknown.key?('DEBITS')
    again = client_answering { SUB_CANCEL_REFUSED }.cancel_subscription(SUB_ID)
    assert_equal %w[385 Failed], again.values_at('RESPONSE_CODE', 'STATUS')
    assert_equal JSON.parse(SUB_CHARGE_REFUSED), client_answering { SUB_CHARGE_REFUSED }.present_charge(SUB_ID, '100')
    late = client_answering { SUB_BAD_DATE }.create_subscription(monthly(START_DATE: '2020-01-01'))
    assert_equal '388', late['RESPONSE_CODE']
    refute late.key?('SUBSCRIPTION_ID')
  end

  def test_subscription_answers_are_trusted_only_under_their_hash_with_debits_a_list_of_objects
    changed = SUB_CREATED.sub('"STATUS":"CREATED"', '"STATUS":"ACTIVE"')
    assert_raises(Paystra::VerificationError) { client_answering { changed }.create_subscription(monthly) }
    changed = SUB_CHARGED.sub('123400', '923400')
    assert_raises(Paystra::VerificationError) { client_answering { changed }.present_charge(SUB_PRESENTED_ID, '123400') }
    other = JSON.parse(SUB_CANCELLED).merge('PAY_ID' => '1000000000000002')
    assert_raises(Paystra::VerificationError) { client_answering { other }.cancel_subscription(SUB_ID) }
    unsigned = JSON.parse(SUB_CHARGED).reject { |key, _| key == 'HASH' }
    ['{"a":"b"}', 'not json', '[1]', '[{"CYCLE":1}]'].each do |text|
      client = client_answering { unsigned.merge('DEBITS' => text) }
      assert_match(/DEBITS/, assert_raises(Paystra::GatewayError, text) { client.act_as_customer(SUB_PRESENTED_ID, 'SKIP') }.message)
    end
    client = client_answering { SUB_CREATED }
    assert_match(/no DEBITS/, assert_raises(Paystra::GatewayError) { client.subscription_status(subscription_id: SUB_ID) }.message)
  end

  def test_method_frequency_amounts_dates_category_description_action_ids_and_tildes_are_checked_before_anything_is_sent
    client = client_answering { SUB_CREATED }
    {
      'METHOD' => [-> { client.create_subscription(monthly(METHOD: 'NACH')) }, -> { client.create_subscription(monthly(METHOD: 'upi')) },
                   -> { client.create_subscription(monthly(METHOD: nil)) }],
      'FREQUENCY' => [-> { client.create_subscription(monthly(FREQUENCY: 'DAILY')) }, -> { client.create_subscription(monthly(FREQUENCY: '')) }],
      'MAX_AMOUNT' => [-> { client.create_subscription(monthly(MAX_AMOUNT: '')) },
                       -> { client.create_subscription(monthly(MAX_AMOUNT: '499.00')) },
                       -> { client.create_subscription(monthly(MAX_AMOUNT: '10000001', AMOUNT: '100')) },
                       -> { client.create_subscription(monthly(METHOD: 'CARD', MAX_AMOUNT: '10000001', AMOUNT: '100')) }],
      'AMOUNT' => [-> { client.create_subscription(monthly(AMOUNT: '')) }, -> { client.create_subscription(monthly(AMOUNT: '0')) },
                   -> { client.create_subscription(monthly(AMOUNT: '049900')) }, -> { client.create_subscription(monthly(AMOUNT: '-100')) },
                   -> { client.present_charge(SUB_PRESENTED_ID, '12.34') }],
      'at most MAX_AMOUNT' => [-> { client.create_subscription(monthly(AMOUNT: '49901')) }],
      'AS_PRESENTED' => [-> { client.create_subscription(monthly(FREQUENCY: 'AS_PRESENTED')) }],
      'START_DATE' => [-> { client.create_subscription(monthly(START_DATE: '')) },
                       -> { client.create_subscription(monthly(START_DATE: '2027-02-30')) },
                       -> { client.create_subscription(monthly(START_DATE: '07-12-2026')) },
                       -> { client.create_subscription(monthly(START_DATE: '2026-12-07T00:00:00+05:30')) }],
      'END_DATE' => [-> { client.create_subscription(monthly(END_DATE: '2027-13-01')) }],
      'after START_DATE' => [-> { client.create_subscription(monthly(END_DATE: '2026-12-07')) }],
      'CATEGORY' => [-> { client.create_subscription(monthly(CATEGORY: 'GYM')) }],
      'DESCRIPTION' => [-> { client.create_subscription(monthly(DESCRIPTION: ' ')) },
                        -> { client.create_subscription(monthly(DESCRIPTION: 'x' * 256)) },
                        -> { client.create_subscription(monthly(DESCRIPTION: "Plan\nA")) },
                        -> { client.create_subscription(monthly(DESCRIPTION: 'Plan ~ A')) }],
      'CUST_NAME' => [-> { client.create_subscription(monthly(CUST_NAME: 'A~B')) }],
      'SUBSCRIPTION_REF' => [-> { client.create_subscription(monthly(SUBSCRIPTION_REF: 'PLAN#1')) },
                             -> { client.create_subscription(monthly(SUBSCRIPTION_REF: '')) },
                             -> { client.subscription_status(subscription_ref: 'PLAN 1001') }],
      'subscription_id: or subscription_ref:' => [-> { client.subscription_status },
                                                  -> { client.subscription_status(subscription_id: SUB_ID, subscription_ref: 'PLAN-1001') }],
      'SUBSCRIPTION_ID' => [-> { client.subscription_status(subscription_id: 'sub_short') }, -> { client.cancel_subscription('PLAN-1001') },
                            -> { client.resume_subscription(nil) }, -> { client.present_charge('sub_7PdL2sNe9QwX4k!', '100') },
                            -> { client.act_as_customer('', 'SKIP') }],
      'ACTION' => [-> { client.act_as_customer(SUB_PRESENTED_ID, 'CANCEL') }, -> { client.act_as_customer(SUB_PRESENTED_ID, 'skip') }]
    }.each do |says, calls|
      calls.each_with_index do |call, index|
        assert_includes assert_raises(Paystra::InvalidRequest, "#{says} #{index}") { call.call }.message, says
      end
    end
    assert_empty @sent
  end
end
