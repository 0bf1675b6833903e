# frozen_string_literal: true

require 'uri'
require 'paystra/example'

module PaystraServerKit
  # The store's pages, each a whole document in Paystra::Example's layout: the home page with its
  # forms and notes, a payment's result, a refused response, the gateway's signed answers and the
  # error page. App decides which one a request gets; nothing here reads a request.
  module Pages
    include Paystra::Example

    private

    # The home page: the store's forms, the gateway it talks to, its latest orders.
    def home_page(config, recent, values:, message:)
      page(title: 'Ruby server kit', body: <<~HTML)
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
        #{recent_orders(recent)}
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

    # The orders this app recorded last, each linked to its status enquiry.
    def recent_orders(recent)
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

    # GET /orders/<ORDER_ID> for a browser: the order as this app recorded it, and its dispute.
    def order_page(order)
      rows = { 'Status' => order['status'], 'Amount' => amount_text(order['amount']),
               'Updated by' => order['updated_by'] || '–', 'Events' => order['events'].empty? ? 'none' : order['events'].join(', ') }
      dispute = if order['dispute']
                  dispute_section(order['dispute'], accept_path: '/disputes/accept', contest_path: '/disputes/contest')
                else
                  ''
                end
      page(title: "Order #{order['order_id']}", body: <<~HTML)
        <div class="stack">
        <section class="card">
        <h1>Order #{escape(order['order_id'])}</h1>
        #{fields_table(rows, caption: 'As this app recorded it')}
        #{status_link(order['order_id'])} <a class="button secondary" href="/">Back to the store</a>
        </section>
        #{dispute}
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

    def error_page(status, message)
      page(title: 'Error', body: <<~HTML)
        <div class="card">
        <h1>#{status == 404 ? 'Page not found' : 'We could not do that'}</h1>
        #{notice(message)}
        <a class="button" href="/">Back to the store</a>
        </div>
      HTML
    end
  end
end
