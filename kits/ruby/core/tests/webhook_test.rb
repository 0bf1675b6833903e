# frozen_string_literal: true

require_relative 'test_helper'

# The shared webhook vectors (every kit refuses with the same reason and the same words), then
# what the vectors cannot say about Ruby: bytes, encodings and parsed bodies.
class WebhookTest < Minitest::Test
  WEBHOOK = PaystraTest.vectors.fetch('webhook')
  SECRET = 'wh_demo_7c1e4b9a2f6d8035'
  SALT = PaystraTest::DEMO[:salt]

  def test_the_messages_are_the_shared_ones_word_for_word
    assert_equal WEBHOOK.fetch('messages'), Paystra::Webhook::MESSAGES
    assert_equal WEBHOOK.fetch('tolerance_seconds'), Paystra::Webhook::TOLERANCE
  end

  WEBHOOK.fetch('sign').each_with_index do |vector, index|
    define_method("test_sign_#{index}_#{vector['note'].gsub(/\W+/, '_')}") do
      signed = Paystra::Webhook.sign(JSON.parse(vector['body']), vector['secret'], timestamp: vector['timestamp'])
      assert_equal vector['body'], signed[:body]
      assert_equal vector['signature'], Paystra::Webhook.signature(vector['secret'], vector['timestamp'], vector['body'])
      assert_equal vector['header'], signed[:headers]['X-Paystra-Signature']
      assert_equal JSON.parse(vector['body'])['id'], signed[:headers]['X-Paystra-Event-Id']
      assert_equal 'application/json', signed[:headers]['Content-Type']
    end
  end

  WEBHOOK.fetch('verify').each_with_index do |vector, index|
    define_method("test_verify_#{index}_#{vector['note'].gsub(/\W+/, '_')}") do
      verify = lambda do
        Paystra::Webhook.verify(vector['body'], vector['header'], vector['secret'], salt: vector['salt'], now: vector['now'])
      end
      expect = vector['expect']
      if expect['ok']
        event = verify.call
        assert_equal [expect['id'], expect['type']], event.values_at('id', 'type')
        assert_equal JSON.parse(vector['body']), event
      else
        error = assert_raises(Paystra::WebhookError, &verify)
        assert_equal expect['reason'], error.reason
        assert_equal WEBHOOK['messages'].fetch(expect['reason']), error.message
      end
    end
  end

  def utf8_vector
    WEBHOOK['verify'].find { |vector| vector['note'] == 'valid UTF-8 body' }
  end

  def test_a_utf8_body_verifies_as_bytes_as_text_and_in_any_encoding_label
    vector = utf8_vector
    [vector['body'], vector['body'].b, vector['body'].dup.force_encoding(Encoding::ISO_8859_1)].each do |body|
      event = Paystra::Webhook.verify(body, vector['header'].b, SECRET, salt: SALT, now: vector['now'])
      assert_equal 'आशा वर्मा', event['data']['CUST_NAME']
      assert_equal Encoding::UTF_8, event['data']['CUST_NAME'].encoding
    end
  end

  def test_a_parsed_body_is_refused_as_not_raw
    vector = utf8_vector
    [JSON.parse(vector['body']), [vector['body']], nil].each do |parsed|
      error = assert_raises(Paystra::WebhookError) { Paystra::Webhook.verify(parsed, vector['header'], SECRET) }
      assert_equal 'body-not-raw', error.reason
    end
  end

  def test_sign_then_verify_with_the_clock_and_symbol_keys
    event = { id: 'evt_00000000000000000000abcd', type: 'payment.failed', created: Time.now.to_i,
              data: Paystra::Hash.with_hash({ 'ORDER_ID' => 'RB1', 'RESPONSE_CODE' => '004', 'STATUS' => 'Failed' }, SALT) }
    signed = Paystra::Webhook.sign(event, SECRET)
    assert signed[:body].start_with?("{\n  \"id\": \"evt_"), 'laid out as the gateway sends it'
    assert signed[:body].end_with?("}\n")
    verified = Paystra::Webhook.verify(signed[:body], signed[:headers]['X-Paystra-Signature'], SECRET, salt: SALT)
    assert_equal %w[evt_00000000000000000000abcd payment.failed RB1], [verified['id'], verified['type'], verified['data']['ORDER_ID']]
  end

  def test_a_re_serialised_body_with_another_secret_is_still_named_re_serialised
    signed = Paystra::Webhook.sign(JSON.parse(utf8_vector['body']), 'another-secret', timestamp: 1_764_000_060)
    compact = JSON.generate(JSON.parse(signed[:body]))
    error = assert_raises(Paystra::WebhookError) do
      Paystra::Webhook.verify(compact, signed[:headers]['X-Paystra-Signature'], SECRET, now: 1_764_000_060)
    end
    assert_equal 'body-reserialised', error.reason
  end

  def test_headers_the_parser_refuses
    vector = utf8_vector
    signature = vector['header'].split('v1=').last
    ["t=1764000060,v1=#{signature},", "t=1764000060,t=1764000060,v1=#{signature}", "t=1764000060;v1=#{signature}",
     "t=1764000060,v1=#{signature}x", "t=1234567890123,v1=#{signature}", "t=#{'1' * 2000},v1=#{signature}", 42].each do |header|
      error = assert_raises(Paystra::WebhookError, header.inspect) do
        Paystra::Webhook.verify(vector['body'], header, SECRET, now: vector['now'])
      end
      assert_equal 'malformed-header', error.reason
    end
  end

  def test_the_tolerance_can_be_widened_and_the_error_is_a_verification_error
    vector = utf8_vector
    assert Paystra::Webhook.verify(vector['body'], vector['header'], SECRET, now: vector['now'] + 3600, tolerance: 3600)
    error = assert_raises(Paystra::VerificationError) do
      Paystra::Webhook.verify(vector['body'], vector['header'], SECRET, now: vector['now'] + 3601, tolerance: 3600)
    end
    assert_equal 'stale-timestamp', error.reason
  end

  def test_the_client_verifies_with_the_configured_secret_and_salt
    vector = utf8_vector
    signed = Paystra::Webhook.sign(JSON.parse(vector['body']), SECRET)
    client = Paystra::Client.new(PaystraTest.config(webhook_secret: SECRET))
    assert_equal 'refund.processed', client.verify_webhook(signed[:body], signed[:headers]['X-Paystra-Signature'])['type']

    other_salt = Paystra::Client.new(PaystraTest.config(webhook_secret: SECRET, salt: 'not-the-salt'))
    error = assert_raises(Paystra::WebhookError) { other_salt.verify_webhook(signed[:body], signed[:headers]['X-Paystra-Signature']) }
    assert_equal 'data-hash', error.reason

    unset = Paystra::Client.new(PaystraTest.config)
    error = assert_raises(Paystra::WebhookError) { unset.verify_webhook(signed[:body], signed[:headers]['X-Paystra-Signature']) }
    assert_equal 'secret-missing', error.reason
  end

  def test_a_settlement_processed_event_verifies_like_any_event
    data = Paystra::Hash.with_hash({ 'PAY_ID' => '1000000000000001', 'SETTLEMENT_ID' => 'setl_0a1b2c3d4e5f60718293',
                                     'UTR' => 'PYSTN26331000123', 'SETTLEMENT_DATE' => '2026-11-27', 'NET_AMOUNT' => '97640',
                                     'BANK_ACCOUNT' => 'XXXXXXXXXX4321', 'STATUS' => 'PROCESSED' }, PaystraTest::DEMO[:salt])
    signed = Paystra::Webhook.sign({ 'id' => 'evt_0123456789abcdef01234567', 'type' => 'settlement.processed',
                                     'created' => Time.now.to_i, 'data' => data }, SECRET)
    client = Paystra::Client.new(PaystraTest.config(webhook_secret: SECRET))
    event = client.verify_webhook(signed[:body], signed[:headers]['X-Paystra-Signature'])
    assert_equal %w[settlement.processed setl_0a1b2c3d4e5f60718293], [event['type'], event['data']['SETTLEMENT_ID']]
  end
end
