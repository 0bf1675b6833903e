# frozen_string_literal: true

require 'tmpdir'
require_relative 'test_helper'

class ConfigTest < Minitest::Test
  FILE = <<~ENV
    # Paystra kit configuration
    PAYSTRA_BASE_URL=http://127.0.0.1:4160/sandbox/   # the gateway
    PAYSTRA_PAY_ID=1000000000000001
    PAYSTRA_SALT="a1b2c3d4e5f60718"
    export PAYSTRA_KEY_SALT=f0e1d2c3b4a59687

    APP_URL=http://localhost:8000
    PORT=8000
  ENV

  def with_kit(text)
    Dir.mktmpdir do |dir|
      File.write(File.join(dir, 'paystra.env'), text) if text
      yield dir
    end
  end

  def test_reads_the_file_with_comments_quotes_and_export
    with_kit(FILE) do |dir|
      config = Paystra::Config.load(dir, env: {})
      assert_equal 'http://127.0.0.1:4160/sandbox', config.base_url
      assert_equal '1000000000000001', config.pay_id
      assert_equal 'a1b2c3d4e5f60718', config.salt
      assert_equal 'f0e1d2c3b4a59687', config.key_salt
      assert_equal 'http://localhost:8000/response', config.return_url
      assert_equal 8000, config.port
      assert_equal '034A0B731C8AE0736BD8D47D1B3017B3', config.merchant_hosted_key
    end
  end

  def test_environment_variables_override_the_file
    with_kit(FILE) do |dir|
      env = { 'PAYSTRA_BASE_URL' => 'http://127.0.0.1:4161/sandbox', 'PORT' => '4162',
              'APP_URL' => 'http://127.0.0.1:4162', 'PAYSTRA_SALT' => 'other', 'PAYSTRA_PAY_ID' => '' }
      config = Paystra::Config.load(dir, env: env)
      assert_equal 'http://127.0.0.1:4161/sandbox', config.base_url
      assert_equal 4162, config.port
      assert_equal 'http://127.0.0.1:4162/response', config.return_url
      assert_equal 'other', config.salt
      assert_equal '1000000000000001', config.pay_id, 'an empty variable does not override'
    end
  end

  def test_environment_alone_is_enough
    with_kit(nil) do |dir|
      env = { 'PAYSTRA_PAY_ID' => '1000000000000001', 'PAYSTRA_SALT' => 's', 'PAYSTRA_KEY_SALT' => 'k', 'PORT' => '9000' }
      config = Paystra::Config.load(dir, env: env)
      assert_equal 'http://localhost:3000/sandbox', config.base_url
      assert_equal 'http://localhost:9000', config.app_url
    end
  end

  def test_missing_credentials_and_bad_values_are_named
    with_kit(nil) do |dir|
      error = assert_raises(Paystra::Error) { Paystra::Config.load(dir, env: {}) }
      assert_match(/PAYSTRA_PAY_ID, PAYSTRA_SALT, PAYSTRA_KEY_SALT/, error.message)
      assert_match(/paystra\.env\.example/, error.message)
    end
    with_kit(FILE) do |dir|
      assert_raises(Paystra::Error) { Paystra::Config.load(dir, env: { 'PORT' => 'eighty' }) }
      assert_raises(Paystra::Error) { Paystra::Config.load(dir, env: { 'PAYSTRA_BASE_URL' => 'ftp://x/y' }) }
    end
  end

  def test_inspect_never_shows_the_salts_or_the_webhook_secret
    config = PaystraTest.config(webhook_secret: 'wh_demo_7c1e4b9a2f6d8035')
    refute_includes config.inspect, config.salt
    refute_includes config.inspect, config.key_salt
    refute_includes config.inspect, config.webhook_secret
  end

  def test_the_webhook_secret_comes_from_the_file_or_the_environment_and_is_optional
    with_kit("#{FILE}PAYSTRA_WEBHOOK_SECRET=wh_from_file   # from the merchant portal\n") do |dir|
      assert_equal 'wh_from_file', Paystra::Config.load(dir, env: {}).webhook_secret
      assert_equal 'http://localhost:8000/webhook', Paystra::Config.load(dir, env: {}).notify_url
      assert_equal 'wh_env', Paystra::Config.load(dir, env: { 'PAYSTRA_WEBHOOK_SECRET' => 'wh_env' }).webhook_secret
    end
    with_kit(FILE) do |dir|
      config = Paystra::Config.load(dir, env: {})
      assert_equal '', config.webhook_secret, 'payments work without it; deliveries are refused with secret-missing'
      assert_nil config.notify_url, 'no NOTIFY_URL without the secret: every delivery would be refused'
      assert_equal 'http://localhost:8000/webhook', config.webhook_url
    end
  end

  def test_a_webhook_secret_with_white_space_is_kept_so_verify_can_name_it
    config = Paystra::Config.load(Dir.pwd, env: { 'PAYSTRA_PAY_ID' => '1', 'PAYSTRA_SALT' => 's', 'PAYSTRA_KEY_SALT' => 'k',
                                                   'PAYSTRA_WEBHOOK_SECRET' => "wh_demo\n" })
    assert_equal "wh_demo\n", config.webhook_secret
  end

  def test_the_published_example_file_loads
    example = File.expand_path('../../../paystra.env.example', __dir__)
    example = File.expand_path('../../paystra.env.example', __dir__) unless File.file?(example)
    skip 'paystra.env.example is not beside this kit' unless File.file?(example)
    text = File.read(example)
    # Unfilled, the example names the site's facts ({{SANDBOX_URL}}...): the archive fills them.
    skip 'paystra.env.example is filled when the archive is built' if text.include?('{{')
    with_kit(text) do |dir|
      config = Paystra::Config.load(dir, env: {})
      assert_equal '1000000000000001', config.pay_id
      assert_equal 'a1b2c3d4e5f60718', config.salt
      # Empty where the site's sandbox would refuse a NOTIFY_URL on localhost.
      assert_includes ['wh_demo_7c1e4b9a2f6d8035', ''], config.webhook_secret
    end
  end
end
