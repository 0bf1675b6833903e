# frozen_string_literal: true

require 'date'
require 'json'
require 'paystra'
require_relative 'widgets'
require_relative 'orders'

module Paystra
  module Example
    # The reconciliation example (example/reconcile.rb): the server example's paid orders
    # (`server-orders.json`) against the settlements the gateway made, reported order by order.
    #
    # 1. With --settle-as-of, the sandbox's settlement run first (as if its clock read that time).
    # 2. The settlements dated TO - 91 days to TO = today (IST) + 7 days, each with every page of
    #    its lines.
    # 3. The gateway's recon entries of every paid order that no PAYMENT line names, or that has a
    #    dispute dated in those days (its hold may not be in a settlement yet).
    # 4. Paystra::Reconciliation.reconcile, printed as a table, or with --json as
    #    {"rows": [...]} (the only thing written to stdout then).
    #
    # Exit 0 with a report; 1, with the reason on stderr, when the gateway refuses a call or cannot
    # be reached, the order store cannot be read, or the command line is not one it takes.
    module Reconcile
      USAGE = 'Usage: ruby example/reconcile.rb [--settle-as-of ISO-8601] [--notify-url URL] [--today YYYY-MM-DD] [--json]'
      HELP = <<~TEXT
        Reconciles the server example's paid orders against the settlements Paystra made.

          --settle-as-of ISO  sandbox only: first settle everything due by then, e.g.
                              2026-11-30T11:00:00+05:30 (settlements are made at 11:00 IST)
          --notify-url URL    where that run sends its settlement.processed webhooks
                              (default: the merchant's webhook URL)
          --today YYYY-MM-DD  the date to reconcile on (default: today in India)
          --json              print {"rows": [...]} instead of a table

        Reads paystra.env (or PAYSTRA_* in the environment) and the orders in
        PAYSTRA_DATA_DIR/server-orders.json (default data/server-orders.json).
      TEXT

      # Settlements up to this many days after today: those a --settle-as-of run may date ahead.
      DAYS_AHEAD = 7
      # FROM is this many days before TO: the 92 days (inclusive) one settlements call may span.
      WINDOW_DAYS = 91
      # The order store the server example keeps (data/server-orders.json or PAYSTRA_DATA_DIR).
      STORE = 'server'
      # India keeps one offset all year.
      IST = '+05:30'

      # A command line this example cannot read.
      class UsageError < StandardError; end

      module_function

      # Runs the command: `args` without the script name, `kit_root` where paystra.env is.
      # `client` replaces the one configured from paystra.env and the environment (tests).
      def main(args, kit_root:, stdout: $stdout, stderr: $stderr, client: nil)
        options = options(args)
        if options[:help]
          stdout.write("#{USAGE}\n\n#{HELP}")
          return 0
        end
        client ||= Client.new(Config.load(kit_root))
        result = report(client, paid_orders(Orders.for_example(STORE, root: kit_root), stderr), options)
        stdout.write(options[:json] ? "#{JSON.pretty_generate('rows' => result[:rows])}\n" : text(result))
        0
      rescue UsageError => e
        stderr.puts "reconcile: #{e.message}", USAGE
        1
      rescue Paystra::Error, SystemCallError => e
        stderr.puts "reconcile: #{e.message}"
        1
      end

      # The command line's options (`--name value` or `--name=value`); raises UsageError.
      def options(args)
        options = { settle_as_of: nil, notify_url: nil, today: nil, json: false, help: false }
        args = args.dup
        until args.empty?
          name, value = args.shift.split('=', 2)
          case name
          when '--json', '--help', '-h'
            raise UsageError, "#{name} takes no value" if value

            options[name == '--json' ? :json : :help] = true
          when '--settle-as-of', '--notify-url', '--today'
            value ||= args.shift
            raise UsageError, "#{name} needs a value" if value.nil? || value.strip.empty? || value.start_with?('--')

            options[name.delete_prefix('--').tr('-', '_').to_sym] = value.strip
          else
            raise UsageError, "unknown option #{name}"
          end
        end
        raise UsageError, "--today must be a date, YYYY-MM-DD: #{options[:today]}" if options[:today] && !date(options[:today])
        if options[:notify_url] && !options[:settle_as_of]
          raise UsageError, '--notify-url goes with --settle-as-of: it is where that run sends its webhooks'
        end

        options
      end

      # The paid orders of the server example's store; none, with a word on stderr, before it has a
      # store (a store that is not JSON raises Paystra::Error).
      def paid_orders(store, stderr)
        return store.paid_orders if File.file?(store.path)

        stderr.puts "No orders at #{store.path} yet (PAYSTRA_DATA_DIR): only settled orders are listed."
        []
      end

      # Today's date in India (IST), YYYY-MM-DD.
      def today_in_india
        Time.now.getlocal(IST).strftime('%Y-%m-%d')
      end

      # The settlement dates fetched on `today`: [FROM, TO], TO = today + 7 days, FROM = TO - 91 days.
      def window(today)
        to = (date(today) || raise(ArgumentError, "not a date: #{today}")) + DAYS_AHEAD
        [(to - WINDOW_DAYS).strftime('%Y-%m-%d'), to.strftime('%Y-%m-%d')]
      end

      # The settlement run (with --settle-as-of), the settlements with their lines, the recon of
      # the orders no PAYMENT line names, and the report.
      def report(client, orders, options)
        today = options[:today] || today_in_india
        from, to = window(today)
        if options[:settle_as_of]
          run = accepted(client.run_settlement(options[:settle_as_of], notify_url: options[:notify_url]), 'The settlement run')
        end

        settlements = accepted(client.settlements(from, to), 'The settlements call')['SETTLEMENTS'].map do |listed|
          id = listed['SETTLEMENT_ID']
          accepted(client.settlement_with_all_lines(settlement_id: id), "Settlement #{id}")
        end
        paid = settlements.flat_map { |settlement| settlement['LINES'] }
                          .select { |line| line['TYPE'] == 'PAYMENT' }.to_h { |line| [line['ORDER_ID'], true] }
        disputed = accepted(client.disputes(from, to), 'The disputes call')['DISPUTES'].to_h { |dispute| [dispute['ORDER_ID'], true] }
        asked = orders.map { |order| order['ORDER_ID'] }.uniq.reject { |order_id| paid[order_id] && !disputed[order_id] }
        recon = asked.to_h do |order_id|
          answer = client.recon(order_id)
          # 328: the gateway has no such order, so nothing to list: the order is MISSING.
          [order_id, answer['RESPONSE_CODE'] == '328' ? [] : accepted(answer, "Recon of #{order_id}")['RECON']]
        end

        { rows: Reconciliation.reconcile(orders, settlements, recon, today), today: today, from: from, to: to,
          settlements: settlements, run: run && run['SETTLEMENTS'] }
      end

      # The report as text, as every kit's reconciliation example prints it: the settlement run
      # (if any), the settlements, then the orders (amounts in rupees) and a count of each result.
      def text(result)
        sections = []
        sections << "Settlement run: #{result[:run].length} settlement(s) dated in the 92 days up to it." if result[:run]
        settlements = result[:settlements]
        lines = ["Settlements dated #{result[:from]} to #{result[:to]}: #{settlements.length}"]
        unless settlements.empty?
          cells = settlements.map do |s|
            [s['SETTLEMENT_ID'], s['SETTLEMENT_DATE'], s['STATUS'], or_dash(s['UTR'].to_s), money(s['NET_AMOUNT'].to_s)]
          end
          lines << table(%w[SETTLEMENT_ID DATE STATUS UTR NET], cells, right: %w[NET])
        end
        sections << lines.join("\n")

        rows = result[:rows]
        lines = ["Orders reconciled on #{result[:today]} (IST): #{rows.length}"]
        unless rows.empty?
          columns = ['ORDER_ID', 'RESULT', 'AMOUNT', 'SETTLED', 'REFUNDED', 'HELD', 'NET', 'SETTLEMENT_ID', 'UTR', 'SETTLED ON']
          lines << table(columns, rows.map { |row| cells(row) }, right: %w[AMOUNT SETTLED REFUNDED HELD NET])
          counts = rows.map { |row| row['RESULT'] }.tally
          lines << '' << Reconciliation::RESULTS.select { |r| counts[r] }.map { |r| "#{counts[r]} #{r}" }.join(', ')
        end
        sections << lines.join("\n")
        "#{sections.join("\n\n")}\n"
      end

      def cells(row)
        due = row['EXPECTED_SETTLEMENT_DATE'].empty? ? '' : "due #{row['EXPECTED_SETTLEMENT_DATE']}"
        amounts = row.values_at('AMOUNT', 'SETTLED_AMOUNT', 'REFUNDED_AMOUNT', 'HELD_AMOUNT', 'NET').map { |paise| money(paise) }
        [row['ORDER_ID'], row['RESULT'], *amounts,
         row['SETTLEMENT_ID'], row['UTR'], row['SETTLEMENT_DATE'].empty? ? due : row['SETTLEMENT_DATE']]
      end

      # Columns padded to their widest cell; those named in `right` (amounts) aligned right.
      def table(columns, cells, right:)
        widths = ([columns] + cells).transpose.map { |column| column.map(&:length).max }
        ([columns] + cells).map do |row|
          row.each_with_index.map { |cell, i| right.include?(columns[i]) ? cell.rjust(widths[i]) : cell.ljust(widths[i]) }
             .join('  ').rstrip
        end.join("\n")
      end

      # Signed paise as rupees: "-1180" -> "-₹11.80"; "" stays "".
      def money(paise)
        paise.start_with?('-') ? "-#{Widgets.rupees(paise[1..])}" : Widgets.rupees(paise)
      end

      def or_dash(text)
        text.empty? ? '-' : text
      end

      # A verified answer that succeeded; a refusal becomes an error naming the call:
      # "The settlements call: Invalid date range (339)".
      def accepted(answer, call)
        return answer if answer['RESPONSE_CODE'] == '000'

        message = answer['RESPONSE_MESSAGE'].to_s.empty? ? 'refused' : answer['RESPONSE_MESSAGE']
        raise GatewayError.new("#{call}: #{message} (#{answer['RESPONSE_CODE']})", code: answer['RESPONSE_CODE'], fields: answer)
      end

      def date(text)
        return nil unless text.match?(/\A\d{4}-\d{2}-\d{2}\z/)

        Date.strptime(text, '%Y-%m-%d')
      rescue ArgumentError
        nil
      end
    end
  end
end
