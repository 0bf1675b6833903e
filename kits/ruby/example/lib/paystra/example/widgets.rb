# frozen_string_literal: true

require_relative 'escape'

module Paystra
  module Example
    # The page parts a merchant's pages are made of: inputs, field and summary tables, notices,
    # the word on webhooks and amounts in rupees. Every value is escaped here, so an example only
    # passes data in.
    module Widgets
      include Escape
      extend Escape # Widgets.input and the others escape too
      module_function

      # One hidden input per field, one a line: what a form carries to the gateway.
      def hidden_inputs(fields)
        fields.map { |name, value| %(<input type="hidden" name="#{escape(name)}" value="#{escape(value)}">) }.join("\n")
      end

      # A labelled text input; `hint` explains the format under the input.
      # `id` defaults to the name; give another when two forms of a page share a field name.
      def input(name, label, value: '', type: 'text', hint: nil, required: false, id: name, attributes: {})
        extra = attributes.map { |key, attr| %( #{escape(key)}="#{escape(attr)}") }.join
        hint_html = hint ? %(<p class="hint" id="#{escape(id)}-hint">#{escape(hint)}</p>) : ''
        described = hint ? %( aria-describedby="#{escape(id)}-hint") : ''
        flag = required ? ' required' : ''
        <<~HTML
          <label for="#{escape(id)}">#{escape(label)}</label>
          <input id="#{escape(id)}" name="#{escape(name)}" type="#{escape(type)}" value="#{escape(value)}"#{described}#{flag}#{extra}>
          #{hint_html}
        HTML
      end

      # A labelled select; `options` is [[value, text], ...].
      def select(name, label, options, selected: nil)
        items = options.map do |value, text|
          %(<option value="#{escape(value)}"#{value == selected ? ' selected' : ''}>#{escape(text)}</option>)
        end
        <<~HTML
          <label for="#{escape(name)}">#{escape(label)}</label>
          <select id="#{escape(name)}" name="#{escape(name)}">#{items.join}</select>
        HTML
      end

      # Every field of an answer as a two-column table.
      def fields_table(fields, caption: nil)
        rows = fields.map { |key, value| "<tr><th scope=\"row\">#{escape(key)}</th><td>#{escape(value)}</td></tr>" }
        caption_html = caption ? "<caption>#{escape(caption)}</caption>" : ''
        "<table>#{caption_html}<tbody>#{rows.join}</tbody></table>"
      end

      # What a customer and a developer need from a payment answer: order, transaction, amount
      # in rupees, status, code and message.
      def summary_table(fields)
        rows = {
          'Order id' => fields['ORDER_ID'],
          'Transaction id' => fields['TXN_ID'],
          'Amount' => fields['AMOUNT'] && amount_text(fields['AMOUNT']),
          'Status' => fields['STATUS'],
          'Response code' => fields['RESPONSE_CODE'],
          'Message' => fields['RESPONSE_MESSAGE'],
          'Payment method' => [fields['PAYMENT_TYPE'], fields['MOP_TYPE']].compact.reject(&:empty?).join(' / '),
          'Date and time' => fields['RESPONSE_DATE_TIME']
        }.reject { |_, value| value.nil? || value.to_s.empty? }
        fields_table(rows)
      end

      # An order's dispute: what the customer's bank says, by when to answer, and (while it is
      # OPEN) the "Accept dispute" and "Contest dispute" forms posting to the paths given.
      def dispute_section(dispute, accept_path: nil, contest_path: nil)
        answers = dispute['status'] == 'OPEN' ? dispute_forms(dispute['dispute_id'], accept_path, contest_path) : ''
        <<~HTML
          <section class="card" aria-labelledby="dispute-title">
          <h2 id="dispute-title">Dispute</h2>
          <p>The customer's bank disputes this payment; its amount is held from your settlements until it is decided.
          Accepting loses it at once; contesting puts your evidence before the issuer, who decides after the deadline.</p>
          #{fields_table({ 'Dispute id' => dispute['dispute_id'], 'Status' => dispute['status'],
                           'Reason' => "#{dispute['reason_code']} #{dispute['reason']}",
                           'Amount disputed' => amount_in(dispute['amount'], dispute['currency_code']) })}
          <p><strong>Respond by #{escape(dispute['respond_by'])}</strong> (end of the day, IST).</p>
          #{answers}</section>
        HTML
      end

      def dispute_forms(dispute_id, accept_path, contest_path)
        hidden = %(<input type="hidden" name="DISPUTE_ID" value="#{escape(dispute_id)}">)
        accept = <<~HTML if accept_path
          <form method="post" action="#{escape(accept_path)}">#{hidden}
          <button type="submit" class="secondary">Accept dispute</button>
          </form>
        HTML
        contest = <<~HTML if contest_path
          <form method="post" action="#{escape(contest_path)}">#{hidden}
          <label for="EVIDENCE">Why the payment is valid</label>
          <textarea id="EVIDENCE" name="EVIDENCE" rows="4" maxlength="5000" required></textarea>
          <p class="hint">1 to 5,000 characters: what was delivered, when, to whom.</p>
          <button type="submit">Contest dispute</button>
          </form>
        HTML
        "#{accept}#{contest}"
      end

      # A coloured notice: :ok, :bad or :wait.
      def notice(message, kind = :bad)
        role = kind == :bad ? ' role="alert"' : ''
        %(<div class="notice #{escape(kind)}"#{role}>#{escape(message)}</div>)
      end

      # The home page's word on webhooks: where the app listens and where NOTIFY_URL points (the
      # requests carry it only once PAYSTRA_WEBHOOK_SECRET is set).
      def webhook_note(config)
        url = "<code>NOTIFY_URL=#{escape(config.webhook_url)}</code>"
        notify = if config.notify_url
                   "The requests it sends carry #{url}."
                 else
                   'Set <code>PAYSTRA_WEBHOOK_SECRET</code> (from the merchant portal, not the salt) and the requests it ' \
                     "sends carry #{url}."
                 end
        <<~HTML
          <p class="hint">This server also listens at <code>/webhook</code> for the gateway’s signed events, which tell it
          each outcome even when the customer’s browser never comes back. #{notify} <code>APP_URL</code> must be an address
          the gateway can reach. See an order as this app recorded it at <code>/orders/&lt;ORDER_ID&gt;</code>.</p>
        HTML
      end

      # The notice kind of a gateway STATUS.
      def status_kind(fields)
        return :ok if fields['RESPONSE_CODE'] == '000'
        return :wait if %w[Pending].include?(fields['STATUS']) || %w[006 026].include?(fields['RESPONSE_CODE'])

        :bad
      end

      # Paise to rupees with Indian digit grouping: 10000000 -> "₹1,00,000.00".
      def rupees(paise)
        digits = paise.to_s
        return digits unless digits.match?(/\A\d+\z/)

        rupees, paise_part = digits.to_i.divmod(100)
        whole = rupees.to_s
        grouped = whole.length > 3 ? "#{whole[0...-3].reverse.scan(/\d{1,2}/).join(',').reverse},#{whole[-3..]}" : whole
        format('₹%<rupees>s.%<paise>02d', rupees: grouped, paise: paise_part)
      end

      # "₹1.00 (100 paise)": the amount as people read it and as the protocol carries it.
      def amount_text(paise)
        "#{rupees(paise)} (#{paise} paise)"
      end

      # An AMOUNT in its currency: rupees as amount_text shows them, "USD 12.34 (AMOUNT 1234)" otherwise.
      def amount_in(amount, currency_code)
        currency = Paystra::Currency.by_number(currency_code)
        return amount_text(amount) if currency.nil? || currency == Paystra::Currency::INR || !amount.to_s.match?(/\A\d+\z/)

        "#{currency.code} #{Paystra::Currency.from_minor_units(amount, currency)} (AMOUNT #{amount})"
      end
    end
  end
end
