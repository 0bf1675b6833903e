# frozen_string_literal: true

# The Paystra Ruby server kit: a small store checkout on WEBrick and the Paystra core.
# Run from the kit root: `ruby server/app.rb` (reads paystra.env, then the environment).

# core/lib: the library a merchant installs; example/lib: the examples' web layer on top of it.
$LOAD_PATH.unshift(File.expand_path('../core/lib', __dir__), File.expand_path('../example/lib', __dir__))
require 'paystra'
require 'paystra/example'
require_relative 'pages'

begin
  require 'webrick'
rescue LoadError
  abort 'WEBrick is not installed. Ruby 3.0 and later ship without it: run `gem install webrick`.'
end

module PaystraServerKit
  # The store's server: routes each request to its handler and turns refusals into error
  # answers; the pages are in pages.rb. Each request is answered from `call`, so the app can be
  # mounted on any WEBrick server.
  class App
    include Paystra::Example::Exchange # params, respond, send_json, html, BadInput
    include Pages # the store's pages, built with Paystra::Example

    EMAIL = /\A[^@\s]+@[^@\s]+\.[^@\s]+\z/.freeze
    MOBILE = /\A\d{10}\z/.freeze

    def initialize(config, client: Paystra::Client.new(config), orders: Paystra::Example::Orders.for_example('server'))
      @config = config
      @client = client
      @orders = orders # data/server-orders.json: shared by the return, the status enquiry and webhooks
    end

    def call(req, res)
      res['Cache-Control'] = 'no-store'
      res['X-Content-Type-Options'] = 'nosniff'
      res['Referrer-Policy'] = 'same-origin'
      route(req, res)
    rescue BadInput => e
      error(req, res, e.status, e.message)
    rescue Paystra::InvalidRequest, Paystra::ProtocolError => e
      error(req, res, 400, e.message)
    rescue StandardError => e
      warn "paystra server kit: #{e.class}: #{e.message}\n  #{e.backtrace&.first(5)&.join("\n  ")}"
      error(req, res, 500, 'Something went wrong on our side. Please try again.')
    end

    private

    attr_reader :config, :client, :orders

    def route(req, res)
      case [req.request_method, req.path]
      in ['GET' | 'HEAD', '/'] then home(res)
      in ['POST', '/pay'] then pay(req, res)
      in ['POST', '/response'] then response(req, res)
      in ['GET' | 'HEAD', '/status'] then status(req, res)
      in ['POST', '/payout'] then payout(req, res)
      in ['GET' | 'HEAD', '/payout/status'] then payout_status(req, res)
      in ['POST', '/webhook'] then webhook(req, res)
      in ['GET' | 'HEAD', %r{\A/orders/.}] then order(req, res)
      in ['POST', '/disputes/accept'] then accept_dispute(req, res)
      in ['POST', '/disputes/contest'] then contest_dispute(req, res)
      in ['GET' | 'HEAD', %r{\A/settlements/.}] then settlement(req, res)
      in [_, '/' | '/pay' | '/response' | '/status' | '/payout' | '/payout/status' | '/webhook' | '/disputes/accept' | '/disputes/contest' |
          %r{\A/(orders|settlements)/.}]
        raise BadInput.new("#{req.request_method} is not allowed here.", 405)
      else
        raise BadInput.new('There is no page at this address.', 404)
      end
    end

    # ---- GET /: the store ----

    def home(res, values: {}, message: nil, status: 200)
      html(res, status, home_page(config, orders.recent(10), values: values, message: message))
    end

    # ---- POST /pay: the signed form that takes the customer to the gateway ----

    def pay(req, res)
      # paystra:region payment-request
      input = params(req)
      order = checked_order(input) # AMOUNT in paise, CUST_NAME, CUST_EMAIL, CUST_MOBILE
      # Adds PAY_ID, ORDER_ID, CURRENCY_CODE 356, TXNTYPE SALE and RETURN_URL, and signs them (HASH).
      # NOTIFY_URL (APP_URL/webhook) asks the gateway to POST the outcome there too, signed; it is nil,
      # and left out, while PAYSTRA_WEBHOOK_SECRET is unset (the app could not verify the events).
      request = client.payment_request(order.merge('NOTIFY_URL' => config.notify_url))
      orders.create(request[:fields]['ORDER_ID'], order['AMOUNT'])
      # One form of hidden inputs that the customer's browser posts to "<gateway>/paymentrequest".
      html(res, 200, gateway_form_page(action: request[:action], fields: request[:fields], amount: order['AMOUNT']))
      # paystra:endregion
    rescue BadInput, Paystra::InvalidRequest => e
      raise if wants_json?(req)

      home(res, values: input || {}, message: e.message, status: 400)
    end

    def checked_order(input)
      order = input.slice('AMOUNT', 'CUST_NAME', 'CUST_EMAIL', 'CUST_MOBILE').transform_values(&:strip)
      order['CUST_MOBILE'] = order['CUST_MOBILE']&.delete(' ')
      unless order['AMOUNT'].to_s.match?(Paystra::Client::AMOUNT)
        raise BadInput, 'Enter the amount in paise: digits only, no leading zero (100 paise = ₹1.00).'
      end
      raise BadInput, 'The name can be at most 100 characters.' if order['CUST_NAME'].to_s.length > 100
      if present?(order['CUST_EMAIL']) && !order['CUST_EMAIL'].match?(EMAIL)
        raise BadInput, 'Enter an email address like name@example.in.'
      end
      if present?(order['CUST_MOBILE']) && !order['CUST_MOBILE'].match?(MOBILE)
        raise BadInput, 'Enter a 10-digit mobile number.'
      end

      order
    end

    # ---- POST /response: the gateway's answer, verified before anything is believed ----

    def response(req, res)
      # paystra:region response
      posted = params(req) # PAY_ID and ENCDATA, as the gateway's form posted them
      begin
        # Checks PAY_ID, decrypts ENCDATA with the merchant key and verifies its HASH.
        fields = client.verify_response(posted)
      rescue Paystra::VerificationError => e
        warn "paystra server kit: refused a response: #{e.message}"
        return respond(req, res, 400, { verified: false, error: e.message }) { unverified_page(e.message) }
      end
      # Verified: RESPONSE_CODE 000 with STATUS Captured is a paid order (forward only: a webhook
      # may have told us first).
      orders.advance(fields['ORDER_ID'], fields, 'return')
      respond(req, res, 200, { verified: true, fields: fields }) { result_page(fields) }
      # paystra:endregion
    end

    # ---- GET /status?order_id=...: the status enquiry ----

    def status(req, res)
      query = params(req)
      order_id = (query['order_id'] || query['ORDER_ID']).to_s.strip
      raise BadInput, 'Enter an order id: 1 to 50 letters, digits or : / @ _ -' unless order_id.match?(Paystra::Client::ORDER_ID)

      answer = gateway_call(req, res) { client.status(order_id) }
      return unless answer

      orders.advance(order_id, answer, 'status')
      respond(req, res, 200, { verified: true, fields: answer }, json_default: true) do
        answer_page("Order #{order_id}", answer, 'Status enquiry')
      end
    end

    # ---- POST /webhook, GET /orders/<ORDER_ID> and GET /settlements/<SETTLEMENT_ID> ----

    # paystra:region webhook
    # The gateway's signed event: verified over the raw bytes (before anything parses them), then
    # applied to the order once and forward only (settlement.processed is recorded under
    # `settlements` and changes no order). 400 with the reason when refused (the gateway
    # retries); 200 for everything verified, also an event seen before.
    def webhook(req, res)
      status, body = orders.receive_webhook(client, req.body.to_s, req['X-Paystra-Signature'])
      warn "paystra server kit: refused a webhook: #{body['reason']}" if status == 400
      send_json(res, status, body)
    end
    # paystra:endregion

    # The order as JSON (with "dispute": null or the dispute), or its page for a browser.
    def order(req, res)
      status, body = orders.show(req.path.delete_prefix('/orders/'))
      respond(req, res, status, body, json_default: true) do
        status == 200 ? order_page(body) : error_page(404, 'There is no such order in this store.')
      end
    end

    # paystra:region dispute-answer
    # The order page's "Accept dispute": LOST at once; dispute.lost follows as a webhook.
    def accept_dispute(req, res)
      dispute_answered(req, res) { |input| client.accept_dispute(input['DISPUTE_ID'].to_s.strip) }
    end

    # The order page's "Contest dispute": UNDER_REVIEW until the first settlement run after
    # RESPOND_BY decides (a document, sent with Client#contest_dispute's file, can win 13.1).
    def contest_dispute(req, res)
      dispute_answered(req, res) { |input| client.contest_dispute(input['DISPUTE_ID'].to_s.strip, input['EVIDENCE'].to_s) }
    end

    # Verified like every answer. No event announces UNDER_REVIEW, so the order records the answer's
    # STATUS itself; a refusal (349: past RESPOND_BY, 348: answered already) is shown as it is.
    def dispute_answered(req, res)
      input = params(req)
      answer = gateway_call(req, res) { yield input }
      return unless answer

      order = answer['RESPONSE_CODE'] == '000' ? orders.disputed(answer) : nil
      unless order
        return respond(req, res, 200, { verified: true, fields: answer }) { answer_page('Dispute not answered', answer, 'Dispute') }
      end
      return send_json(res, 200, { verified: true, fields: answer }) if wants_json?(req)

      res.status = 303
      res['Location'] = "/orders/#{URI.encode_www_form_component(order['order_id'])}"
    end
    # paystra:endregion

    # The settlement as recorded from its settlement.processed event: SETTLEMENT_ID, UTR,
    # SETTLEMENT_DATE, NET_AMOUNT and STATUS, or 404.
    def settlement(req, res)
      send_json(res, *orders.show_settlement(req.path.delete_prefix('/settlements/')))
    end

    # ---- POST /payout and GET /payout/status?payout_id=... ----

    def payout(req, res)
      request = params(req).slice('PAYOUT_ID', 'AMOUNT', 'TRANSFER_MODE', 'BENEFICIARY_NAME', 'BENEFICIARY_ACCOUNT',
                                  'BENEFICIARY_IFSC', 'BENEFICIARY_VPA', 'REMARKS')
      answer = gateway_call(req, res) { client.payout(request.merge('NOTIFY_URL' => config.notify_url)) }
      return unless answer

      respond(req, res, 200, { verified: true, fields: answer }, json_default: true) do
        answer_page("Payout #{answer['PAYOUT_ID']}", answer, 'Payout')
      end
    end

    def payout_status(req, res)
      query = params(req)
      payout_id = (query['payout_id'] || query['PAYOUT_ID']).to_s.strip
      answer = gateway_call(req, res) { client.payout_status(payout_id) }
      return unless answer

      respond(req, res, 200, { verified: true, fields: answer }, json_default: true) do
        answer_page("Payout #{payout_id}", answer, 'Payout status')
      end
    end

    # A signed JSON call; refusals of this app (400) and of the gateway (502) are answered here.
    def gateway_call(req, res)
      yield
    rescue Paystra::InvalidRequest => e
      raise BadInput, e.message
    rescue Paystra::GatewayError => e
      body = { verified: false, error: e.message }
      body[:code] = e.code if e.code
      respond(req, res, 502, body, json_default: true) { answer_error_page(e.message) }
      nil
    rescue Paystra::VerificationError => e
      respond(req, res, 502, { verified: false, error: e.message }, json_default: true) { answer_error_page(e.message) }
      nil
    end

    # ---- errors ----

    def error(req, res, status, message)
      json_first = req.path.start_with?('/status', '/payout', '/webhook', '/orders/', '/settlements/', '/disputes/')
      respond(req, res, status, { error: message }, json_default: json_first) do
        error_page(status, message)
      end
    end

    def present?(value)
      !value.nil? && !value.to_s.strip.empty?
    end
  end

  # Hands every request, whatever its method, to the app (WEBrick's own servlets answer only
  # the methods they define).
  class Servlet < WEBrick::HTTPServlet::AbstractServlet
    def initialize(server, app)
      super(server)
      @app = app
    end

    def service(req, res)
      @app.call(req, res)
    end
  end

  def self.start(kit_root = File.expand_path('..', __dir__))
    config = Paystra::Config.load(kit_root)
    orders = Paystra::Example::Orders.for_example('server', root: kit_root)
    app = App.new(config, orders: orders)
    server = WEBrick::HTTPServer.new(
      BindAddress: '127.0.0.1',
      Port: config.port,
      Logger: WEBrick::Log.new($stderr, WEBrick::Log::WARN),
      AccessLog: [],
      DoNotReverseLookup: true
    )
    server.mount('/', Servlet, app)
    %w[INT TERM].each { |signal| trap(signal) { server.shutdown } }
    puts "Paystra Ruby server kit on http://127.0.0.1:#{config.port} (open #{config.app_url}); gateway #{config.base_url}"
    puts "Webhooks: POST #{config.webhook_url}, orders in #{orders.path}"
    if config.webhook_secret.empty?
      warn 'PAYSTRA_WEBHOOK_SECRET is not set: webhooks are off (requests carry no NOTIFY_URL and /webhook refuses ' \
           'every event) until it is set.'
    end
    $stdout.flush
    server.start
  end
end

if $PROGRAM_NAME == __FILE__
  begin
    PaystraServerKit.start
  rescue Paystra::Error => e
    abort "paystra server kit: #{e.message}"
  end
end
