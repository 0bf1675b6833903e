# frozen_string_literal: true

require 'date'
require 'json'
require 'time'
require 'net/http'
require 'uri'

module Paystra
  # The merchant's side of the gateway: signed payment forms, response verification, the
  # server-to-server JSON calls (status enquiry, refund, QR, payout, settlements and
  # reconciliation, exchange rates, disputes, the sandbox clock, payment links, virtual accounts
  # and subscriptions) and webhook verification.
  # Payments, QR codes, refunds and payouts may carry NOTIFY_URL: where the gateway POSTs a
  # signed event when they reach an outcome (covered by HASH like every field).
  class Client
    CURRENCY_INR = '356'
    AMOUNT = /\A[1-9]\d{0,9}\z/.freeze
    ORDER_ID = %r{\A[A-Za-z0-9:/@_-]{1,50}\z}.freeze
    TRANSFER_MODES = %w[NEFT RTGS IMPS UPI].freeze
    QR_TYPES = %w[UPI PG].freeze
    DATE = /\A\d{4}-\d{2}-\d{2}\z/.freeze
    DISPUTE_ID = /\Adsp_[0-9a-f]{20}\z/.freeze
    EVIDENCE_CHARACTERS = 5000
    EVIDENCE_FILE_BYTES = 2 * 1024 * 1024
    # The most LINES one page of a settlement holds (PAGE_SIZE's default and maximum).
    SETTLEMENT_PAGE_SIZE = 1000
    MONTH = /\A20\d{2}-(0[1-9]|1[0-2])\z/.freeze
    INVOICE_FORMATS = %w[JSON PDF].freeze
    ADVANCE_BY = /\A[1-9]\d{0,4}[hd]\z/.freeze
    PAYLINK_ID = /\Aplink_[A-Za-z0-9]{14}\z/.freeze
    VA_ID = /\Ava_[A-Za-z0-9]{14}\z/.freeze
    # The transfer modes a virtual account takes a credit by.
    CREDIT_MODES = %w[NEFT RTGS IMPS UPI].freeze
    # The longest DESCRIPTION a payment link takes.
    DESCRIPTION_CHARACTERS = 255
    PAYLINK_FIELDS = %w[AMOUNT CURRENCY_CODE DESCRIPTION CUST_NAME CUST_EMAIL CUST_PHONE EXPIRE_BY REFERENCE_ID
                        NOTIFY_URL VALIDATE_BENEFICIARY].freeze
    SUBSCRIPTION_ID = /\Asub_[A-Za-z0-9]{14}\z/.freeze
    # How a subscription's mandate is taken: UPI AutoPay, a card standing instruction, e-NACH.
    SUBSCRIPTION_METHODS = %w[UPI CARD EMANDATE].freeze
    # How often a subscription is debited; AS_PRESENTED: whenever the merchant presents a charge.
    SUBSCRIPTION_FREQUENCIES = %w[WEEKLY MONTHLY QUARTERLY YEARLY AS_PRESENTED].freeze
    # The categories whose debits need the customer's approval only above ₹1,00,000.
    SUBSCRIPTION_CATEGORIES = %w[MUTUAL_FUND INSURANCE CREDIT_CARD_BILL].freeze
    # The customer's answers the sandbox stands in for (#act_as_customer).
    CUSTOMER_ACTIONS = %w[SKIP APPROVE PAUSE RESUME REVOKE].freeze
    # The largest single debit a method takes, in paise (380 above): ₹1,00,000, ₹1,00,000, ₹1 crore.
    LARGEST_DEBITS = { 'UPI' => 10_000_000, 'CARD' => 10_000_000, 'EMANDATE' => 1_000_000_000 }.freeze
    SUBSCRIPTION_FIELDS = %w[SUBSCRIPTION_REF METHOD AMOUNT MAX_AMOUNT FREQUENCY START_DATE END_DATE CATEGORY
                             DESCRIPTION CUST_NAME CUST_EMAIL CUST_PHONE RETURN_URL NOTIFY_URL].freeze
    NETWORK_ERRORS = [SystemCallError, IOError, Timeout::Error, SocketError, OpenSSL::SSL::SSLError].freeze
    # The longest sandbox account name.
    ACCOUNT_NAME_LENGTH = 60
    ACCOUNT_NAME = %r{\A[\p{L}\p{M}\p{N} .,&'()\-/]+\z}.freeze
    # White space as the sandbox trims and joins it (JavaScript's \s), which Ruby's \s is not.
    ACCOUNT_NAME_SPACE = /[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+/.freeze

    attr_reader :config

    # `transport` (optional) replaces the HTTP call in tests: ->(url, json_body) { [status, body] }.
    def initialize(config, transport: nil, open_timeout: 10, read_timeout: 30)
      @config = config
      @transport = transport
      @open_timeout = open_timeout
      @read_timeout = read_timeout
    end

    # paystra:region sandbox-account
    # Makes a sandbox account (POST `base_url`/accounts): a merchant of your own, made without keys.
    # `base_url` is the sandbox's, e.g. http://localhost:3000/sandbox (PAYSTRA_BASE_URL); without a
    # name the sandbox calls the account "Test store". Returns the account's fields: STATUS
    # Created, PAY_ID, SALT, KEY_SALT, MERCHANT_HOSTED_KEY, WEBHOOK_SECRET, NAME, PAYSTRA_BASE_URL,
    # CONSOLE_URL, PAYSTRA_ENV_URL, PAYSTRA_ENV (its paystra.env's text: Config.write_env_file
    # saves it) and IDLE_DAYS. Raises InvalidRequest for a name the sandbox would refuse, before
    # sending; GatewayError for a refusal (`code` 360 the name, 344 too many accounts from this
    # address this hour, 361 the sandbox is full; `http_status`), an answer that is not JSON, or
    # none. `transport` replaces the HTTP call in tests, as Client.new's.
    def self.create_sandbox_account(base_url, name: nil, transport: nil, open_timeout: 10, read_timeout: 30)
      raise Error, 'base_url must be the sandbox\'s http(s) URL, e.g. http://localhost:3000/sandbox' unless
        base_url.is_a?(String) && base_url.match?(%r{\Ahttps?://[^\s/]+}i)

      tidy = account_name(name)
      url = "#{base_url.sub(%r{/+\z}, '')}/accounts"
      json = tidy.empty? ? '{}' : JSON.generate('NAME' => tidy)
      status, body = begin
        transport ? transport.call(url, json) : http_post(url, json, open_timeout, read_timeout)
      rescue *NETWORK_ERRORS => e
        raise GatewayError, "the sandbox at #{url} could not be reached: #{e.message}"
      end
      answer = begin
        JSON.parse(body.to_s)
      rescue JSON::ParserError
        nil
      end
      unless answer.is_a?(::Hash)
        raise GatewayError.new("the sandbox answered HTTP #{status} without JSON: is #{url} a Paystra sandbox that makes accounts?",
                               http_status: status)
      end

      fields = answer.select { |_, value| value.is_a?(String) }
      made = status == 201 && fields['STATUS'] == 'Created' &&
             %w[PAY_ID SALT KEY_SALT PAYSTRA_ENV].all? { |key| !fields[key].to_s.empty? }
      return fields if made

      raise GatewayError.new(fields['RESPONSE_MESSAGE'] || "the sandbox answered HTTP #{status} without an account",
                             code: fields['RESPONSE_CODE'], fields: fields, http_status: status)
    end
    # paystra:endregion

    # A sandbox account's name as the sandbox stores it (trimmed, each run of white space one
    # space), or '' for none. Raises InvalidRequest for one it refuses (360): more than 60
    # characters, a control character, or anything but letters, digits, spaces and . , & ' ( ) - /.
    def self.account_name(name)
      return '' if name.nil?

      refused = "the account name must be up to #{ACCOUNT_NAME_LENGTH} letters, digits, spaces and . , & ' ( ) - / characters"
      text = name.is_a?(String) ? name.dup.force_encoding(Encoding::UTF_8) : nil
      raise InvalidRequest, refused unless text&.valid_encoding?

      tidy = text.gsub(ACCOUNT_NAME_SPACE, ' ').delete_prefix(' ').delete_suffix(' ')
      return tidy if tidy.empty?

      # The sandbox counts UTF-16 code units: a character beyond U+FFFF is two.
      length = tidy.each_char.sum { |char| char.ord > 0xFFFF ? 2 : 1 }
      return tidy if length <= ACCOUNT_NAME_LENGTH && !text.match?(/[\x00-\x1f\x7f]/) && tidy.match?(ACCOUNT_NAME)

      raise InvalidRequest, refused
    end

    # POSTs JSON over HTTP(S): [HTTP status, body]. The caller names a failure (NETWORK_ERRORS).
    def self.http_post(url, json, open_timeout, read_timeout, accept = 'application/json')
      uri = URI.parse(url)
      http = Net::HTTP.new(uri.host, uri.port)
      http.use_ssl = uri.scheme == 'https'
      http.open_timeout = open_timeout
      http.read_timeout = read_timeout
      post = Net::HTTP::Post.new(uri.request_uri, 'Content-Type' => 'application/json', 'Accept' => accept)
      post.body = json
      response = http.request(post)
      [response.code.to_i, response.body.to_s.dup.force_encoding(Encoding::UTF_8)]
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
    # `order` holds AMOUNT (paise, or a foreign CURRENCY_CODE's minor units) and optionally ORDER_ID,
    # CURRENCY_CODE (356 when absent), CUST_NAME, CUST_EMAIL, CUST_MOBILE,
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
    # AMOUNT is in the payment's minor units: a foreign payment's refund repeats its currency_code.
    def refund(order_id, refund_order_id, amount, notify_url: nil, currency_code: CURRENCY_INR)
      refund_order_id ||= Client.order_id('RF')
      check_order_id(order_id, 'ORDER_ID')
      check_order_id(refund_order_id, 'REFUND_ORDER_ID')
      fields = { 'TXNTYPE' => 'REFUND', 'ORDER_ID' => order_id, 'REFUND_ORDER_ID' => refund_order_id,
                 'AMOUNT' => check_amount(amount), 'CURRENCY_CODE' => currency_code.to_s }
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

    # paystra:region settlements
    # The settlements dated `from` to `to` (Date or YYYY-MM-DD, inclusive, at most 92 days),
    # without their lines. On RESPONSE_CODE 000, SETTLEMENTS is an array of settlements:
    # SETTLEMENT_ID, UTR (empty when CARRIED_FORWARD), SETTLEMENT_DATE, CYCLE_FROM, CYCLE_TO,
    # PAYMENTS_COUNT, REFUNDS_COUNT, GROSS_AMOUNT, REFUNDS_AMOUNT, FEES_AMOUNT, GST_AMOUNT,
    # ADJUSTMENTS_AMOUNT, NET_AMOUNT (paise, signed), BANK_ACCOUNT and STATUS (PROCESSED or
    # CARRIED_FORWARD). A refusal (339 dates, 340 range) is the signed answer, without SETTLEMENTS.
    def settlements(from, to)
      fields = { 'FROM' => check_date(from, 'FROM'), 'TO' => check_date(to, 'TO') }
      with_lists(post_signed('/pgws/settlements', fields), 'SETTLEMENTS')
    end

    # One settlement, by id or by UTR (`settlement(utr: 'PYSTN26331000123')`): its fields and, on
    # 000, one page of LINES (`page:` from 1, `page_size:` up to 1000; LINES_COUNT and PAGES say
    # how many): PAYMENT, REFUND, DISPUTE_HOLD, DISPUTE_RELEASE, CARRY_FORWARD or FEE lines, each
    # with TYPE, ORDER_ID, TXN_ID, PG_REF_NUM, PAYMENT_TYPE, MOP_TYPE, AMOUNT, FEE, GST, NET, DATE,
    # DESCRIPTION, DISPUTE_ID and SOURCE_SETTLEMENT_ID (and COLLECTION lines, a virtual account's
    # credits). 338: no such settlement of this merchant.
    def settlement(settlement_id: nil, utr: nil, page: nil, page_size: nil)
      fields = settlement_key(settlement_id, utr).merge(page_fields(page, page_size))
      with_lists(post_signed('/pgws/settlement', fields), 'LINES')
    end

    # The same settlement's lines as CSV text (a header row; the settlement id, UTR and date on
    # every row; rupees beside paise; a TOTAL row; CRLF line ends), for an accountant or a
    # spreadsheet. The CSV carries no HASH: book from #settlement, whose
    # answer is signed. A refusal (338, 342, ...) raises GatewayError with its code.
    def settlement_csv(settlement_id: nil, utr: nil)
      url, status, body = send_signed('/pgws/settlement', settlement_key(settlement_id, utr).merge('FORMAT' => 'CSV'))
      if body.lstrip.start_with?('{')
        # Refusals stay JSON (signed, but for 324 and 326), also when CSV was asked for.
        answer = verified_answer(status, body)
        refusal = "#{answer['RESPONSE_CODE']} #{answer['RESPONSE_MESSAGE']}".strip
        raise GatewayError.new("the gateway refused the request: #{refusal}", code: answer['RESPONSE_CODE'], fields: answer)
      end
      return body if status == 200 && body.start_with?('SETTLEMENT_ID,')

      raise GatewayError, "the gateway answered HTTP #{status} without the settlement CSV at #{url}"
    end

    # The gateway's reconciliation of one order: on 000, RECON lists every movement of its money
    # (TYPE PAYMENT, REFUND, DISPUTE_HOLD or DISPUTE_RELEASE), each with TXN_ID, AMOUNT, FEE, GST,
    # NET, DATE, DISPUTE_ID, STATE (SETTLED: paid out; CARRIED_FORWARD: in a settlement that paid
    # nothing yet; UNSETTLED), SETTLEMENT_ID, SETTLEMENT_DATE, SETTLEMENT_STATUS,
    # PAID_BY_SETTLEMENT_ID, UTR and EXPECTED_SETTLEMENT_DATE. An order that was not paid has an
    # empty RECON; 328: the gateway has no such order. Or a virtual account's
    # (`recon(va_id: 'va_...')`): RECON lists its setup fee (TYPE FEE, NET negative) and its credits
    # (TYPE COLLECTION, TXN_ID the CREDIT_ID), each with where it was settled; 376: no such
    # account. One of the two, not both.
    def recon(order_id = nil, va_id: nil)
      raise InvalidRequest, 'give one of order_id or va_id:, not both' unless present?(order_id) ^ present?(va_id)

      return with_lists(post_signed('/pgws/recon', 'VA_ID' => check_va_id(va_id)), 'RECON') if present?(va_id)

      check_order_id(order_id, 'ORDER_ID')
      with_lists(post_signed('/pgws/recon', 'ORDER_ID' => order_id), 'RECON')
    end

    # Sandbox test call: settles, as if the clock read `as_of` (a Time, or ISO 8601 text with an
    # offset such as 2026-11-30T11:00:00+05:30), every payment and refund due by then, and sends
    # a settlement.processed webhook for each settlement made (to `notify_url`, else the
    # merchant's default). SETTLEMENTS: the settlements dated in the 92 days up to `as_of`.
    # Running it again for the same time makes nothing new.
    def run_settlement(as_of, notify_url: nil)
      as_of = as_of.respond_to?(:iso8601) ? as_of.iso8601 : as_of.to_s.strip
      raise InvalidRequest, 'AS_OF must be an ISO 8601 date-time with an offset (2026-11-30T11:00:00+05:30)' if as_of.empty?

      fields = { 'AS_OF' => as_of }
      fields['NOTIFY_URL'] = notify_url.strip if present?(notify_url)
      with_lists(post_signed('/pgws/settlement/run', fields), 'SETTLEMENTS')
    end
    # paystra:endregion

    # One settlement with every page of its LINES (what Reconciliation.reconcile needs): the first
    # page's fields, then each further page's lines. A refusal of the first page is returned as it
    # is; of a later one, raises GatewayError.
    def settlement_with_all_lines(settlement_id: nil, utr: nil)
      key = { settlement_id: settlement_id, utr: utr }
      first = settlement(**key, page_size: SETTLEMENT_PAGE_SIZE)
      return first unless first['RESPONSE_CODE'] == '000'

      lines = first['LINES'].dup
      (2..count(first, 'PAGES', 1)).each do |page|
        answer = settlement(**key, page: page, page_size: SETTLEMENT_PAGE_SIZE)
        unless answer['RESPONSE_CODE'] == '000'
          raise GatewayError.new("page #{page} of the settlement was refused: #{answer['RESPONSE_MESSAGE']}",
                                 code: answer['RESPONSE_CODE'], fields: answer)
        end
        lines.concat(answer['LINES'])
      end
      unless lines.size == count(first, 'LINES_COUNT', lines.size)
        raise GatewayError, "the settlement's pages hold #{lines.size} lines, not its LINES_COUNT"
      end

      first.merge('LINES' => lines)
    end

    # The GST invoice of a month's fees (`month`: YYYY-MM, or a Date in it): its verified fields,
    # LINES parsed (a line per kind of fee: DESCRIPTION, SAC, TAXABLE_AMOUNT, CGST_AMOUNT,
    # SGST_AMOUNT, IGST_AMOUNT, GST_AMOUNT, TOTAL_AMOUNT...), or with `format: 'PDF'` the PDF's
    # bytes (a binary String). A refusal (355 a bad MONTH, 356 a
    # bad FORMAT) is the signed answer for JSON, and raises GatewayError for PDF.
    def gst_invoice(month, format: 'JSON')
      month = month.respond_to?(:strftime) ? month.strftime('%Y-%m') : month.to_s
      raise InvalidRequest, 'MONTH must be a month as YYYY-MM (2000-01 to 2099-12)' unless month.match?(MONTH)
      raise InvalidRequest, 'FORMAT must be JSON or PDF' unless INVOICE_FORMATS.include?(format)
      return with_lists(post_signed('/pgws/gst-invoice', 'MONTH' => month), 'LINES') if format == 'JSON'

      url, status, body = send_signed('/pgws/gst-invoice', { 'MONTH' => month, 'FORMAT' => 'PDF' },
                                      accept: 'application/pdf, application/json')
      return body.b if status == 200 && body.b.start_with?('%PDF-')

      if body.lstrip.start_with?('{')
        answer = verified_answer(status, body)
        refusal = "#{answer['RESPONSE_CODE']} #{answer['RESPONSE_MESSAGE']}".strip
        raise GatewayError.new("the gateway refused the request: #{refusal}", code: answer['RESPONSE_CODE'], fields: answer)
      end
      raise GatewayError, "the gateway answered HTTP #{status} without the invoice PDF at #{url}"
    end

    # paystra:region fx
    # The rates the gateway converts foreign card payments at, dated RATES_DATE. On 000, RATES
    # maps CURRENCY_CODE to rupees per unit ({ '840' => '84.2150', ... }) and CURRENCIES lists
    # every currency it takes (CURRENCY_CODE, CODE, NAME, MINOR_UNITS, FX_RATE), INR first.
    def fx_rates
      answer = with_lists(post_signed('/pgws/fx', {}), 'CURRENCIES')
      return answer unless answer['RESPONSE_CODE'] == '000'

      answer.merge('RATES' => parse_object(answer['RATES'], 'RATES'))
    end
    # paystra:endregion

    # paystra:region clock
    # Sandbox only: the merchant's clock, NOW (ISO 8601 in UTC): real time plus its advances. Every
    # time the gateway writes for the merchant (payments, refunds, webhooks' created, settlements,
    # disputes, RESPONSE_DATE_TIME) is read from it.
    def clock
      post_signed('/pgws/clock', {})
    end

    # Sandbox only: moves the merchant's clock forward, `by:` a whole number of hours or days
    # ('36h', '4d') or `to:` a time (a Time, or ISO 8601 text with an offset), at most 400 days a
    # call; exactly one of them. On the way, in time order, pending late payments are confirmed and
    # each working day's settlement runs, each with its webhooks. On 000: FROM, NOW, SETTLEMENTS (the
    # settlements made on the way, as #settlements lists them) and HAPPENED (oldest first: AT in IST,
    # TYPE PAYMENT_CAPTURED or SETTLEMENT, REFERENCE the payment's ORDER_ID or the SETTLEMENT_ID). A
    # refusal (364 not forward or more than 400 days, 341, 353, 359 a TO read as AS_OF is, 362 the
    # demo merchant's clock on a public sandbox, with ACCOUNT_URL) is the signed answer, without them.
    def advance_clock(by: nil, to: nil)
      with_lists(post_signed('/pgws/clock/advance', clock_advance(by, to)), 'SETTLEMENTS', 'HAPPENED')
    end
    # paystra:endregion

    # paystra:region disputes
    # The disputes created `from` to `to` (Date or YYYY-MM-DD, IST, inclusive, at most 92 days),
    # oldest first. On 000, DISPUTES is an array of disputes: DISPUTE_ID, ORDER_ID, TXN_ID,
    # PG_REF_NUM, AMOUNT (the payment's currency), CURRENCY_CODE, INR_AMOUNT, REASON_CODE, REASON,
    # RESPOND_BY, STATUS (OPEN, UNDER_REVIEW, WON, LOST), EVIDENCE_RECEIVED, CREATED_AT,
    # DECIDED_AT and RESOLUTION. A refusal (339, 340) is the signed answer, without DISPUTES.
    def disputes(from, to)
      fields = { 'FROM' => check_date(from, 'FROM'), 'TO' => check_date(to, 'TO') }
      with_lists(post_signed('/pgws/disputes', fields), 'DISPUTES')
    end

    # The disputes of one order (at most one per payment), as #disputes lists them.
    def disputes_for_order(order_id)
      check_order_id(order_id, 'ORDER_ID')
      with_lists(post_signed('/pgws/disputes', 'ORDER_ID' => order_id), 'DISPUTES')
    end
    # paystra:endregion

    # paystra:region dispute-answer
    # Accepts a dispute: it is LOST at once and the amount held stays with the customer.
    def accept_dispute(dispute_id)
      post_signed('/pgws/dispute', 'DISPUTE_ID' => check_dispute_id(dispute_id), 'ACTION' => 'ACCEPT')
    end

    # Contests a dispute with why the payment is valid (1 to 5,000 characters) and, optionally,
    # one PDF, JPEG or PNG document of at most 2 MB (its bytes, sent as Base64, and its name).
    # It is then UNDER_REVIEW until the issuer decides, after RESPOND_BY.
    def contest_dispute(dispute_id, evidence, file = nil, file_name = nil)
      fields = { 'DISPUTE_ID' => check_dispute_id(dispute_id), 'ACTION' => 'CONTEST', 'EVIDENCE' => check_evidence(evidence) }
      raise InvalidRequest, 'send the evidence file with its name, or neither' if file.nil? != file_name.nil?

      unless file.nil?
        raise InvalidRequest, 'the evidence file may be at most 2 MB' if file.bytesize > EVIDENCE_FILE_BYTES

        fields['EVIDENCE_FILE'] = [file].pack('m0')
        fields['EVIDENCE_FILE_NAME'] = file_name.to_s
      end
      post_signed('/pgws/dispute', fields)
    end
    # paystra:endregion

    # paystra:region paylinks
    # A payment link: a page at SHORT_URL where a customer pays AMOUNT once, by any method its
    # currency allows (cards alone for a foreign one). `link`: AMOUNT (minor units of CURRENCY_CODE,
    # 356 rupees by default), DESCRIPTION (1 to 255 characters, no control characters), and
    # optionally CUST_NAME, CUST_EMAIL, CUST_PHONE, EXPIRE_BY (a Time, or ISO 8601 text with an
    # offset: 15 minutes to 366 days after the merchant's clock), REFERENCE_ID (yours, unique, an
    # ORDER_ID's shape), NOTIFY_URL (the paylink.* webhooks), VALIDATE_BENEFICIARY (true or false, Y
    # or N). The answer is the link, STATUS CREATED, with PAYLINK_ID, LINK_FEE and LINK_GST (paise).
    # A refusal is the signed answer: 370 DESCRIPTION, 371 EXPIRE_BY, 374 a REFERENCE_ID used
    # before, 375 the customer's details, 378 VALIDATE_BENEFICIARY, 319 the currency, 320 AMOUNT.
    def create_paylink(link)
      post_signed('/pgws/paylink', paylink_fields(link))
    end

    # Cancels a link nobody has paid: the link, STATUS CANCELLED with CANCELLED_AT
    # (paylink.cancelled is sent). 372 no such link, 373 one already paid, expired or cancelled.
    def cancel_paylink(paylink_id)
      post_signed('/pgws/paylink/cancel', 'PAYLINK_ID' => check_paylink_id(paylink_id))
    end
    # paystra:endregion

    # paystra:region paylink-status
    # A link as it stands, by `paylink_id:` or your `reference_id:`, exactly one: STATUS CREATED,
    # PAID (with ORDER_ID, TXN_ID and PAID_AT), EXPIRED (EXPIRED_AT) or CANCELLED (CANCELLED_AT).
    # A link past its EXPIRE_BY on the merchant's clock is EXPIRED by this very read. 372: no such
    # link of yours.
    def paylink_status(paylink_id: nil, reference_id: nil)
      raise InvalidRequest, 'give one of paylink_id: or reference_id:, not both' unless present?(paylink_id) ^ present?(reference_id)
      return post_signed('/pgws/paylink/status', 'PAYLINK_ID' => check_paylink_id(paylink_id)) if present?(paylink_id)

      check_order_id(reference_id.to_s.strip, 'REFERENCE_ID')
      post_signed('/pgws/paylink/status', 'REFERENCE_ID' => reference_id.to_s.strip)
    end
    # paystra:endregion

    # paystra:region virtual-accounts
    # A virtual account for one customer (`account`: CUST_NAME, and optionally REFERENCE_ID, yours
    # and unique, and NOTIFY_URL for the virtual_account.* webhooks): ACCOUNT_NUMBER and IFSC take
    # NEFT, RTGS and IMPS, VPA takes UPI. The answer is the account, STATUS ACTIVE, with VA_ID,
    # SETUP_FEE and SETUP_GST (paise). A refusal is the signed answer: 374 a REFERENCE_ID used
    # before, 375 CUST_NAME, 357 NOTIFY_URL.
    def create_virtual_account(account)
      account = Fields.normalize(account)
      raise InvalidRequest, 'CUST_NAME is required: who pays into the account' unless present?(account['CUST_NAME'])

      fields = %w[CUST_NAME REFERENCE_ID NOTIFY_URL].select { |key| present?(account[key]) }
                                                    .to_h { |key| [key, account[key].strip] }
      check_order_id(fields['REFERENCE_ID'], 'REFERENCE_ID') if fields.key?('REFERENCE_ID')
      post_signed('/pgws/virtual-account', without_tilde(fields))
    end

    # Closes an account: STATUS CLOSED with CLOSED_AT; a transfer into it from then on is returned
    # to the payer (virtual_account.credit_returned). 376 no such account, 377 one already closed.
    def close_virtual_account(va_id)
      post_signed('/pgws/virtual-account/close', 'VA_ID' => check_va_id(va_id))
    end
    # paystra:endregion

    # paystra:region virtual-account-status
    # An account as it stands (STATUS ACTIVE or CLOSED) with CREDITS, an array: its latest 100
    # credits, newest first (CREDIT_ID, AMOUNT, MODE, PAYER_NAME, UTR, STATUS CREDITED or RETURNED,
    # CREDITED_AT, FEE, GST, and SETTLEMENT_ID: '' until a settlement pays it). 376: no such account
    # of yours (then no CREDITS).
    def virtual_account_status(va_id)
      with_lists(post_signed('/pgws/virtual-account/status', 'VA_ID' => check_va_id(va_id)), 'CREDITS')
    end
    # paystra:endregion

    # paystra:region virtual-account-credit
    # Sandbox only: a payer's bank transfer of `amount` paise into the account, by `mode` (NEFT,
    # RTGS, IMPS or UPI), as the bank would make it. The answer is the credit: CREDIT_ID, UTR,
    # STATUS CREDITED with FEE, GST and NET (virtual_account.credited), or, into a closed account,
    # RETURNED under RESPONSE_CODE 377 with a RETURN_REASON and FEE, GST and NET 0. Refusals: 376 no
    # such account, 320 the amount (rupees only), 334 the mode's limits, 375 `payer_name:`.
    def credit_virtual_account(va_id, amount, mode, payer_name: nil)
      raise InvalidRequest, 'MODE must be NEFT, RTGS, IMPS or UPI' unless CREDIT_MODES.include?(mode.to_s)

      fields = { 'VA_ID' => check_va_id(va_id), 'AMOUNT' => check_amount(amount), 'MODE' => mode.to_s }
      fields['PAYER_NAME'] = payer_name.strip if present?(payer_name)
      post_signed('/pgws/virtual-account/credit', without_tilde(fields))
    end
    # paystra:endregion

    # paystra:region subscriptions
    # A subscription: a mandate your customer registers once on the page at AUTH_URL, then debits on
    # its schedule, each noticed 24 to 48 hours ahead. `subscription`: SUBSCRIPTION_REF (yours,
    # unique, an ORDER_ID's shape), METHOD (UPI, CARD or EMANDATE), FREQUENCY (WEEKLY, MONTHLY,
    # QUARTERLY, YEARLY or AS_PRESENTED), AMOUNT (paise, each debit; none for AS_PRESENTED),
    # MAX_AMOUNT (paise, the most one debit may take: at least AMOUNT, at most ₹1,00,000 on UPI and
    # cards, ₹1 crore on e-NACH), START_DATE (a Date or YYYY-MM-DD, IST: from the account's today,
    # within 366 days), DESCRIPTION (1 to 255 characters), CUST_NAME, CUST_EMAIL, CUST_PHONE,
    # RETURN_URL (where the mandate page returns the customer), and optionally END_DATE (after
    # START_DATE, within 10 years: the default), CATEGORY (MUTUAL_FUND, INSURANCE or
    # CREDIT_CARD_BILL) and NOTIFY_URL (the subscription.* webhooks). The answer is the
    # subscription, STATUS CREATED, with SUBSCRIPTION_ID and AUTH_URL. A refusal is the signed
    # answer: 374 a SUBSCRIPTION_REF used before, 375 the customer's details, 388 a date the
    # account's clock refuses, 380, 379, 327, 326, 320, 370, 325, 357. A field the gateway would
    # refuse whatever its clock says raises InvalidRequest before anything is sent.
    def create_subscription(subscription)
      post_signed('/pgws/subscription', subscription_fields(subscription))
    end

    # Cancels a subscription (the merchant's cancel): STATUS CANCELLED with ENDED_AT and
    # CANCELLED_BY MERCHANT, an open notice's debit STOPPED (385), subscription.cancelled sent. The
    # answer is the subscription with DEBITS, an array as subscription_status gives it. A refusal is
    # the signed answer, without DEBITS: 387 no such subscription, 385 one already cancelled,
    # completed or failed.
    def cancel_subscription(subscription_id)
      key = { 'SUBSCRIPTION_ID' => check_subscription_id(subscription_id) }
      with_lists(post_signed('/pgws/subscription/cancel', key), 'DEBITS')
    end

    # Resumes a HALTED subscription (its cycle's last attempt failed): STATUS ACTIVE, the next debit
    # the first cycle whose notice is still ahead; the unpaid cycles are not collected. The answer
    # is the subscription with DEBITS, an array as subscription_status gives it. A refusal is the
    # signed answer, without DEBITS: 387 no such subscription, 385 one that is not halted.
    def resume_subscription(subscription_id)
      key = { 'SUBSCRIPTION_ID' => check_subscription_id(subscription_id) }
      with_lists(post_signed('/pgws/subscription/resume', key), 'DEBITS')
    end
    # paystra:endregion

    # paystra:region subscription-status
    # A subscription as it stands, by `subscription_id:` or your `subscription_ref:`, exactly one:
    # STATUS CREATED, ACTIVE, PENDING, PAUSED, HALTED, COMPLETED, CANCELLED or FAILED, INSTRUMENT,
    # PAID_CYCLES, NEXT_DEBIT_AT, and DEBITS, an array: its latest 100 attempts, newest first
    # (DEBIT_ID, CYCLE, ATTEMPT, AMOUNT, NOTIFIED_AT, DEBIT_AT, APPROVAL_REQUIRED and APPROVED Y or N,
    # STATUS NOTIFIED, CHARGED, FAILED, SKIPPED or STOPPED, RESPONSE_CODE, and ORDER_ID, TXN_ID, FEE,
    # GST once it reached the bank). What fell due on the account's clock runs first. 387: no such
    # subscription of yours (then no DEBITS).
    def subscription_status(subscription_id: nil, subscription_ref: nil)
      unless present?(subscription_id) ^ present?(subscription_ref)
        raise InvalidRequest, 'give one of subscription_id: or subscription_ref:, not both'
      end

      key = if present?(subscription_id)
              { 'SUBSCRIPTION_ID' => check_subscription_id(subscription_id) }
            else
              check_order_id(subscription_ref.to_s.strip, 'SUBSCRIPTION_REF')
              { 'SUBSCRIPTION_REF' => subscription_ref.to_s.strip }
            end
      with_lists(post_signed('/pgws/subscription/status', key), 'DEBITS')
    end
    # paystra:endregion

    # paystra:region subscription-charge
    # Presents a charge of `amount` paise (at most MAX_AMOUNT) on an AS_PRESENTED subscription: it is
    # noticed now and debited at the first 07:00 IST at least 24 hours later. The answer is the
    # subscription with DEBITS, the notice first. Refusals: 387 no such subscription, 385 not
    # active (not yet registered, or ended), 326 a scheduled one, 386 a presented charge still
    # open, 380 above MAX_AMOUNT.
    def present_charge(subscription_id, amount)
      fields = { 'SUBSCRIPTION_ID' => check_subscription_id(subscription_id), 'AMOUNT' => check_amount(amount) }
      with_lists(post_signed('/pgws/subscription/charge', fields), 'DEBITS')
    end
    # paystra:endregion

    # paystra:region subscription-customer
    # Sandbox only: the customer's answer, as their UPI app, bank or card issuer would send it: SKIP a
    # noticed debit (it ends 382), APPROVE one above the limit (APPROVAL_REQUIRED Y), PAUSE or RESUME
    # a UPI mandate, REVOKE it (CANCELLED, INSTRUMENT emptied). The answer is the subscription with
    # DEBITS. Refusals: 387 no such subscription, 385 no longer active, 326 an action the state or
    # the method does not allow.
    def act_as_customer(subscription_id, action)
      raise InvalidRequest, 'ACTION must be SKIP, APPROVE, PAUSE, RESUME or REVOKE' unless CUSTOMER_ACTIONS.include?(action.to_s)

      fields = { 'SUBSCRIPTION_ID' => check_subscription_id(subscription_id), 'ACTION' => action.to_s }
      with_lists(post_signed('/pgws/subscription/customer', fields), 'DEBITS')
    end
    # paystra:endregion

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
        'CURRENCY_CODE' => present?(order['CURRENCY_CODE']) ? order['CURRENCY_CODE'].to_s.strip : CURRENCY_INR,
        'TXNTYPE' => 'SALE',
        'RETURN_URL' => present?(order['RETURN_URL']) ? order['RETURN_URL'] : config.return_url
      }
      check_order_id(fields['ORDER_ID'], 'ORDER_ID')
      %w[CUST_NAME CUST_EMAIL CUST_MOBILE CUST_ID NOTIFY_URL].each { |key| fields[key] = order[key].strip if present?(order[key]) }
      fields
    end

    # A JSON call: the fields with PAY_ID, signed; the answer's HASH verified before it is used.
    def post_signed(path, fields)
      _url, status, body = send_signed(path, fields)
      verified_answer(status, body)
    end

    # The fields with PAY_ID, signed and POSTed as JSON: [url, HTTP status, body].
    def send_signed(path, fields, accept: 'application/json')
      request = Paystra::Hash.with_hash({ 'PAY_ID' => config.pay_id }.merge(fields), config.salt)
      url = "#{config.base_url}#{path}"
      status, body = send_json(url, JSON.generate(request), accept)
      [url, status, body.to_s]
    end

    # The answer's lists are JSON text in one field each (HASH covers the text): parsed into
    # arrays of field hashes. A 000 answer must carry them; a refusal carries none.
    def with_lists(answer, *keys)
      keys.each do |key|
        unless answer.key?(key)
          raise GatewayError, "the gateway's answer has no #{key}" if answer['RESPONSE_CODE'] == '000'

          next
        end
        answer[key] = parse_list(answer[key], key)
      end
      answer
    end

    def parse_list(text, key)
      list = JSON.parse(text)
      raise GatewayError, "the gateway's answer has a malformed #{key}: not a JSON list" unless list.is_a?(Array)

      list.each_with_index do |item, index|
        next if item.is_a?(::Hash) && item.values.all?(String)

        raise GatewayError, "the gateway's answer has a malformed #{key}: item #{index} is not an object of strings"
      end
    rescue JSON::ParserError
      raise GatewayError.new("the gateway's answer has a malformed #{key}: not JSON"), cause: nil
    end

    # A field holding a JSON object of strings (RATES), parsed once the HASH has covered its text.
    def parse_object(text, key)
      object = JSON.parse(text.to_s)
      return object if object.is_a?(::Hash) && object.values.all?(String)

      raise GatewayError, "the gateway's answer has a malformed #{key}: not a JSON object of strings"
    rescue JSON::ParserError
      raise GatewayError.new("the gateway's answer has a malformed #{key}: not JSON"), cause: nil
    end

    # BY or TO, exactly one of them: BY checked as the gateway checks it (363), TO taken as
    # #run_settlement takes AS_OF. How far ahead is the gateway's to judge (364).
    def clock_advance(by, to)
      raise InvalidRequest, 'give one of by: (36h, 4d) or to: (a time), not both' unless present?(by) ^ present?(to)
      return { 'TO' => to.respond_to?(:iso8601) ? to.iso8601 : to.to_s.strip } if present?(to)

      by = by.to_s.strip
      raise InvalidRequest, 'BY must be a whole number of hours or days, e.g. 36h or 4d' unless by.match?(ADVANCE_BY)

      { 'BY' => by }
    end

    # A link's request fields: those given, trimmed, CURRENCY_CODE 356 unless given, EXPIRE_BY from
    # a Time in ISO 8601, VALIDATE_BENEFICIARY Y or N from true or false; AMOUNT, DESCRIPTION,
    # REFERENCE_ID and VALIDATE_BENEFICIARY checked as the gateway checks them.
    def paylink_fields(link)
      link = link.to_h { |key, value| [key.to_s, value] }
      link['EXPIRE_BY'] = link['EXPIRE_BY'].iso8601 if link['EXPIRE_BY'].respond_to?(:iso8601)
      link['VALIDATE_BENEFICIARY'] = { true => 'Y', false => 'N' }.fetch(link['VALIDATE_BENEFICIARY'], link['VALIDATE_BENEFICIARY'])
      link = Fields.normalize(link)
      fields = PAYLINK_FIELDS.select { |key| present?(link[key]) }.to_h { |key| [key, link[key].strip] }
      fields['CURRENCY_CODE'] ||= CURRENCY_INR
      check_amount(fields['AMOUNT'])
      description = fields['DESCRIPTION'].to_s
      if description.empty? || description.length > DESCRIPTION_CHARACTERS || description.match?(/[\x00-\x1f\x7f]/)
        raise InvalidRequest, "DESCRIPTION must be 1 to #{DESCRIPTION_CHARACTERS} characters, without control characters"
      end
      raise InvalidRequest, 'VALIDATE_BENEFICIARY must be Y or N' unless [nil, 'Y', 'N'].include?(fields['VALIDATE_BENEFICIARY'])

      check_order_id(fields['REFERENCE_ID'], 'REFERENCE_ID') if fields.key?('REFERENCE_ID')
      without_tilde(fields)
    end

    # A subscription's request fields: those given, trimmed, START_DATE and END_DATE from a Date (or
    # anything with strftime) as YYYY-MM-DD; each checked as the gateway checks it, but for what
    # depends on the account's clock (START_DATE's range: 388) or its store (374).
    def subscription_fields(subscription)
      subscription = subscription.to_h { |key, value| [key.to_s, value] }
      %w[START_DATE END_DATE].each do |key|
        subscription[key] = subscription[key].strftime('%Y-%m-%d') if subscription[key].respond_to?(:strftime)
      end
      subscription = Fields.normalize(subscription)
      fields = SUBSCRIPTION_FIELDS.select { |key| present?(subscription[key]) }.to_h { |key| [key, subscription[key].strip] }
      check_order_id(fields['SUBSCRIPTION_REF'], 'SUBSCRIPTION_REF')
      method = fields['METHOD']
      raise InvalidRequest, 'METHOD must be UPI, CARD or EMANDATE' unless SUBSCRIPTION_METHODS.include?(method)
      unless SUBSCRIPTION_FREQUENCIES.include?(fields['FREQUENCY'])
        raise InvalidRequest, 'FREQUENCY must be WEEKLY, MONTHLY, QUARTERLY, YEARLY or AS_PRESENTED'
      end

      most = check_paise(fields['MAX_AMOUNT'], 'MAX_AMOUNT').to_i
      if fields['FREQUENCY'] == 'AS_PRESENTED'
        raise InvalidRequest, 'AMOUNT must be left out for AS_PRESENTED: each presented charge names its own' if fields.key?('AMOUNT')
      elsif check_paise(fields['AMOUNT'], 'AMOUNT').to_i > most
        raise InvalidRequest, 'AMOUNT must be at most MAX_AMOUNT'
      end
      raise InvalidRequest, "MAX_AMOUNT must be at most #{LARGEST_DEBITS[method]} paise on #{method}" if most > LARGEST_DEBITS[method]

      start = check_date(fields['START_DATE'], 'START_DATE')
      if fields.key?('END_DATE') && check_date(fields['END_DATE'], 'END_DATE') <= start
        raise InvalidRequest, 'END_DATE must be after START_DATE'
      end
      if fields.key?('CATEGORY') && !SUBSCRIPTION_CATEGORIES.include?(fields['CATEGORY'])
        raise InvalidRequest, 'CATEGORY must be MUTUAL_FUND, INSURANCE or CREDIT_CARD_BILL, or left out'
      end

      description = fields['DESCRIPTION'].to_s
      if description.empty? || description.length > DESCRIPTION_CHARACTERS || description.match?(/[\x00-\x1f\x7f]/)
        raise InvalidRequest, "DESCRIPTION must be 1 to #{DESCRIPTION_CHARACTERS} characters, without control characters"
      end

      without_tilde(fields)
    end

    def check_subscription_id(value)
      return value if value.is_a?(String) && value.match?(SUBSCRIPTION_ID)

      raise InvalidRequest, 'SUBSCRIPTION_ID must be sub_ and 14 letters and digits'
    end

    # An amount field in paise: digits, no leading zero, at most 10 of them (320 otherwise).
    def check_paise(value, name)
      amount = value.to_s.strip
      return amount if amount.match?(AMOUNT)

      raise InvalidRequest, "#{name} must be whole paise: digits only, no leading zero (100 = ₹1.00)"
    end

    # The fields, refused here when a value holds "~": fields are signed as KEY=VALUE~..., so the
    # gateway refuses it in any value (326, unsigned).
    def without_tilde(fields)
      tilde = fields.find { |_, value| value.include?('~') }
      raise InvalidRequest, "#{tilde[0]} must not contain \"~\"" if tilde

      fields
    end

    def check_paylink_id(value)
      return value if value.is_a?(String) && value.match?(PAYLINK_ID)

      raise InvalidRequest, 'PAYLINK_ID must be plink_ and 14 letters and digits'
    end

    def check_va_id(value)
      return value if value.is_a?(String) && value.match?(VA_ID)

      raise InvalidRequest, 'VA_ID must be va_ and 14 letters and digits'
    end

    def check_dispute_id(value)
      return value if value.is_a?(String) && value.match?(DISPUTE_ID)

      raise InvalidRequest, 'DISPUTE_ID must be dsp_ and 20 lower-case hex digits'
    end

    def check_evidence(text)
      return text if text.is_a?(String) && !text.strip.empty? && text.length <= EVIDENCE_CHARACTERS

      raise InvalidRequest, 'explain in 1 to 5,000 characters why the payment is valid (EVIDENCE)'
    end

    # PAGE (from 1) and PAGE_SIZE (1 to 1000), checked as the gateway checks them (358); left out
    # when not given, for the gateway's defaults (page 1, 1000 lines).
    def page_fields(page, page_size)
      fields = {}
      unless page.nil?
        raise InvalidRequest, 'PAGE must be a whole number from 1' unless page.is_a?(Integer) && page >= 1

        fields['PAGE'] = page.to_s unless page == 1
      end
      unless page_size.nil?
        unless page_size.is_a?(Integer) && page_size.between?(1, SETTLEMENT_PAGE_SIZE)
          raise InvalidRequest, "PAGE_SIZE must be a whole number from 1 to #{SETTLEMENT_PAGE_SIZE}"
        end

        fields['PAGE_SIZE'] = page_size.to_s
      end
      fields
    end

    # A count the answer gives as digits (PAGES, LINES_COUNT); a gateway without pages gives none.
    def count(answer, key, absent)
      return absent unless answer.key?(key)
      return answer[key].to_i if answer[key].match?(/\A\d{1,9}\z/)

      raise GatewayError, "the gateway's #{key} is not a number"
    end

    def settlement_key(settlement_id, utr)
      given = { 'SETTLEMENT_ID' => settlement_id, 'UTR' => utr }.select { |_, value| present?(value) }
      raise InvalidRequest, 'name the settlement by one of settlement_id: or utr:' unless given.size == 1

      given.transform_values { |value| value.to_s.strip }
    end

    # A Date (or anything with strftime) or YYYY-MM-DD text, as YYYY-MM-DD.
    def check_date(value, name)
      text = value.respond_to?(:strftime) ? value.strftime('%Y-%m-%d') : value.to_s.strip
      year, month, day = text.match?(DATE) ? text.split('-').map(&:to_i) : []
      return text if year && Date.valid_date?(year, month, day)

      raise InvalidRequest, "#{name} must be a date, YYYY-MM-DD"
    end

    def verified_answer(status, body)
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

    def send_json(url, json, accept = 'application/json')
      return @transport.call(url, json) if @transport

      Client.http_post(url, json, @open_timeout, @read_timeout, accept)
    rescue *NETWORK_ERRORS => e
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
