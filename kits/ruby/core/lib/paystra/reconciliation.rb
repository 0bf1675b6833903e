# frozen_string_literal: true

require 'date'

module Paystra
  # The merchant's reconciliation of its own paid orders against what the gateway settled, the
  # same in every Paystra kit and checked against the `reconciliation` cases of the shared vectors
  # (core/tests/vectors.json). Pure: it fetches nothing. Feed it
  #
  # - the orders the shop holds as paid: ORDER_ID and AMOUNT (paise);
  # - the settlements it fetched (Client#settlements, then Client#settlement for each, for their
  #   LINES), in the order fetched;
  # - for the orders without a PAYMENT line in them, the gateway's RECON entries (Client#recon),
  #   by ORDER_ID;
  # - today's date in India (IST), YYYY-MM-DD.
  #
  # One row per order, in the order given, then one UNKNOWN row per ORDER_ID of a PAYMENT or
  # REFUND line that is not the shop's, in order of first appearance (ADJUSTMENT lines belong to
  # no order):
  #
  # - An order's payment is the first PAYMENT line with its ORDER_ID, with that settlement's
  #   SETTLEMENT_ID, UTR and SETTLEMENT_DATE. Without one, its RECON PAYMENT entry: SETTLED stands
  #   for the line; UNSETTLED makes the row UNSETTLED, or OVERDUE once today is after its
  #   EXPECTED_SETTLEMENT_DATE. No entry at all: MISSING.
  # - Its refunds are its REFUND lines, then its RECON REFUND entries whose TXN_ID no line has.
  # - With a payment: AMOUNT_MISMATCH when the payment's AMOUNT is not the order's, else REFUNDED
  #   when the refunds add up to more than 0, else MATCHED.
  # - REFUNDED_AMOUNT sums the refunds' AMOUNT, NET every counted line's and entry's NET;
  #   SETTLED_AMOUNT is the payment's AMOUNT. SETTLEMENT_ID, UTR and SETTLEMENT_DATE are those of
  #   the payment's settlement (empty without one; UTR empty when it was carried forward), and
  #   EXPECTED_SETTLEMENT_DATE is set on UNSETTLED and OVERDUE rows only.
  module Reconciliation
    RESULTS = %w[MATCHED REFUNDED AMOUNT_MISMATCH UNSETTLED OVERDUE MISSING UNKNOWN].freeze

    # A report row's fields, in this order; every value is a string.
    COLUMNS = %w[ORDER_ID RESULT AMOUNT SETTLED_AMOUNT REFUNDED_AMOUNT NET SETTLEMENT_ID UTR SETTLEMENT_DATE
                 EXPECTED_SETTLEMENT_DATE].freeze

    PAISE = /\A-?\d{1,15}\z/.freeze
    DATE = /\A\d{4}-\d{2}-\d{2}\z/.freeze

    # What a payment or refund counts with: its TXN_ID, AMOUNT and NET (paise as Integers), and
    # for a payment its settlement (or, not settled yet, the date it is expected).
    Counted = Struct.new(:txn_id, :amount, :net, :settlement_id, :utr, :settlement_date, :expected, keyword_init: true)

    module_function

    # `orders`: [{ 'ORDER_ID', 'AMOUNT' }]; `settlements`: each with 'LINES'; `recon`:
    # { ORDER_ID => RECON entries }; `today`: YYYY-MM-DD (IST). Returns the report rows (COLUMNS).
    # Raises ProtocolError naming the first value that is not as the gateway sends it.
    def reconcile(orders, settlements, recon, today)
      raise ProtocolError, "today must be a date, YYYY-MM-DD: #{today.inspect}" unless date?(today)

      found = lines_by_order(settlements)
      mine = {}
      rows = orders.each_with_index.map do |order, index|
        order_id = text(order, 'ORDER_ID', "orders[#{index}]")
        amount = text(order, 'AMOUNT', "orders[#{index}]")
        paise(amount, "orders[#{index}].AMOUNT")
        mine[order_id] = true
        entries = recon.fetch(order_id, [])
        raise ProtocolError, "recon[#{order_id}] must be an array of RECON entries" unless entries.is_a?(Array)

        order_row(order_id, amount, found.fetch(order_id, { payment: nil, refunds: [] }), entries, today)
      end
      found.each do |order_id, lines|
        rows << row(order_id, 'UNKNOWN', '', lines[:payment], lines[:refunds]) unless mine[order_id]
      end
      rows
    end

    # The PAYMENT and REFUND lines by ORDER_ID, in order of first appearance: the first payment
    # (with its settlement) and every refund.
    def lines_by_order(settlements)
      settlements.each_with_index.with_object({}) do |(settlement, s), found|
        where = "settlements[#{s}]"
        lines = settlement.is_a?(::Hash) ? settlement['LINES'] : nil
        unless lines.is_a?(Array)
          raise ProtocolError, "#{where} must carry its LINES as an array (Client#settlement answers them)"
        end

        lines.each_with_index do |line, l|
          type = line.is_a?(::Hash) ? line['TYPE'] : nil
          next unless %w[PAYMENT REFUND].include?(type) # ADJUSTMENT: a carried balance, no order's

          order_id = text(line, 'ORDER_ID', "#{where}.LINES[#{l}]")
          entry = found[order_id] ||= { payment: nil, refunds: [] }
          counted = counted(line, "#{where}.LINES[#{l}]")
          if type == 'REFUND'
            entry[:refunds] << counted
          elsif entry[:payment].nil?
            %w[SETTLEMENT_ID UTR SETTLEMENT_DATE].each { |key| counted[key.downcase] = text(settlement, key, where) }
            entry[:payment] = counted
          end
        end
      end
    end

    def order_row(order_id, amount, lines, entries, today)
      payment = lines[:payment]
      refunds = lines[:refunds].dup
      line_txn_ids = (refunds + [payment].compact).map(&:txn_id)
      waiting = nil
      entries.each_with_index do |entry, e|
        where = "recon[#{order_id}][#{e}]"
        type = text(entry, 'TYPE', where)
        counted = counted(entry, where)
        if type == 'REFUND'
          refunds << counted unless line_txn_ids.include?(counted.txn_id)
          next
        end
        next unless type == 'PAYMENT' && payment.nil? && waiting.nil?

        case (state = text(entry, 'STATE', where))
        when 'SETTLED'
          %w[SETTLEMENT_ID UTR SETTLEMENT_DATE].each { |key| counted[key.downcase] = text(entry, key, where) }
          payment = counted
        when 'UNSETTLED'
          counted.expected = text(entry, 'EXPECTED_SETTLEMENT_DATE', where)
          raise ProtocolError, "#{where}.EXPECTED_SETTLEMENT_DATE must be a date, YYYY-MM-DD" unless date?(counted.expected)

          waiting = counted
        else
          raise ProtocolError, "#{where}.STATE must be SETTLED or UNSETTLED: #{state.inspect}"
        end
      end

      if payment
        result = if payment.amount != paise(amount, 'AMOUNT') then 'AMOUNT_MISMATCH'
                 elsif refunds.sum(&:amount).positive? then 'REFUNDED'
                 else 'MATCHED'
                 end
        return row(order_id, result, amount, payment, refunds)
      end
      # YYYY-MM-DD compares as text.
      return row(order_id, today > waiting.expected ? 'OVERDUE' : 'UNSETTLED', amount, nil, refunds, waiting) if waiting

      row(order_id, 'MISSING', amount, nil, refunds)
    end

    # `payment`: the settled payment (line or SETTLED entry); `waiting`: an UNSETTLED payment
    # entry, whose NET counts but which settled nothing yet.
    def row(order_id, result, amount, payment, refunds, waiting = nil)
      {
        'ORDER_ID' => order_id,
        'RESULT' => result,
        'AMOUNT' => amount,
        'SETTLED_AMOUNT' => payment ? payment.amount.to_s : '',
        'REFUNDED_AMOUNT' => refunds.sum(&:amount).to_s,
        'NET' => ([payment, waiting].compact + refunds).sum(&:net).to_s,
        'SETTLEMENT_ID' => payment&.settlement_id.to_s,
        'UTR' => payment&.utr.to_s,
        'SETTLEMENT_DATE' => payment&.settlement_date.to_s,
        'EXPECTED_SETTLEMENT_DATE' => waiting&.expected.to_s
      }
    end

    def counted(line, where)
      Counted.new(txn_id: text(line, 'TXN_ID', where),
                  amount: paise(text(line, 'AMOUNT', where), "#{where}.AMOUNT"),
                  net: paise(text(line, 'NET', where), "#{where}.NET"))
    end

    # Paise as the gateway writes them: digits, `-` before a negative amount.
    def paise(value, what)
      return Integer(value, 10) if value.match?(PAISE)

      raise ProtocolError, "#{what} must be paise as digits (a leading - when negative): #{value.inspect}"
    end

    def text(fields, key, where)
      value = fields.is_a?(::Hash) ? fields[key] : nil
      raise ProtocolError, "#{where} has no #{key} (a string)" unless value.is_a?(String)

      value
    end

    def date?(value)
      return false unless value.is_a?(String) && value.match?(DATE)

      Date.valid_date?(*value.split('-').map(&:to_i))
    end
  end
end
