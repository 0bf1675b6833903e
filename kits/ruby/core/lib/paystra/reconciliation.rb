# frozen_string_literal: true

require 'date'

module Paystra
  # The merchant's reconciliation of its own paid orders against what the gateway settled, the
  # same in every Paystra kit and checked against the `reconciliation` cases of the shared vectors
  # (core/tests/vectors.json). Pure: it fetches nothing. Money is MATCHED or REFUNDED only once a
  # settlement paid it out under a UTR. Feed it
  #
  # - the orders the shop holds as paid: ORDER_ID and AMOUNT (paise);
  # - the settlements it fetched (Client#settlements, then Client#settlement_with_all_lines for
  #   each, for all their LINES), in the order fetched;
  # - for the orders without a PAYMENT line in them, and those with a dispute, the gateway's RECON
  #   entries (Client#recon), by ORDER_ID;
  # - today's date in India (IST), YYYY-MM-DD.
  #
  # One row per order, in the order given, then one UNKNOWN row per ORDER_ID of a PAYMENT, REFUND,
  # DISPUTE_HOLD or DISPUTE_RELEASE line that is not the shop's, in order of first appearance
  # (CARRY_FORWARD and FEE lines are no order's).
  #
  # - A settlement is paid out by itself when its STATUS is PROCESSED; a CARRIED_FORWARD one by
  #   what pays out the settlement (among those given) whose CARRY_FORWARD line names it as
  #   SOURCE_SETTLEMENT_ID, and by nothing while none does.
  # - An order's movements are its lines, then its RECON entries of a TYPE, TXN_ID and DISPUTE_ID
  #   that none of its lines has. Its payment is the first PAYMENT among them: a line is paid out
  #   when its settlement is, else carried forward; an entry is paid out when its STATE is SETTLED
  #   (by PAID_BY_SETTLEMENT_ID, under its UTR), carried forward when CARRIED_FORWARD, unsettled
  #   when UNSETTLED. A DISPUTE_HOLD is open until a DISPUTE_RELEASE of its DISPUTE_ID among them is
  #   paid out (a release not paid out yet has given nothing back).
  # - RESULT, the first that applies: AMOUNT_MISMATCH, HELD, CARRIED_FORWARD, REFUNDED, MATCHED,
  #   OVERDUE, UNSETTLED, MISSING. AMOUNT_MISMATCH: the payment is paid out or carried forward at
  #   another AMOUNT than the order's. HELD: an open hold (a dispute's amount is held back).
  #   CARRIED_FORWARD: the payment is carried forward. REFUNDED: paid out, and the refunds add up
  #   to more than 0. MATCHED: paid out. OVERDUE: unsettled, and today is after its
  #   EXPECTED_SETTLEMENT_DATE. UNSETTLED: unsettled. MISSING: no payment at all.
  # - SETTLED_AMOUNT is the payment's AMOUNT when paid out or carried forward; REFUNDED_AMOUNT the
  #   refunds' AMOUNT summed; HELD_AMOUNT the open holds' NET summed, as a positive amount; NET
  #   the payment's NET and every refund's, hold's and release's, summed. SETTLEMENT_ID, UTR and
  #   SETTLEMENT_DATE say where the money is:
  #   on a HELD row, where its first open hold is, else where its payment is: the settlement that
  #   paid it out (its date from the settlements given, else from the entry when it is the entry's
  #   own settlement), or the one it is carried forward in, with an empty UTR; empty when
  #   unsettled. An unsettled hold has none. EXPECTED_SETTLEMENT_DATE is only on UNSETTLED and
  #   OVERDUE rows.
  module Reconciliation
    RESULTS = %w[MATCHED REFUNDED AMOUNT_MISMATCH HELD CARRIED_FORWARD UNSETTLED OVERDUE MISSING UNKNOWN].freeze

    # A report row's fields, in this order; every value is a string.
    COLUMNS = %w[ORDER_ID RESULT AMOUNT SETTLED_AMOUNT REFUNDED_AMOUNT HELD_AMOUNT NET SETTLEMENT_ID UTR
                 SETTLEMENT_DATE EXPECTED_SETTLEMENT_DATE].freeze

    # The lines of these types belong to an order; CARRY_FORWARD and FEE lines to none.
    ORDER_TYPES = %w[PAYMENT REFUND DISPUTE_HOLD DISPUTE_RELEASE].freeze
    PLACE = %w[SETTLEMENT_ID UTR SETTLEMENT_DATE].freeze
    NOWHERE = { 'SETTLEMENT_ID' => '', 'UTR' => '', 'SETTLEMENT_DATE' => '' }.freeze

    PAISE = /\A-?\d{1,15}\z/.freeze
    DATE = /\A\d{4}-\d{2}-\d{2}\z/.freeze

    # A line or a RECON entry: its TYPE, TXN_ID, DISPUTE_ID, AMOUNT and NET (paise as Integers),
    # where its money is (:paid, :carried or :waiting, and the settlement's PLACE fields), and for
    # an unsettled payment the date it is expected.
    Movement = Struct.new(:type, :txn_id, :dispute_id, :amount, :net, :state, :place, :expected, :from_recon,
                          keyword_init: true) do
      def key = [type, txn_id, dispute_id]
    end

    module_function

    # `orders`: [{ 'ORDER_ID', 'AMOUNT' }]; `settlements`: each with 'LINES'; `recon`:
    # { ORDER_ID => RECON entries }; `today`: YYYY-MM-DD (IST). Returns the report rows (COLUMNS).
    # Raises ProtocolError naming the first value that is not as the gateway sends it.
    def reconcile(orders, settlements, recon, today)
      raise ProtocolError, "today must be a date, YYYY-MM-DD: #{today.inspect}" unless date?(today)

      books = books_of(settlements)
      mine = {}
      rows = orders.each_with_index.map do |order, index|
        order_id = text(order, 'ORDER_ID', "orders[#{index}]")
        amount = text(order, 'AMOUNT', "orders[#{index}]")
        paise(amount, "orders[#{index}].AMOUNT")
        mine[order_id] = true
        entries = recon.fetch(order_id, [])
        raise ProtocolError, "recon[#{order_id}] must be an array of RECON entries" unless entries.is_a?(Array)

        from_recon = entries.each_with_index.map { |entry, e| entry_movement(books, entry, "recon[#{order_id}][#{e}]") }
        row(order_id, amount, distinct(books[:movements].fetch(order_id, []) + from_recon), today)
      end
      books[:movements].each do |order_id, movements|
        rows << row(order_id, nil, movements, today) unless mine[order_id]
      end
      rows
    end

    # The settlements given: by SETTLEMENT_ID, which carried-forward settlement each CARRY_FORWARD
    # line takes over, and every order's line movements, by ORDER_ID in order of first appearance.
    def books_of(settlements)
      books = { by_id: {}, taken_over_by: {}, movements: {} }
      placed = []
      settlements.each_with_index do |settlement, s|
        where = "settlements[#{s}]"
        lines = settlement.is_a?(::Hash) ? settlement['LINES'] : nil
        unless lines.is_a?(Array)
          raise ProtocolError,
                "#{where} must carry its LINES as an array (Client#settlement_with_all_lines answers them)"
        end

        id = text(settlement, 'SETTLEMENT_ID', where)
        PLACE.each { |key| text(settlement, key, where) }
        status = text(settlement, 'STATUS', where)
        unless %w[PROCESSED CARRIED_FORWARD].include?(status)
          raise ProtocolError, "#{where}.STATUS must be PROCESSED or CARRIED_FORWARD: #{status.inspect}"
        end

        books[:by_id][id] ||= settlement
        lines.each_with_index do |line, l|
          type = line.is_a?(::Hash) ? line['TYPE'] : nil
          if type == 'CARRY_FORWARD'
            books[:taken_over_by][text(line, 'SOURCE_SETTLEMENT_ID', "#{where}.LINES[#{l}]")] ||= id
          elsif ORDER_TYPES.include?(type)
            placed << [line, settlement, "#{where}.LINES[#{l}]"]
          end
        end
      end
      placed.each do |line, settlement, where|
        order_id = text(line, 'ORDER_ID', where)
        (books[:movements][order_id] ||= []) << line_movement(books, line, settlement, where)
      end
      books
    end

    # The processed settlement that paid this one's money out, if any has yet.
    def paid_out_by(books, settlement)
      seen = {}
      until settlement['STATUS'] == 'PROCESSED'
        seen[settlement['SETTLEMENT_ID']] = true
        taker = books[:taken_over_by][settlement['SETTLEMENT_ID']]
        return nil if taker.nil? || seen[taker]

        settlement = books[:by_id].fetch(taker)
      end
      settlement
    end

    def line_movement(books, line, settlement, where)
      movement = counted(line, where)
      movement.from_recon = false
      payer = paid_out_by(books, settlement)
      if payer
        movement.state = :paid
        movement.place = payer.slice(*PLACE)
      else
        # A carried-forward settlement paid nothing, so there is no bank transfer to name.
        movement.state = :carried
        movement.place = settlement.slice(*PLACE).merge('UTR' => '')
      end
      movement
    end

    def entry_movement(books, entry, where)
      movement = counted(entry, where)
      movement.from_recon = true
      case (state = text(entry, 'STATE', where))
      when 'SETTLED'
        paid_by = entry.fetch('PAID_BY_SETTLEMENT_ID', '')
        payer = books[:by_id][paid_by]
        date = if payer then payer['SETTLEMENT_DATE']
               elsif paid_by == entry['SETTLEMENT_ID'] then entry.fetch('SETTLEMENT_DATE', '')
               else ''
               end
        movement.state = :paid
        movement.place = { 'SETTLEMENT_ID' => paid_by, 'UTR' => entry.fetch('UTR', ''), 'SETTLEMENT_DATE' => date }
      when 'CARRIED_FORWARD'
        movement.state = :carried
        movement.place = { 'SETTLEMENT_ID' => entry.fetch('SETTLEMENT_ID', ''), 'UTR' => '',
                           'SETTLEMENT_DATE' => entry.fetch('SETTLEMENT_DATE', '') }
      when 'UNSETTLED'
        movement.state = :waiting
        movement.place = NOWHERE
        if movement.type == 'PAYMENT'
          movement.expected = text(entry, 'EXPECTED_SETTLEMENT_DATE', where)
          unless date?(movement.expected)
            raise ProtocolError, "#{where}.EXPECTED_SETTLEMENT_DATE must be a date, YYYY-MM-DD"
          end
        end
      else
        raise ProtocolError, "#{where}.STATE must be SETTLED, CARRIED_FORWARD or UNSETTLED: #{state.inspect}"
      end
      movement
    end

    # The lines, then the entries that are none of them (a line is what the entry stands for).
    def distinct(movements)
      line_keys = movements.reject(&:from_recon).map(&:key)
      movements.reject { |movement| movement.from_recon && line_keys.include?(movement.key) }
    end

    # `amount`: the order's, or nil for an order that is not the shop's (UNKNOWN).
    def row(order_id, amount, movements, today)
      of_type = ->(type) { movements.select { |movement| movement.type == type } }
      payment = of_type.call('PAYMENT').first
      refunds = of_type.call('REFUND')
      released = of_type.call('DISPUTE_RELEASE').select { |release| release.state == :paid }.map(&:dispute_id)
      open_holds = of_type.call('DISPUTE_HOLD').reject { |hold| released.include?(hold.dispute_id) }
      settled = payment if payment && payment.state != :waiting
      waiting = payment if payment && payment.state == :waiting

      result = if amount.nil? then 'UNKNOWN'
               elsif settled && settled.amount != paise(amount, 'AMOUNT') then 'AMOUNT_MISMATCH'
               elsif open_holds.any? then 'HELD'
               elsif settled&.state == :carried then 'CARRIED_FORWARD'
               elsif settled then refunds.sum(&:amount).positive? ? 'REFUNDED' : 'MATCHED'
               # YYYY-MM-DD compares as text.
               elsif waiting then today > waiting.expected ? 'OVERDUE' : 'UNSETTLED'
               else 'MISSING'
               end
      place = (result == 'HELD' ? open_holds.first : settled)&.place || NOWHERE
      {
        'ORDER_ID' => order_id,
        'RESULT' => result,
        'AMOUNT' => amount.to_s,
        'SETTLED_AMOUNT' => settled ? settled.amount.to_s : '',
        'REFUNDED_AMOUNT' => refunds.sum(&:amount).to_s,
        'HELD_AMOUNT' => (-open_holds.sum(&:net)).to_s,
        'NET' => movements.select { |item| item.equal?(payment) || item.type != 'PAYMENT' }.sum(&:net).to_s,
        'SETTLEMENT_ID' => place['SETTLEMENT_ID'],
        'UTR' => place['UTR'],
        'SETTLEMENT_DATE' => place['SETTLEMENT_DATE'],
        'EXPECTED_SETTLEMENT_DATE' => %w[UNSETTLED OVERDUE].include?(result) ? waiting.expected : ''
      }
    end

    def counted(line, where)
      type = text(line, 'TYPE', where)
      dispute_id = type.start_with?('DISPUTE_') ? text(line, 'DISPUTE_ID', where) : line.fetch('DISPUTE_ID', '')
      Movement.new(type: type, txn_id: text(line, 'TXN_ID', where), dispute_id: dispute_id,
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
