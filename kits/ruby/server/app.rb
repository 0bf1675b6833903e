# frozen_string_literal: true

# The Paystra Ruby server kit: a small store checkout on WEBrick and the Paystra core.
# Run from the kit root: `ruby server/app.rb` (reads paystra.env, then the environment).

$LOAD_PATH.unshift(File.expand_path('../core/lib', __dir__))
require 'json'
require 'uri'
require 'paystra'

begin
  require 'webrick'
rescue LoadError
  abort 'WEBrick is not installed. Ruby 3.0 and later ship without it: run `gem install webrick`.'
end

module PaystraServerKit
  # The store's pages and endpoints. Each request is answered from `call`, so the app can be
  # mounted on any WEBrick server.
  class App
    include Paystra::Web

    EMAIL = /\A[^@\s]+@[^@\s]+\.[^@\s]+\z/.freeze
    MOBILE = /\A\d{10}\z/.freeze
    JSON_TYPE = 'application/json; charset=utf-8'
    HTML_TYPE = 'text/html; charset=utf-8'

    # The browser made a request the app cannot take (answered with `status` and `message`).
    class BadInput < StandardError
      attr_reader :status

      def initialize(message, status = 400)
        super(message)
        @status = status
      end
    end

    def initialize(config, client: Paystra::Client.new(config), orders: Paystra::Web::Orders.for_example('server'))
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
      in [_, '/' | '/pay' | '/response' | '/status' | '/payout' | '/payout/status' | '/webhook' | %r{\A/orders/.}]
        raise BadInput.new("#{req.request_method} is not allowed here.", 405)
      else
        raise BadInput.new('There is no page at this address.', 404)
      end
    end

    # ---- the store ----

    def home(res, values: {}, message: nil, status: 200)
      html(res, status, page(title: 'Ruby server kit', body: <<~HTML))
        <h1>Paystra Ruby server kit</h1>
        <p class="lead">A store checkout in plain Ruby: it signs a payment request, hands the customer to
        Paystra's hosted payment page, verifies the encrypted response that comes back, asks the gateway
        for an order's status and sends payouts.</p>
        #{message ? notice(message) : ''}
        <p class="hint">Gateway <code>#{escape(config.base_url)}</code> · PAY_ID <code>#{escape(config.pay_id)}</code>
        · responses return to <code>#{escape(config.return_url)}</code></p>
        #{webhook_note(config)}
        <div class="grid two">
        <div class="stack">#{pay_form(values)}#{status_form}</div>
        <div class="stack">#{how_it_works}#{test_data}</div>
        </div>
        #{recent_orders}
        <div class="grid two">
        #{payout_form}
        #{payout_notes}
        </div>
      HTML
    end

    def pay_form(values)
      amount_hint = '100 paise = ₹1.00; 150000 paise = ₹1,500.00'
      <<~HTML
        <section class="card" aria-labelledby="pay-title">
        <h2 id="pay-title">Take a payment</h2>
        <form method="post" action="/pay">
        #{input('AMOUNT', 'Amount in paise', value: values['AMOUNT'] || '100', required: true, hint: amount_hint,
                                             attributes: { inputmode: 'numeric', pattern: '[1-9][0-9]{0,9}' })}
        #{input('CUST_NAME', 'Customer name', value: values['CUST_NAME'] || 'Asha Rao',
                                              attributes: { maxlength: 100, autocomplete: 'name' })}
        #{input('CUST_EMAIL', 'Email', type: 'email', value: values['CUST_EMAIL'] || 'asha.rao@example.in',
                                       attributes: { autocomplete: 'email' })}
        #{input('CUST_MOBILE', 'Mobile', type: 'tel', value: values['CUST_MOBILE'] || '9876543210', hint: '10 digits',
                                         attributes: { inputmode: 'numeric', autocomplete: 'tel' })}
        <button type="submit">Pay with Paystra</button>
        </form>
        </section>
      HTML
    end

    def how_it_works
      <<~HTML
        <section class="card" aria-labelledby="how-title">
        <h2 id="how-title">How it works</h2>
        <ol class="steps">
        <li><code>POST /pay</code> checks the amount and the customer's details; the core adds PAY_ID, ORDER_ID,
        CURRENCY_CODE 356, TXNTYPE SALE and RETURN_URL, and signs them with a HASH: SHA-256 of the sorted fields
        and your salt.</li>
        <li>The customer's browser posts that form to the gateway and pays on Paystra's hosted page.</li>
        <li>The gateway posts PAY_ID and ENCDATA back to <code>/response</code>. The kit decrypts ENCDATA with your
        merchant key, checks the HASH and only then shows the outcome.</li>
        <li>Before you ship an order, <code>/status</code> asks the gateway directly with a signed JSON enquiry.</li>
        </ol>
        </section>
      HTML
    end

    def test_data
      <<~HTML
        <section class="card" aria-labelledby="test-title">
        <h2 id="test-title">Sandbox test data</h2>
        <ul class="steps">
        <li>Card <code>4111 1111 1111 1111</code>: paid (000)</li>
        <li>Card <code>4000 0000 0000 0002</code>: declined (004)</li>
        <li>Card <code>4000 0000 0000 9995</code>: insufficient funds (020)</li>
        <li>Any future expiry, any 3-digit CVV, any name</li>
        <li>UPI <code>success@upi</code> (000), <code>failure@upi</code> (004), <code>pending@upi</code> (026)</li>
        <li>Net banking and wallets: the sandbox bank page's <strong>Success</strong> or <strong>Failure</strong></li>
        <li>Cancelling on the payment page: 010</li>
        </ul>
        </section>
      HTML
    end

    def status_form
      <<~HTML
        <section class="card" aria-labelledby="status-title">
        <h2 id="status-title">Check an order's status</h2>
        <p class="hint">A signed server-to-server enquiry: the gateway's answer is verified before it is shown.</p>
        <form method="get" action="/status">
        #{input('order_id', 'Order id', required: true, hint: 'For example RB1763712000123',
                                        attributes: { maxlength: 50, pattern: '[A-Za-z0-9:/@_-]{1,50}' })}
        <button type="submit">Check status</button>
        </form>
        </section>
      HTML
    end

    def payout_form
      modes = [%w[IMPS IMPS], %w[NEFT NEFT], %w[RTGS RTGS], %w[UPI UPI]]
      <<~HTML
        <section class="card" aria-labelledby="payout-title">
        <h2 id="payout-title">Send a payout</h2>
        <form method="post" action="/payout">
        #{input('AMOUNT', 'Amount in paise', id: 'PAYOUT_AMOUNT', value: '100000', required: true,
                                             hint: '100000 paise = ₹1,000.00', attributes: { inputmode: 'numeric' })}
        #{select('TRANSFER_MODE', 'Transfer mode', modes, selected: 'IMPS')}
        #{input('BENEFICIARY_NAME', 'Beneficiary name', value: 'Ravi Kumar', required: true)}
        #{input('BENEFICIARY_ACCOUNT', 'Account number', value: '123456789012', hint: 'NEFT, RTGS and IMPS')}
        #{input('BENEFICIARY_IFSC', 'IFSC', value: 'HDFC0001234', hint: 'NEFT, RTGS and IMPS')}
        #{input('BENEFICIARY_VPA', 'UPI ID', value: 'success@upi', hint: 'UPI only')}
        <button type="submit">Send payout</button>
        </form>
        </section>
      HTML
    end

    def payout_notes
      <<~HTML
        <section class="card" aria-labelledby="payout-notes-title">
        <h2 id="payout-notes-title">About payouts</h2>
        <p>A payout moves money from your Paystra balance to a bank account (NEFT, RTGS, IMPS: account number and
        IFSC) or to a UPI ID. The answer is signed like every other: STATUS <strong>Processed</strong> with a
        12-digit UTR, <strong>Pending</strong> or <strong>Failed</strong>.</p>
        <table>
        <thead><tr><th scope="col">Mode</th><th scope="col">Limit per payout</th></tr></thead>
        <tbody>
        <tr><td>RTGS</td><td>₹2,00,000.00 or more (20000000 paise)</td></tr>
        <tr><td>IMPS</td><td>up to ₹5,00,000.00 (50000000 paise)</td></tr>
        <tr><td>UPI</td><td>up to ₹1,00,000.00 (10000000 paise)</td></tr>
        <tr><td>NEFT</td><td>no minimum or maximum</td></tr>
        </tbody>
        </table>
        <h3>Test beneficiaries</h3>
        <ul class="steps">
        <li>UPI <code>success@upi</code> (000), <code>failure@upi</code> (004), <code>pending@upi</code> (026)</li>
        <li>Account <code>000000000004</code>: declined by the beneficiary's bank (004)</li>
        <li>Account <code>000000000026</code>: pending (026)</li>
        <li>Any other 9–18 digit account with a valid IFSC such as <code>HDFC0001234</code>: processed (000)</li>
        </ul>
        </section>
      HTML
    end

    def recent_orders
      recent = orders.recent(10)
      return '' if recent.empty?

      rows = recent.map do |order|
        link = "/status?order_id=#{URI.encode_www_form_component(order['order_id'])}"
        "<tr><td><a href=\"#{escape(link)}\">#{escape(order['order_id'])}</a></td>" \
          "<td>#{escape(rupees(order['amount']))}</td><td>#{escape(order['status'])}</td>" \
          "<td>#{escape(order['updated_by'] || '–')}</td></tr>"
      end
      <<~HTML
        <section class="card" style="margin-top:1.25rem" aria-labelledby="orders-title">
        <h2 id="orders-title">Recent orders</h2>
        <table><thead><tr><th scope="col">Order id</th><th scope="col">Amount</th><th scope="col">Status</th>
        <th scope="col">Updated by</th></tr></thead>
        <tbody>#{rows.join}</tbody></table>
        </section>
      HTML
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

    def result_page(fields)
      headline = case status_kind(fields)
                 when :ok then 'Payment successful'
                 when :wait then 'Payment pending'
                 else 'Payment failed'
                 end
      page(title: headline, body: <<~HTML)
        <div class="card">
        <h1>#{escape(headline)}</h1>
        #{notice("#{fields['RESPONSE_CODE']} · #{fields['RESPONSE_MESSAGE']}", status_kind(fields))}
        #{summary_table(fields)}
        <p class="hint" style="margin-top:1rem">The response's HASH was verified with your salt after decrypting ENCDATA
        with your merchant key, so these values come from Paystra unaltered.</p>
        #{status_link(fields['ORDER_ID'])} <a class="button secondary" href="/">Back to the store</a>
        </div>
      HTML
    end

    def unverified_page(message)
      page(title: 'Response not verified', body: <<~HTML)
        <div class="card">
        <h1>We could not verify this response</h1>
        #{notice(message)}
        <p>Nothing in it has been believed: the order is unchanged. Check the order's status with the gateway,
        which answers with a signature of its own.</p>
        <a class="button" href="/">Back to the store</a>
        </div>
      HTML
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

    # ---- POST /webhook and GET /orders/<ORDER_ID> ----

    # paystra:region webhook
    # The gateway's signed event: verified over the raw bytes (before anything parses them), then
    # applied to the order once and forward only. 400 with the reason when refused (the gateway
    # retries); 200 for everything verified, also an event seen before.
    def webhook(req, res)
      status, body = orders.receive_webhook(client, req.body.to_s, req['X-Paystra-Signature'])
      warn "paystra server kit: refused a webhook: #{body['reason']}" if status == 400
      send_json(res, status, body)
    end
    # paystra:endregion

    def order(req, res)
      send_json(res, *orders.show(req.path.delete_prefix('/orders/')))
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

    def answer_page(title, answer, kind)
      page(title: title, body: <<~HTML)
        <div class="card">
        <h1>#{escape(title)}</h1>
        #{notice("#{answer['STATUS']} · #{answer['RESPONSE_CODE']} #{answer['RESPONSE_MESSAGE']}", status_kind(answer))}
        #{fields_table(answer.reject { |key, _| key == 'HASH' }, caption: "#{kind}: the gateway's signed answer (HASH verified)")}
        <p class="hint" style="margin-top:1rem">AMOUNT is in paise: #{escape(answer['AMOUNT'] ? amount_text(answer['AMOUNT']) : '100 paise = ₹1.00')}.</p>
        <a class="button secondary" href="/">Back to the store</a>
        </div>
      HTML
    end

    def answer_error_page(message)
      page(title: 'Gateway error', body: <<~HTML)
        <div class="card">
        <h1>The gateway did not give a signed answer</h1>
        #{notice(message)}
        <a class="button" href="/">Back to the store</a>
        </div>
      HTML
    end

    def status_link(order_id)
      return '' unless order_id

      %(<a class="button" href="/status?order_id=#{escape(URI.encode_www_form_component(order_id))}">Check status</a>)
    end

    # ---- plumbing ----

    def error(req, res, status, message)
      respond(req, res, status, { error: message }, json_default: req.path.start_with?('/status', '/payout', '/webhook', '/orders/')) do
        page(title: 'Error', body: <<~HTML)
          <div class="card">
          <h1>#{status == 404 ? 'Page not found' : 'We could not do that'}</h1>
          #{notice(message)}
          <a class="button" href="/">Back to the store</a>
          </div>
        HTML
      end
    end

    # JSON when the client asks for it (Accept: application/json); the JSON-first endpoints
    # (`json_default`) answer JSON unless a browser asks for HTML.
    def respond(req, res, status, json_body, json_default: false)
      if wants_json?(req) || (json_default && !wants_html?(req))
        send_json(res, status, json_body)
      else
        html(res, status, yield)
      end
    end

    def send_json(res, status, body)
      res.status = status
      res['Content-Type'] = JSON_TYPE
      res.body = JSON.generate(body)
    end

    def html(res, status, body)
      res.status = status
      res['Content-Type'] = HTML_TYPE
      res.body = body
    end

    def wants_json?(req)
      req['Accept'].to_s.include?('application/json')
    end

    def wants_html?(req)
      req['Accept'].to_s.include?('text/html')
    end

    # The query string and the body (urlencoded or JSON) as UTF-8 strings; the first of a
    # repeated name wins.
    def params(req)
      pairs = decode_form(req.query_string.to_s)
      body = req.body.to_s
      if req.content_type.to_s.start_with?('application/json')
        object = parse_json_object(body)
        pairs += object.map { |key, value| [key.to_s, value.is_a?(String) ? value : value.to_s] }
      elsif !body.empty?
        pairs += decode_form(body)
      end
      pairs.each_with_object({}) { |(key, value), out| out[key] = value unless out.key?(key) }
    end

    def decode_form(text)
      return [] if text.empty?

      URI.decode_www_form(text.dup.force_encoding(Encoding::UTF_8)).map do |key, value|
        raise BadInput, 'The form is not valid UTF-8.' unless key.valid_encoding? && value.valid_encoding?

        [key, value]
      end
    rescue ArgumentError
      raise BadInput, 'The form could not be read.'
    end

    def parse_json_object(body)
      object = JSON.parse(body.dup.force_encoding(Encoding::UTF_8))
      raise BadInput, 'Send a JSON object.' unless object.is_a?(Hash)

      object
    rescue JSON::ParserError
      raise BadInput, 'The JSON body could not be read.'
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
    orders = Paystra::Web::Orders.for_example('server', root: kit_root)
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
