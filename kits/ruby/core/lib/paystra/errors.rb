# frozen_string_literal: true

module Paystra
  # Every error this library raises.
  class Error < StandardError; end

  # Data that does not follow the protocol: ENCDATA that does not decrypt, a malformed field,
  # a key that is not 32 ASCII characters.
  class ProtocolError < Error; end

  # A request this library refuses to send (an amount that is not whole paise, a bad order id).
  class InvalidRequest < Error; end

  # A response or answer whose signature does not hold, or that names another merchant.
  # Never act on such data: it did not come from the gateway, or it was altered on the way.
  class VerificationError < Error; end

  # The gateway could not be reached, or answered something that is not a signed answer
  # (an unknown PAY_ID, 324, and a malformed request, 326, are answered without HASH; so is the
  # sandbox's refusal of a new account: 360, 344, 361).
  class GatewayError < Error
    # The gateway's RESPONSE_CODE, when it answered one.
    attr_reader :code
    # The unsigned answer, when there was one.
    attr_reader :fields
    # The answer's HTTP status, where the call reads it (Client.create_sandbox_account).
    attr_reader :http_status

    def initialize(message, code: nil, fields: nil, http_status: nil)
      super(message)
      @code = code
      @fields = fields
      @http_status = http_status
    end
  end
end
