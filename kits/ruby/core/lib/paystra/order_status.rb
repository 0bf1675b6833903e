# frozen_string_literal: true

module Paystra
  # The forward-only order rule, the same in every Paystra kit and checked against the `orders`
  # table of the shared vectors (tests/vectors.json):
  #
  # An order's status only moves forward: created, then pending, paid or failed; pending, then
  # paid or failed; paid and failed are final, so a late, repeated or out-of-order message (a
  # retried webhook, a payment.failed after the capture, the browser's pending answer after the
  # webhook's capture) never moves it back.
  #
  # The browser's return, a status enquiry and a webhook event all go through `of` then
  # `advance`, in whatever order they arrive.
  module OrderStatus
    STATUSES = %w[created pending paid failed].freeze
    # Where each status may go next; paid and failed are final.
    NEXT = { 'created' => %w[pending paid failed], 'pending' => %w[paid failed], 'paid' => [], 'failed' => [] }.freeze

    module_function

    # The status a verified answer, response or event's data asks for: RESPONSE_CODE 000 paid,
    # STATUS Pending pending, anything else failed. nil for 328 (the gateway holds no transaction
    # for the order yet: the customer has not reached it, so nothing happened).
    def of(fields)
      return 'paid' if fields['RESPONSE_CODE'] == '000'
      return nil if fields['RESPONSE_CODE'] == '328'
      return 'pending' if fields['STATUS'] == 'Pending'

      'failed'
    end

    # True when an order in `from` moves to `to`; false for a repeat or a step back.
    def moves?(from, to)
      NEXT.fetch(from, []).include?(to)
    end

    # `to` when the order may move there from `from`, else `from`: never backwards.
    def advance(from, to)
      moves?(from, to) ? to : from
    end
  end
end
