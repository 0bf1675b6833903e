# frozen_string_literal: true

require_relative 'widgets'

module Paystra
  module Example
    # The page around every screen of an example: header, content and footer with the examples'
    # one stylesheet (example/example.css); and the page that hands the customer to the
    # gateway, the one page with a script.
    module Layout
      include Widgets
      extend Widgets # Layout.page and Layout.gateway_form_page use the page parts too

      # The one stylesheet every kit language's examples use: example/example.css beside this web
      # layer, or else where the kits' sources keep it, shared by every language, before an
      # archive puts a copy here.
      STYLE_FILES = [
        File.expand_path('../../../example.css', __dir__),
        File.expand_path('../../../../../shared/example.css', __dir__)
      ].freeze

      class << self
        # The stylesheet, read on the first page rendered (the protocol needs no file).
        def style
          @style ||= File.read(STYLE_FILES.find { |file| File.file?(file) } ||
                               raise("Missing #{STYLE_FILES.first}: the examples' stylesheet"), encoding: 'UTF-8')
        end
      end

      module_function

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
          #{Layout.style}</style>
          </head>
          <body>
          <header class="top"><div class="wrap"><a class="brand" href="/">Paystra <span>#{escape(subtitle)}</span></a></div></header>
          <main class="wrap">
          #{body}
          </main>
          <footer class="wrap"><p>Amounts travel in paise, the rupee's minor unit: AMOUNT 100 is ₹1.00.</p></footer>
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
    end
  end
end
