# frozen_string_literal: true

require 'json'
require 'openssl'

module Paystra
  # A webhook delivery that was refused. `reason` is machine-readable (the same in every kit:
  # 'signature-mismatch', 'stale-timestamp', ...); the message says what to do about it.
  class WebhookError < VerificationError
    attr_reader :reason

    def initialize(reason)
      @reason = reason
      super(Webhook::MESSAGES.fetch(reason))
    end
  end

  # Webhooks: the gateway POSTs a signed event to the merchant's NOTIFY_URL when a payment,
  # refund or payout reaches an outcome, so the merchant hears of it even when the customer's
  # browser never comes back.
  #
  #   X-Paystra-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(webhook secret, "<t>.<raw body>")>
  module Webhook
    module_function

    SIGNATURE_HEADER = 'X-Paystra-Signature'
    EVENT_ID_HEADER = 'X-Paystra-Event-Id'
    # A signature further from this server's clock is refused: a replayed request or a wrong clock.
    TOLERANCE = 300

    # The same words in every kit (the shared vectors' "webhook" → "messages").
    MESSAGES = {
      'secret-missing' => 'No webhook secret: set PAYSTRA_WEBHOOK_SECRET to the webhook secret from the merchant ' \
                          'portal (it is not your salt).',
      'secret-whitespace' => 'The webhook secret has white space around it: remove the spaces or line break around ' \
                             'PAYSTRA_WEBHOOK_SECRET.',
      'body-not-raw' => 'Pass the raw request body as it arrived (a string or bytes), not parsed JSON: the signature ' \
                        'covers the exact bytes.',
      'malformed-header' => 'The X-Paystra-Signature header is missing or malformed: expected t=<unix seconds>,' \
                            'v1=<64 hex digits>.',
      'body-reserialised' => 'The signature does not match, and the body is not laid out as Paystra sends it: it was ' \
                             'parsed and serialised again. Verify the raw request body, byte for byte, before parsing it.',
      'wrong-secret' => 'The signature does not match, but the body is intact (its HASH verifies with your salt): sign ' \
                        'with the webhook secret, not the salt or another merchant’s secret.',
      'signature-mismatch' => 'The signature does not match the body: it was changed after Paystra signed it, or it is ' \
                              'not the raw request body, or the secret is not your webhook secret.',
      'stale-timestamp' => 'The signature’s timestamp is more than 5 minutes from this server’s clock: a replayed ' \
                           'request, or a server clock that is wrong.',
      'malformed-body' => 'The body is signed but is not a Paystra event: a JSON object with id, type, created and data.',
      'data-hash' => 'The event is signed, but the HASH of its data does not verify with your salt: check PAYSTRA_SALT.'
    }.freeze

    # paystra:region webhook-verify
    # Checks a delivery: the secret, the header, the HMAC over the raw bytes (on a mismatch, the
    # likeliest cause), the timestamp, then the event and, with the salt, its data HASH.
    # Returns { 'id', 'type', 'created', 'data' }; raises WebhookError with the reason.
    def verify(raw_body, header, secret, salt: nil, now: nil, tolerance: TOLERANCE)
      check_secret(secret)
      raise WebhookError, 'body-not-raw' unless raw_body.is_a?(String)

      timestamp, signatures = parse_header(header)
      raise WebhookError, 'malformed-header' unless timestamp

      body = raw_body.b # the bytes as they arrived, whatever encoding the server labelled them with
      event = read_event(body)
      expected = signature(secret, timestamp, body)
      unless signatures.any? { |claimed| OpenSSL.fixed_length_secure_compare(expected, claimed) }
        raise WebhookError, mismatch_reason(body, event, salt)
      end
      raise WebhookError, 'stale-timestamp' if ((now || Time.now.to_i) - timestamp).abs > tolerance
      raise WebhookError, 'malformed-body' unless event
      raise WebhookError, 'data-hash' if salt && !Paystra::Hash.verify(event['data'], salt)

      event
    end
    # paystra:endregion

    # A test delivery, laid out and signed as the gateway does: { body:, headers: }. `event`
    # holds id, type, created (unix seconds) and data (the response fields with their HASH).
    def sign(event, secret, timestamp: nil)
      timestamp ||= Time.now.to_i
      body = serialise(event)
      {
        body: body,
        headers: {
          'Content-Type' => 'application/json',
          EVENT_ID_HEADER => body_event_id(event),
          SIGNATURE_HEADER => "t=#{timestamp},v1=#{signature(secret, timestamp, body)}"
        }
      }
    end

    # Indented JSON ending in a line break, keys in the gateway's order: a receiver that parses
    # and serialises it again gets other bytes, which `verify` can then name.
    def serialise(event)
      event = event.transform_keys(&:to_s)
      ordered = %w[id type created data].to_h { |key| [key, event[key]] }
      "#{JSON.pretty_generate(ordered)}\n"
    end

    # Lower-case hex HMAC-SHA256(secret, "<t>.<body bytes>").
    def signature(secret, timestamp, body)
      OpenSSL::HMAC.hexdigest('SHA256', secret.to_s.b, "#{timestamp}.".b + body.to_s.b)
    end

    # [timestamp, [v1, ...]] of `t=<digits>,v1=<hex>[,v1=<hex>…]`, or nil. Other keys are
    # ignored (a later scheme may add some).
    def parse_header(header)
      return nil unless header.is_a?(String) && header.length <= 1000

      timestamp = nil
      signatures = []
      header.b.split(',', -1).each do |part|
        key, value = part.split('=', 2).map(&:strip)
        return nil if value.nil?

        if key == 't'
          return nil if timestamp || !value.match?(/\A\d{1,12}\z/)

          timestamp = value.to_i
        elsif key == 'v1'
          return nil unless value.match?(/\A\h{64}\z/)

          signatures << value.downcase
        end
      end
      timestamp && !signatures.empty? ? [timestamp, signatures] : nil
    end

    def check_secret(secret)
      secret = secret.to_s
      raise WebhookError, 'secret-missing' if secret.empty?
      raise WebhookError, 'secret-whitespace' unless secret.strip == secret
    end

    # Why the signature does not match, as far as the body can tell.
    def mismatch_reason(body, event, salt)
      return 'body-reserialised' if event && !body.start_with?("{\n".b)
      return 'wrong-secret' if event && salt && Paystra::Hash.verify(event['data'], salt)

      'signature-mismatch'
    end

    # The event in a body, or nil: a JSON object with id and type strings, created a number
    # and data an object of strings.
    def read_event(body)
      value = JSON.parse(body.dup.force_encoding(Encoding::UTF_8).scrub)
      return nil unless value.is_a?(::Hash)

      id, type, created, data = value.values_at('id', 'type', 'created', 'data')
      return nil unless id.is_a?(String) && type.is_a?(String) && created.is_a?(Numeric)
      return nil unless data.is_a?(::Hash) && data.values.all?(String)

      { 'id' => id, 'type' => type, 'created' => created, 'data' => data }
    rescue JSON::ParserError
      nil
    end

    def body_event_id(event)
      (event['id'] || event[:id]).to_s
    end
  end
end
