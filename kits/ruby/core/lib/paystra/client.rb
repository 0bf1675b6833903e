# frozen_string_literal: true

require 'json'
require 'net/http'
require 'uri'

module Paystra
  # The merchant's side of the gateway: signed payment forms, response verification, the
  # server-to-server JSON calls (status enquiry, refund, QR, payout) and webhook verification.
  # Payments, QR codes, refunds and payouts may carry NOTIFY_URL: where the gateway POSTs a
  # signed event when they reach an outcome (covered by HASH like every field).
  class Client
    CURRENCY_INR = '356'
    AMOUNT = /\A[1-9]\d{0,9}\z/.freeze
    ORDER_ID = %r{\A[A-Za-z0-9:/@_-]{1,50}\z}.freeze
    TRANSFER_MODES = %w[NEFT RTGS IMPS UPI].freeze
    QR_TYPES = %w[UPI PG].freeze

    attr_reader :config

    # `transport` (optional) replaces the HTTP call in tests: ->(url, json_body) { [status, body] }.
    def initialize(config, transport: nil, open_timeout: 10, read_timeout: 30)
      @config = config
      @transport = transport
      @open_timeout = open_timeout
      @read_timeout = read_timeout
    end

    # A unique-enough order id for a demo: the prefix and the current time in milliseconds
    # (never the same twice in one process, even within one millisecond).
    def self.order_id(prefix = 'RB')
      ORDER_ID_LOCK.synchronize do
        now = (Time.now.to_f * 1000).floor
        @last_order_millis = now = [now, (@last_order_millis || 0) + 1].max
        "#{prefix}#{now}"
      end
    end
    ORDER_ID_LOCK = Mutex.new

    # The hosted checkout: the signed fields the customer's browser posts to the gateway.
    # `order` holds AMOUNT (paise) and optionally ORDER_ID, CUST_NAME, CUST_EMAIL, CUST_MOBILE,
    # CUST_ID, RETURN_URL (default APP_URL + /response) and NOTIFY_URL.
    # Returns { action: '<base>/paymentrequest', fields: { ..., 'HASH' => ... } }.
    def payment_request(order)
      { action: "#{config.base_url}/paymentrequest", fields: Paystra::Hash.with_hash(sale_fields(order), config.salt) }
    end

    # Merchant-hosted (seamless): the same request, encrypted into ENCDATA with the method the
    # customer chose on the merchant's page: PAYMENT_TYPE NB|WL|UP, MOP_TYPE (bank or wallet
    # code, UP for UPI) and PAYER_ADDRESS (the customer's UPI ID) for UPI.
    # Returns { action: '<base>/merchantPaymentInit', fields: { 'PAY_ID' => ..., 'ENCDATA' => ... } }.
    def merchant_hosted_request(order, method)
      method = Fields.normalize(method)
      payment_type = method['PAYMENT_TYPE'].to_s
      raise InvalidRequest, 'PAYMENT_TYPE must be NB, WL or UP' unless %w[NB WL UP].include?(payment_type)

      fields = sale_fields(order).merge(
        'PAYMENT_TYPE' => payment_type,
        'MOP_TYPE' => payment_type == 'UP' ? 'UP' : method['MOP_TYPE'].to_s
      )
      fields['PAYER_ADDRESS'] = method['PAYER_ADDRESS'].to_s.strip if payment_type == 'UP'
      {
        action: "#{config.base_url}/merchantPaymentInit",
        fields: {
          'PAY_ID' => config.pay_id,
          'ENCDATA' => Cipher.encrypt(fields, config.salt, config.merchant_hosted_key)
        }
      }
    end

    # The gateway's response posted to RETURN_URL (PAY_ID + ENCDATA): decrypted, checked for
    # this merchant and its HASH verified. Returns the fields (HASH included); raises
    # VerificationError when any of that fails.
    def verify_response(posted)
      posted = Fields.normalize(posted)
      if posted['PAY_ID'].to_s.empty? || posted['ENCDATA'].to_s.empty?
        raise VerificationError, 'the response carries no PAY_ID or ENCDATA'
      end
      raise VerificationError, 'the response names another merchant (PAY_ID)' unless posted['PAY_ID'] == config.pay_id

      begin
        fields = Cipher.decrypt(posted['ENCDATA'], config.merchant_hosted_key)
      rescue ProtocolError => e
        problem = e.message.start_with?('ENCDATA') ? e.message : "ENCDATA holds a #{e.message}"
        raise VerificationError, "the response's #{problem}"
      end
      raise VerificationError, 'the response HASH does not verify' unless Paystra::Hash.verify(fields, config.salt)
      raise VerificationError, 'the encrypted response names another merchant' unless fields['PAY_ID'] == config.pay_id

      fields
    end

    # paystra:region status
    # Status enquiry: what the gateway knows of an order (STATUS, RESPONSE_CODE, TXN_ID, ...).
    # RESPONSE_CODE 000 with STATUS Captured is a paid order; 006 is still open; 328 unknown.
    def status(order_id)
      check_order_id(order_id, 'ORDER_ID')
      post_signed('/pgws/transact', 'ORDER_ID' => order_id, 'TXNTYPE' => 'STATUS')
    end
    # paystra:endregion

    # paystra:region refund
    # Refunds all or part of a captured payment. Partial refunds add up; a refund beyond what
    # is left answers 329. REFUND_ORDER_ID names this refund (generated when nil).
    def refund(order_id, refund_order_id, amount, notify_url: nil)
      refund_order_id ||= Client.order_id('RF')
      check_order_id(order_id, 'ORDER_ID')
      check_order_id(refund_order_id, 'REFUND_ORDER_ID')
      fields = { 'TXNTYPE' => 'REFUND', 'ORDER_ID' => order_id, 'REFUND_ORDER_ID' => refund_order_id,
                 'AMOUNT' => check_amount(amount), 'CURRENCY_CODE' => CURRENCY_INR }
      fields['NOTIFY_URL'] = notify_url.strip if present?(notify_url)
      post_signed('/pgws/transact', fields)
    end
    # paystra:endregion

    # paystra:region qr
    # A UPI or PG QR code for an order: QR_IMAGE_URL (a PNG to show), UPI_INTENT (UPI) or
    # PAYMENT_URL (PG). The order stays Pending (006) until the customer pays.
    def qr(order, qr_type)
      order = Fields.normalize(order)
      raise InvalidRequest, 'QR_TYPE must be UPI or PG' unless QR_TYPES.include?(qr_type.to_s)

      fields = { 'ORDER_ID' => order['ORDER_ID'] || Client.order_id('QR'), 'AMOUNT' => check_amount(order['AMOUNT']),
                 'CURRENCY_CODE' => CURRENCY_INR, 'QR_TYPE' => qr_type.to_s }
      check_order_id(fields['ORDER_ID'], 'ORDER_ID')
      %w[CUST_NAME CUST_EMAIL RETURN_URL NOTIFY_URL].each { |key| fields[key] = order[key].strip if present?(order[key]) }
      post_signed('/pgws/qr', fields)
    end
    # paystra:endregion

    # paystra:region payout
    # Sends money to a bank account (NEFT, RTGS, IMPS: BENEFICIARY_ACCOUNT + BENEFICIARY_IFSC)
    # or a UPI ID (UPI: BENEFICIARY_VPA). STATUS Processed (000, with UTR), Pending or Failed.
    def payout(request)
      request = Fields.normalize(request)
      mode = request['TRANSFER_MODE'].to_s.strip.upcase
      raise InvalidRequest, 'TRANSFER_MODE must be NEFT, RTGS, IMPS or UPI' unless TRANSFER_MODES.include?(mode)

      fields = { 'PAYOUT_ID' => present?(request['PAYOUT_ID']) ? request['PAYOUT_ID'].strip : Client.order_id('PO'),
                 'AMOUNT' => check_amount(request['AMOUNT']), 'CURRENCY_CODE' => CURRENCY_INR,
                 'TRANSFER_MODE' => mode, 'BENEFICIARY_NAME' => request['BENEFICIARY_NAME'].to_s.strip }
      beneficiary = mode == 'UPI' ? %w[BENEFICIARY_VPA] : %w[BENEFICIARY_ACCOUNT BENEFICIARY_IFSC]
      (beneficiary + %w[REMARKS NOTIFY_URL]).each { |key| fields[key] = request[key].strip if present?(request[key]) }
      check_order_id(fields['PAYOUT_ID'], 'PAYOUT_ID')
      post_signed('/pgws/payout', fields)
    end
    # paystra:endregion

    # The stored answer of an earlier payout (328 when the gateway never saw PAYOUT_ID).
    def payout_status(payout_id)
      check_order_id(payout_id, 'PAYOUT_ID')
      post_signed('/pgws/payout/status', 'PAYOUT_ID' => payout_id)
    end

    # A webhook delivery (the raw request body and its X-Paystra-Signature header) checked with
    # PAYSTRA_WEBHOOK_SECRET, and its data HASH with the salt. Returns the event
    # ({ 'id', 'type', 'created', 'data' }); raises WebhookError (#reason) when refused.
    def verify_webhook(raw_body, header)
      Webhook.verify(raw_body, header, config.webhook_secret, salt: config.salt)
    end

    private

    def sale_fields(order)
      order = Fields.normalize(order)
      fields = {
        'PAY_ID' => config.pay_id,
        'ORDER_ID' => present?(order['ORDER_ID']) ? order['ORDER_ID'] : Client.order_id,
        'AMOUNT' => check_amount(order['AMOUNT']),
        'CURRENCY_CODE' => CURRENCY_INR,
        'TXNTYPE' => 'SALE',
        'RETURN_URL' => present?(order['RETURN_URL']) ? order['RETURN_URL'] : config.return_url
      }
      check_order_id(fields['ORDER_ID'], 'ORDER_ID')
      %w[CUST_NAME CUST_EMAIL CUST_MOBILE CUST_ID NOTIFY_URL].each { |key| fields[key] = order[key].strip if present?(order[key]) }
      fields
    end

    # A JSON call: the fields with PAY_ID, signed; the answer's HASH verified before it is used.
    def post_signed(path, fields)
      request = Paystra::Hash.with_hash({ 'PAY_ID' => config.pay_id }.merge(fields), config.salt)
      status, body = send_json("#{config.base_url}#{path}", JSON.generate(request))
      answer = parse_answer(status, body)
      unless answer.key?('HASH')
        refusal = "#{answer['RESPONSE_CODE']} #{answer['RESPONSE_MESSAGE']}".strip
        raise GatewayError.new("the gateway refused the request: #{refusal}", code: answer['RESPONSE_CODE'], fields: answer)
      end
      unless Paystra::Hash.verify(answer, config.salt)
        # The unverified code only helps diagnose: a wrong PAYSTRA_SALT reads "323 Invalid hash".
        said = answer['RESPONSE_CODE'] ? " (unverified, it says #{answer['RESPONSE_CODE']} #{answer['RESPONSE_MESSAGE']})" : ''
        raise VerificationError, "the gateway's answer does not verify with your salt#{said}: check PAYSTRA_SALT"
      end
      raise VerificationError, "the gateway's answer names another merchant" unless answer['PAY_ID'] == config.pay_id

      answer
    end

    def parse_answer(status, body)
      answer = JSON.parse(body.to_s)
      raise JSON::ParserError, 'not an object' unless answer.is_a?(::Hash)

      Fields.normalize(answer)
    rescue JSON::ParserError, ProtocolError
      # No `cause`: the body (often a whole HTML page) says nothing a merchant can act on.
      raise GatewayError.new("the gateway answered HTTP #{status} without a JSON answer"), cause: nil
    end

    def send_json(url, json)
      return @transport.call(url, json) if @transport

      uri = URI.parse(url)
      http = Net::HTTP.new(uri.host, uri.port)
      http.use_ssl = uri.scheme == 'https'
      http.open_timeout = @open_timeout
      http.read_timeout = @read_timeout
      post = Net::HTTP::Post.new(uri.request_uri, 'Content-Type' => 'application/json', 'Accept' => 'application/json')
      post.body = json
      response = http.request(post)
      [response.code.to_i, response.body.to_s.dup.force_encoding(Encoding::UTF_8)]
    rescue SystemCallError, IOError, Timeout::Error, SocketError, OpenSSL::SSL::SSLError => e
      raise GatewayError, "the gateway at #{config.base_url} could not be reached: #{e.message}"
    end

    def check_amount(value)
      amount = value.to_s.strip
      return amount if amount.match?(AMOUNT)

      raise InvalidRequest, 'AMOUNT must be whole paise: digits only, no leading zero (100 = ₹1.00)'
    end

    def check_order_id(value, name)
      return if value.to_s.match?(ORDER_ID)

      raise InvalidRequest, "#{name} must be 1 to 50 letters, digits or : / @ _ -"
    end

    def present?(value)
      !value.nil? && !value.to_s.strip.empty?
    end
  end
end
