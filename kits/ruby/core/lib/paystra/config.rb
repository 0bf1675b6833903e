# frozen_string_literal: true

require 'uri'

module Paystra
  # The merchant's credentials and addresses: read from `paystra.env` in the kit's root
  # (KEY=VALUE lines, `#` comments), then environment variables override the file.
  class Config
    KEYS = %w[PAYSTRA_BASE_URL PAYSTRA_PAY_ID PAYSTRA_SALT PAYSTRA_KEY_SALT PAYSTRA_WEBHOOK_SECRET APP_URL PORT].freeze
    FILE_NAME = 'paystra.env'

    attr_reader :base_url, :pay_id, :salt, :key_salt, :webhook_secret, :app_url, :port

    # Reads `<kit_root>/paystra.env` when it exists, then ENV (or the `env` given).
    def self.load(kit_root, env: ENV)
      path = File.join(kit_root.to_s, FILE_NAME)
      values = File.file?(path) ? parse_env_file(File.read(path, encoding: 'UTF-8')) : {}
      KEYS.each { |key| values[key] = env[key] if env[key] && !env[key].strip.empty? }
      from_values(values, source: path)
    end

    # KEY=VALUE lines; blank lines and `#` comments (whole-line, or after a space) are skipped;
    # a value may be quoted; `export KEY=VALUE` is accepted so the file can be sourced by a shell.
    def self.parse_env_file(text)
      text.each_line.with_object({}) do |line, values|
        line = line.strip.delete_prefix('export ')
        next if line.empty? || line.start_with?('#')

        key, value = line.split('=', 2)
        next if value.nil?

        value = value.strip
        value = if value =~ /\A(["'])(.*)\1\z/
                  Regexp.last_match(2)
                else
                  value.sub(/\s+#.*\z/, '')
                end
        values[key.strip] = value
      end
    end

    # Saves a sandbox account's paystra.env (Client.create_sandbox_account's PAYSTRA_ENV) in
    # kit_root, readable by its owner only, for Config.load; returns its path. Raises Error rather
    # than replace a paystra.env that is there, unless `overwrite: true`.
    def self.write_env_file(kit_root, account, overwrite: false)
      text = account['PAYSTRA_ENV']
      raise Error, 'the account has no PAYSTRA_ENV to write' unless text.is_a?(String) && !text.empty?

      path = File.join(kit_root.to_s, FILE_NAME)
      mode = File::WRONLY | File::CREAT | (overwrite ? File::TRUNC : File::EXCL)
      File.open(path, mode, 0o600, binmode: true) { |file| file.write(text) }
      path
    rescue Errno::EEXIST
      raise Error, "#{path} exists: pass overwrite: true to replace it"
    end

    def self.from_values(values, source: nil)
      missing = %w[PAYSTRA_PAY_ID PAYSTRA_SALT PAYSTRA_KEY_SALT].reject { |key| present?(values[key]) }
      unless missing.empty?
        where = source ? " (copy paystra.env.example to #{source}, or set the environment variables)" : ''
        raise Error, "missing configuration: #{missing.join(', ')}#{where}"
      end
      port = values['PORT'].to_s.strip
      new(
        base_url: present?(values['PAYSTRA_BASE_URL']) ? values['PAYSTRA_BASE_URL'] : 'http://localhost:3000/sandbox',
        pay_id: values['PAYSTRA_PAY_ID'],
        salt: values['PAYSTRA_SALT'],
        key_salt: values['PAYSTRA_KEY_SALT'],
        webhook_secret: values['PAYSTRA_WEBHOOK_SECRET'],
        app_url: present?(values['APP_URL']) ? values['APP_URL'] : "http://localhost:#{port.empty? ? 8000 : port}",
        port: port.empty? ? 8000 : port
      )
    end

    def self.present?(value)
      !value.nil? && !value.to_s.strip.empty?
    end

    # The webhook secret is kept as given, not stripped: white space around it is named when a
    # delivery is verified (the secret the gateway signs with has none).
    def initialize(base_url:, pay_id:, salt:, key_salt:, webhook_secret: nil, app_url: 'http://localhost:8000', port: 8000)
      @base_url = absolute_url(base_url, 'PAYSTRA_BASE_URL')
      @pay_id = pay_id.to_s.strip
      @salt = salt.to_s.strip
      @key_salt = key_salt.to_s.strip
      @webhook_secret = webhook_secret.to_s
      @app_url = absolute_url(app_url, 'APP_URL')
      @port = Integer(port.to_s, 10)
      freeze
    rescue ArgumentError
      raise Error, "PORT must be a number, not #{port.inspect}"
    end

    # The AES key of ENCDATA (merchant-hosted requests and every response).
    def merchant_hosted_key
      Cipher.merchant_hosted_key(key_salt, pay_id)
    end

    # Where the gateway sends the customer back: APP_URL + /response.
    def return_url
      "#{app_url}/response"
    end

    # Where the examples listen for the gateway's signed events: APP_URL + /webhook.
    def webhook_url
      "#{app_url}/webhook"
    end

    # The NOTIFY_URL the examples' requests carry: webhook_url once PAYSTRA_WEBHOOK_SECRET is set,
    # nil (no NOTIFY_URL at all) without it, as every delivery would then be refused and the gateway
    # would retry each one for about 32 hours.
    def notify_url
      webhook_secret.empty? ? nil : webhook_url
    end

    # The salts and the webhook secret stay out of logs and error pages.
    def inspect
      "#<Paystra::Config base_url=#{base_url} pay_id=#{pay_id} app_url=#{app_url} port=#{port}>"
    end

    private

    def absolute_url(value, name)
      url = value.to_s.strip.sub(%r{/+\z}, '')
      uri = URI.parse(url)
      raise Error, "#{name} must be an http(s) URL, not #{value.inspect}" unless uri.is_a?(URI::HTTP) && uri.host

      url
    rescue URI::InvalidURIError
      raise Error, "#{name} must be an http(s) URL, not #{value.inspect}"
    end
  end
end
