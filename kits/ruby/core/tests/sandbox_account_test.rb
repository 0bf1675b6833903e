# frozen_string_literal: true

require 'socket'
require 'tmpdir'
require_relative 'test_helper'

class SandboxAccountTest < Minitest::Test
  # The sandbox's own answers to POST /accounts, recorded from a sandbox at
  # http://localhost:3000/sandbox: the same bytes, in the same order.
  ENV_TEXT = <<~ENV
    # Paystra kit configuration for sandbox account 3773599642181897.
    # Environment variables override these values. Keep this file on your server: it holds
    # your salt and webhook secret.

    # The gateway: this sandbox.
    PAYSTRA_BASE_URL=http://localhost:3000/sandbox
    # Your merchant id (PAY_ID) and salt.
    PAYSTRA_PAY_ID=3773599642181897
    PAYSTRA_SALT=530dfe1903fb0f06
    # Derives the 32-character AES key of ENCDATA (responses and merchant-hosted requests).
    PAYSTRA_KEY_SALT=f96a0b4eef978c30
    # Verifies the signed webhooks the gateway POSTs to NOTIFY_URL (APP_URL/webhook).
    PAYSTRA_WEBHOOK_SECRET=wh_c98c7a1c04ec4a0eadaf875821d416cf

    # Where this app is reachable; the gateway returns the customer to APP_URL/response and
    # posts webhooks to APP_URL/webhook.
    APP_URL=http://localhost:8000
    PORT=8000
    # Where the examples keep their orders (<example>-orders.json); default ./data in the kit root.
    # PAYSTRA_DATA_DIR=data
  ENV
  CONSOLE = 'http://localhost:3000/sandbox/console/tl4-7EL_Eqy_CC0D83YKpM42Z_orZH9kgnBDHCgnnfg'
  ACCOUNT = {
    'STATUS' => 'Created',
    'PAY_ID' => '3773599642181897',
    'SALT' => '530dfe1903fb0f06',
    'KEY_SALT' => 'f96a0b4eef978c30',
    'MERCHANT_HOSTED_KEY' => '5BC116EA0D0104F0E095246E6692C1F6',
    'WEBHOOK_SECRET' => 'wh_c98c7a1c04ec4a0eadaf875821d416cf',
    'NAME' => 'Chai & Co.',
    'PAYSTRA_BASE_URL' => 'http://localhost:3000/sandbox',
    'CONSOLE_URL' => CONSOLE,
    'PAYSTRA_ENV_URL' => "#{CONSOLE}/paystra.env",
    'PAYSTRA_ENV' => ENV_TEXT,
    'IDLE_DAYS' => '30'
  }.freeze
  CREATED = [201, JSON.generate(ACCOUNT)].freeze
  REFUSALS = {
    '360' => [400, '{"STATUS":"Failed","RESPONSE_CODE":"360","RESPONSE_MESSAGE":"Invalid account name: up to 60 letters, ' \
                   "digits, spaces and . , & ' ( ) - / characters\"}"],
    '344' => [429, '{"STATUS":"Failed","RESPONSE_CODE":"344","RESPONSE_MESSAGE":"Too many requests: try again later"}'],
    '361' => [503, '{"STATUS":"Failed","RESPONSE_CODE":"361","RESPONSE_MESSAGE":' \
                   '"The sandbox holds as many accounts as it can: try again later"}']
  }.freeze
  BASE_URL = 'http://localhost:3000/sandbox'

  # A stand-in sandbox answering `reply` ([status, body]); records each request's URL and JSON.
  def sandbox(reply = CREATED)
    @requests = []
    lambda do |url, json|
      @requests << [url, json]
      reply
    end
  end

  def create(name, reply = CREATED, base_url: BASE_URL)
    Paystra::Client.create_sandbox_account(base_url, name: name, transport: sandbox(reply))
  end

  def test_posts_the_tidied_name_as_json_unsigned_and_returns_the_accounts_fields
    assert_equal ACCOUNT, create("  Chai  &\u00a0Co. ", base_url: "#{BASE_URL}/")
    assert_equal [["#{BASE_URL}/accounts", '{"NAME":"Chai & Co."}']], @requests
    [nil, '', '   '].each do |name|
      create(name)
      assert_equal [["#{BASE_URL}/accounts", '{}']], @requests, 'no NAME: the sandbox names it'
    end
  end

  def test_each_refusal_raises_gateway_error_with_its_code_message_and_http_status
    REFUSALS.each do |code, (status, body)|
      error = assert_raises(Paystra::GatewayError) { create('Chai & Co.', [status, body]) }
      fields = JSON.parse(body)
      assert_equal [code, status, fields['RESPONSE_MESSAGE'], fields], [error.code, error.http_status, error.message, error.fields]
    end
  end

  def test_a_name_or_base_url_the_sandbox_would_refuse_is_refused_before_sending
    transport = sandbox
    ['x' * 61, "\u{1d400}" * 31, "tab\there", "line\nbreak", '<script>', 'a~b', 'a@b', "bell\u0085", "\xC3\x28", 7].each do |name|
      assert_raises(Paystra::InvalidRequest, name.inspect) do
        Paystra::Client.create_sandbox_account(BASE_URL, name: name, transport: transport)
      end
    end
    [nil, '', 'localhost:3000/sandbox', 'ftp://localhost/sandbox'].each do |url|
      assert_raises(Paystra::Error, url.inspect) { Paystra::Client.create_sandbox_account(url, name: 'Shop', transport: transport) }
    end
    assert_empty @requests
    ['x' * 60, "\u{1d400}" * 30, 'Café Ünïcode', 'चाय वाला', "O'Brien (Pune) - 2/B, Ltd."].each do |name|
      Paystra::Client.create_sandbox_account(BASE_URL, name: name, transport: transport)
    end
    assert_equal 5, @requests.size
  end

  def test_an_answer_that_is_not_json_or_not_an_account_raises_gateway_error
    # A sandbox that makes no accounts answers its HTML 404 page.
    error = assert_raises(Paystra::GatewayError) { create('Shop', [404, "<!doctype html><html lang=\"en\" dir=\"ltr\">\n<head>"]) }
    assert_match(/HTTP 404 without JSON/, error.message)
    assert_equal 404, error.http_status
    [[201, JSON.generate(ACCOUNT.reject { |key, _| key == 'SALT' })], [200, CREATED[1]], [201, '[]']].each do |reply|
      assert_raises(Paystra::GatewayError, reply.inspect) { create('Shop', reply) }
    end
  end

  def test_over_http_a_refusal_is_read_and_no_sandbox_raises_gateway_error
    server = TCPServer.new('127.0.0.1', 0)
    port = server.addr[1]
    body = REFUSALS['344'][1]
    answering = Thread.new do
      client = server.accept
      request = +''
      request << client.readpartial(65_536) until request.include?("\r\n\r\n")
      length = request[/^Content-Length: (\d+)\r$/i, 1].to_i
      request << client.readpartial(65_536) while request.bytesize < request.index("\r\n\r\n") + 4 + length
      client.write("HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json; charset=utf-8\r\n" \
                   "Content-Length: #{body.bytesize}\r\nConnection: close\r\n\r\n#{body}")
      client.close
      request
    end
    error = assert_raises(Paystra::GatewayError) do
      Paystra::Client.create_sandbox_account("http://127.0.0.1:#{port}/sandbox", name: 'Shop')
    end
    assert_equal ['344', 429], [error.code, error.http_status]
    request = answering.value
    assert_match(%r{\APOST /sandbox/accounts HTTP/1.1\r\n}, request)
    assert_match(%r{^Accept: application/json\r$}i, request)
    assert request.end_with?("\r\n\r\n{\"NAME\":\"Shop\"}"), request
    server.close
    error = assert_raises(Paystra::GatewayError) do
      Paystra::Client.create_sandbox_account("http://127.0.0.1:#{port}/sandbox", name: 'Shop')
    end
    assert_match(/could not be reached/, error.message)
  end

  def test_write_env_file_saves_the_accounts_paystra_env_for_its_owner_keeping_one_that_is_there_unless_told
    Dir.mktmpdir('paystra-account-') do |root|
      path = Paystra::Config.write_env_file(root, ACCOUNT)
      assert_equal File.join(root, 'paystra.env'), path
      assert_equal ENV_TEXT, File.binread(path)
      assert_equal 0o600, File.stat(path).mode & 0o777 unless Gem.win_platform?
      assert_equal ACCOUNT['PAY_ID'], Paystra::Config.load(root, env: {}).pay_id

      File.write(path, "PAYSTRA_PAY_ID=1000000000000001\n")
      assert_match(/exists/, assert_raises(Paystra::Error) { Paystra::Config.write_env_file(root, ACCOUNT) }.message)
      assert_equal "PAYSTRA_PAY_ID=1000000000000001\n", File.read(path)
      Paystra::Config.write_env_file(root, ACCOUNT, overwrite: true)
      assert_equal ENV_TEXT, File.read(path)

      File.delete(path)
      assert_raises(Paystra::Error) { Paystra::Config.write_env_file(root, { 'PAY_ID' => '1' }) }
      refute File.exist?(path)
    end
  end
end
