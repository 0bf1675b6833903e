# frozen_string_literal: true

require 'cgi'

module Paystra
  # HTML for a merchant's pages: the layout, the form that hands the customer to the gateway,
  # result summaries and amounts in rupees. Every value is escaped here, so an example only
  # passes data in.
  module Web
    module_function

    STYLE = <<~CSS
      :root { --brand: #4a2fd6; --brand-strong: #2d1a99; --brand-soft: #eeebff; --ink: #12142b;
        --ink-soft: #464a66; --line: #dcdcea; --ok: #0f7a3d; --ok-soft: #e5f6ec; --bad: #b42318;
        --bad-soft: #fdecea; --wait: #8a5a00; --wait-soft: #fff4db; }
      * { box-sizing: border-box; }
      body { margin: 0; font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
        color: var(--ink); background: #f6f6fb; }
      header { background: #fff; border-bottom: 1px solid var(--line); }
      header div, main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.25rem; }
      header strong { color: var(--brand); font-size: 1.15rem; letter-spacing: .01em; }
      header span { color: var(--ink-soft); margin-left: .5rem; font-size: .9rem; }
      main { padding-top: 1.5rem; padding-bottom: 3rem; }
      h1 { font-size: 1.6rem; line-height: 1.25; margin: 0 0 .5rem; }
      h2 { font-size: 1.15rem; margin: 0 0 .75rem; }
      h3 { font-size: 1rem; margin: 1.25rem 0 .5rem; }
      p { margin: 0 0 .75rem; }
      a { color: var(--brand); }
      .lead { color: var(--ink-soft); max-width: 44rem; }
      .grid { display: grid; gap: 1.25rem; grid-template-columns: repeat(auto-fit, minmax(min(100%, 22rem), 1fr)); margin-top: 1.25rem; }
      .stack { display: grid; gap: 1.25rem; align-content: start; }
      ol.steps { padding-left: 1.25rem; margin: 0; }
      ol.steps li { margin: 0 0 .6rem; }
      .card { background: #fff; border: 1px solid var(--line); border-radius: 12px; padding: 1.25rem;
        box-shadow: 0 6px 20px rgba(30, 20, 110, .05); }
      label { display: block; font-weight: 600; font-size: .92rem; margin: .75rem 0 .25rem; }
      .hint { display: block; font-weight: 400; color: var(--ink-soft); font-size: .82rem; }
      input, select { width: 100%; padding: .55rem .65rem; border: 1px solid #b9b9cf; border-radius: 8px;
        font: inherit; background: #fff; color: var(--ink); }
      input:focus, select:focus, button:focus, a:focus { outline: 3px solid rgba(74, 47, 214, .35); outline-offset: 2px; }
      button, .button { display: inline-block; margin-top: 1rem; padding: .6rem 1.1rem; border: 0; border-radius: 8px;
        background: var(--brand); color: #fff; font: inherit; font-weight: 600; cursor: pointer; text-decoration: none; }
      button:hover, .button:hover { background: var(--brand-strong); }
      .button.secondary { background: #fff; color: var(--brand); border: 1px solid var(--brand); }
      table { width: 100%; border-collapse: collapse; font-size: .92rem; table-layout: fixed; }
      th, td { text-align: left; padding: .45rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top;
        overflow-wrap: anywhere; }
      th { color: var(--ink-soft); font-weight: 600; }
      tbody th { width: 40%; }
      caption { text-align: left; color: var(--ink-soft); font-size: .82rem; padding-bottom: .35rem; }
      code { font: .88em/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--brand-soft);
        padding: .1em .3em; border-radius: 4px; }
      .notice { border-radius: 10px; padding: .85rem 1rem; margin: 1rem 0; border: 1px solid; }
      .notice.ok { background: var(--ok-soft); border-color: #9bd3b0; color: var(--ok); }
      .notice.bad { background: var(--bad-soft); border-color: #f1b1aa; color: var(--bad); }
      .notice.wait { background: var(--wait-soft); border-color: #efd08a; color: var(--wait); }
      .badge { display: inline-block; padding: .1rem .55rem; border-radius: 999px; font-size: .85rem; font-weight: 600; }
      .badge.ok { background: var(--ok-soft); color: var(--ok); }
      .badge.bad { background: var(--bad-soft); color: var(--bad); }
      .badge.wait { background: var(--wait-soft); color: var(--wait); }
      ul.tests { padding-left: 1.1rem; margin: 0; }
      ul.tests li { margin: .2rem 0; }
      footer { color: var(--ink-soft); font-size: .85rem; text-align: center; padding: 0 1rem 2rem; }
    CSS

    # Escapes a value for HTML text and attribute values.
    def escape(value)
      CGI.escapeHTML(value.to_s)
    end

    # A whole page. `body` is HTML the caller built with these helpers (values escaped).
    def page(title:, body:, subtitle: 'Ruby server kit · sandbox')
      <<~HTML
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="robots" content="noindex">
        <link rel="icon" href="data:,">
        <title>#{escape(title)} · Paystra</title>
        <style>
        #{STYLE}</style>
        </head>
        <body>
        <header><div><strong>Paystra</strong><span>#{escape(subtitle)}</span></div></header>
        <main>
        #{body}
        </main>
        <footer>Amounts travel in paise, the rupee's minor unit: AMOUNT 100 is ₹1.00.</footer>
        </body>
        </html>
      HTML
    end

    # The page that hands the customer to the gateway: one form of hidden inputs, submitted at
    # once by a one-line script, with a button for browsers that run no scripts.
    def gateway_form_page(action:, fields:, title: 'Taking you to the payment page', amount: nil)
      amount_line = amount ? "<p>Amount to pay: <strong>#{escape(rupees(amount))}</strong></p>" : ''
      page(title: title, body: <<~HTML)
        <div class="card">
        <h1>#{escape(title)}</h1>
        #{amount_line}
        <p class="lead">You are being sent to Paystra's secure payment page. If nothing happens, press the button.</p>
        <form method="post" action="#{escape(action)}">
        #{hidden_inputs(fields)}
        <button type="submit">Continue to payment</button>
        </form>
        </div>
        <script>document.forms[0].submit()</script>
      HTML
    end

    def hidden_inputs(fields)
      fields.map { |name, value| %(<input type="hidden" name="#{escape(name)}" value="#{escape(value)}">) }.join("\n")
    end

    # A labelled text input; `hint` explains the format under the label.
    # `id` defaults to the name; give another when two forms of a page share a field name.
    def input(name, label, value: '', type: 'text', hint: nil, required: false, id: name, attributes: {})
      extra = attributes.map { |key, attr| %( #{escape(key)}="#{escape(attr)}") }.join
      hint_html = hint ? %(<span class="hint" id="#{escape(id)}-hint">#{escape(hint)}</span>) : ''
      described = hint ? %( aria-describedby="#{escape(id)}-hint") : ''
      flag = required ? ' required' : ''
      <<~HTML
        <label for="#{escape(id)}">#{escape(label)}#{hint_html}</label>
        <input id="#{escape(id)}" name="#{escape(name)}" type="#{escape(type)}" value="#{escape(value)}"#{described}#{flag}#{extra}>
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
  end
end
