# frozen_string_literal: true

# Paystra: a merchant integration of the Paystra payment gateway's protocol, on Ruby's
# standard library only (openssl, digest, json, net/http, securerandom).
#
#   require 'paystra'
#   config = Paystra::Config.load(__dir__)
#   client = Paystra::Client.new(config)
#   request = client.payment_request('AMOUNT' => '100', 'CUST_NAME' => 'Asha Rao')
#   # render request[:action] + request[:fields] as a form the customer's browser submits
#   event = client.verify_webhook(raw_body, headers['X-Paystra-Signature']) # POST to NOTIFY_URL
module Paystra
end

require_relative 'paystra/version'
require_relative 'paystra/errors'
require_relative 'paystra/fields'
require_relative 'paystra/hash'
require_relative 'paystra/cipher'
require_relative 'paystra/config'
require_relative 'paystra/currency'
require_relative 'paystra/webhook'
require_relative 'paystra/order_status'
require_relative 'paystra/reconciliation'
require_relative 'paystra/client'
