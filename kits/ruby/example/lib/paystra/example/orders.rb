# frozen_string_literal: true

require 'fileutils'
require 'json'

module Paystra
  module Example
    # An example's orders, kept in one JSON file so a webhook, the browser's return and a status
    # enquiry all see the same order, also across restarts and processes. Every change reads,
    # changes and replaces the file (temp file + rename) under a lock: a Mutex for the server's
    # threads and flock for other processes.
    #
    # An order: order_id, amount, status (moved only as Paystra::OrderStatus, the library's
    # forward-only rule, allows), events (ids of the webhook events applied to it), updated_by
    # (return | webhook | status) and dispute (nil, or what dispute.* events recorded). The file also keeps every event id seen, so a delivery that
    # comes again changes nothing, and the settlements the gateway reported (settlement.processed,
    # SETTLEMENT_KEPT), which change no order.
    class Orders
      # The fields GET /orders/<ORDER_ID> shows, in this order.
      SHOWN = %w[order_id status amount events updated_by dispute].freeze
      SETTLEMENT_EVENT = 'settlement.processed'
      DISPUTE_EVENTS = %w[dispute.created dispute.won dispute.lost].freeze
      # What an order keeps of its dispute ("dispute" of GET /orders/<id>), from the gateway's fields.
      DISPUTE_KEPT = {
        'dispute_id' => 'DISPUTE_ID', 'status' => 'STATUS', 'reason_code' => 'REASON_CODE', 'reason' => 'REASON',
        'amount' => 'AMOUNT', 'currency_code' => 'CURRENCY_CODE', 'respond_by' => 'RESPOND_BY'
      }.freeze
      # A dispute only moves forward too: OPEN, then UNDER_REVIEW once contested, then WON or LOST.
      DISPUTE_STEP = { 'OPEN' => 0, 'UNDER_REVIEW' => 1, 'WON' => 2, 'LOST' => 2 }.freeze
      # What the store keeps of a settlement (its lines are the gateway's: Client#settlement).
      SETTLEMENT_KEPT = %w[SETTLEMENT_ID UTR SETTLEMENT_DATE NET_AMOUNT STATUS].freeze

      # `<PAYSTRA_DATA_DIR or data>/<example>-orders.json`, a relative directory taken from `root`
      # (the kit root).
      def self.for_example(example, data_dir: ENV.fetch('PAYSTRA_DATA_DIR', ''), root: Dir.pwd)
        dir = data_dir.to_s.strip.empty? ? 'data' : data_dir
        new(File.expand_path(File.join(dir, "#{example}-orders.json"), root))
      end

      attr_reader :path

      def initialize(path)
        @path = File.expand_path(path)
        @lock = Mutex.new
      end

      # Records an order this app created, before the customer pays.
      def create(order_id, amount)
        change do |state|
          state['orders'][order_id] ||= { 'order_id' => order_id, 'amount' => amount.to_s, 'status' => 'created',
                                          'events' => [], 'updated_by' => nil, 'dispute' => nil }
        end
      end

      # The one way an order's status changes (browser return, status enquiry and webhook alike):
      # forward only, so a late or repeated answer never undoes an outcome. `by` is 'return',
      # 'webhook' or 'status'. Unknown orders are left alone. Returns the order or nil.
      def advance(order_id, fields, by)
        change { |state| move(state['orders'][order_id], fields, by) }
      end

      # An order, with "dispute" nil when it has none (also in a file written before disputes).
      def find(order_id)
        read { |state| state['orders'][order_id]&.then { |order| { 'dispute' => nil }.merge(order) } }
      end

      # A dispute's verified fields (the answer to Client#accept_dispute or #contest_dispute)
      # recorded on its ORDER_ID, forward only. Returns the order, or nil for an unknown one.
      def disputed(fields)
        change do |state|
          order = state['orders'][fields['ORDER_ID'].to_s]
          record_dispute(order, fields) if order
          order
        end
      end

      # The newest orders first.
      def recent(count)
        read { |state| state['orders'].values.last(count).reverse }
      end

      # The paid orders as the reconciliation takes them: [{ 'ORDER_ID', 'AMOUNT' }].
      def paid_orders
        read do |state|
          state['orders'].values.select { |order| order['status'] == 'paid' }
                         .map { |order| { 'ORDER_ID' => order['order_id'], 'AMOUNT' => order['amount'].to_s } }
        end
      end

      # A settlement recorded from its settlement.processed event, or nil.
      def settlement(settlement_id)
        read { |state| state['settlements'][settlement_id] }
      end

      # POST /webhook: the raw body and the X-Paystra-Signature header, verified by the client.
      # Returns [HTTP status, JSON object]: 400 with the reason when refused; 200 otherwise,
      # and an event id seen before changes nothing.
      def receive_webhook(client, raw_body, header)
        event = client.verify_webhook(raw_body, header)
        change { |state| apply_event(state, event) }
      rescue WebhookError => e
        [400, { 'received' => false, 'reason' => e.reason, 'error' => e.message }]
      end

      # GET /orders/<ORDER_ID>: [HTTP status, JSON object].
      def show(order_id)
        order = find(order_id)
        order ? [200, order.slice(*SHOWN)] : [404, { 'error' => 'No such order' }]
      end

      # GET /settlements/<SETTLEMENT_ID>: [HTTP status, JSON object].
      def show_settlement(settlement_id)
        settlement = settlement(settlement_id)
        settlement ? [200, settlement] : [404, { 'error' => 'No such settlement' }]
      end

      private

      def apply_event(state, event)
        return [200, record_settlement(state, event)] if event['type'] == SETTLEMENT_EVENT

        id = event['id']
        order_id = event['data']['ORDER_ID']
        order = state['orders'][order_id]
        return [200, duplicate(id, order_id, order)] if state['events'].include?(id)

        state['events'] << id
        why = ignored_because(event, order)
        return [200, { 'received' => true, 'duplicate' => false, 'event_id' => id, 'ignored' => why }] if why

        answer = { 'received' => true, 'duplicate' => false, 'event_id' => id, 'order_id' => order_id }
        if DISPUTE_EVENTS.include?(event['type'])
          record_dispute(order, event['data'])
          order['events'] << id
          return [200, answer.merge('status' => order['status'], 'dispute' => order['dispute'])]
        end

        move(order, event['data'], 'webhook', id)
        [200, answer.merge('status' => order['status'])]
      end

      # settlement.processed: its settlement kept by SETTLEMENT_ID; no order changes.
      def record_settlement(state, event)
        id = event['id']
        settlement_id = event['data']['SETTLEMENT_ID'].to_s
        answer = { 'received' => true, 'duplicate' => state['events'].include?(id), 'event_id' => id }
        return answer.merge('settlement_id' => settlement_id) if answer['duplicate']

        state['events'] << id
        return answer.merge('ignored' => 'the settlement.processed event names no SETTLEMENT_ID') if settlement_id.empty?

        kept = SETTLEMENT_KEPT.to_h { |key| [key, event['data'][key].to_s] }
        state['settlements'][settlement_id] = kept
        answer.merge('settlement_id' => settlement_id, 'settlement_status' => kept['STATUS'])
      end

      def duplicate(id, order_id, order)
        { 'received' => true, 'duplicate' => true, 'event_id' => id, 'order_id' => order_id,
          'status' => order && order['status'] }
      end

      def ignored_because(event, order)
        kept = event['type'].start_with?('payment.') || DISPUTE_EVENTS.include?(event['type'])
        return "#{event['type']} events are not kept by this example" unless kept

        "no order #{event['data']['ORDER_ID'].inspect} in this example's store" unless order
      end

      # The dispute's fields on the order, unless they would move its status back (a late event).
      def record_dispute(order, fields)
        current = order['dispute']
        if current && current['dispute_id'] == fields['DISPUTE_ID']
          return if DISPUTE_STEP.fetch(fields['STATUS'].to_s, -1) < DISPUTE_STEP.fetch(current['status'].to_s, -1)
        end
        order['dispute'] = DISPUTE_KEPT.transform_values { |field| fields[field].to_s }
      end

      def move(order, fields, by, event_id = nil)
        return nil unless order

        order['events'] << event_id if event_id
        status = OrderStatus.of(fields)
        if status && OrderStatus.moves?(order['status'], status)
          order['status'] = status
          order['updated_by'] = by
        end
        order
      end

      def change
        locked do
          state = load
          result = yield state
          save(state)
          result
        end
      end

      def read
        locked { yield load }
      end

      def locked(&block)
        @lock.synchronize do
          FileUtils.mkdir_p(File.dirname(path))
          File.open("#{path}.lock", File::RDWR | File::CREAT, 0o600) do |lock|
            lock.flock(File::LOCK_EX)
            block.call
          end
        end
      end

      def load
        return { 'orders' => {}, 'settlements' => {}, 'events' => [] } unless File.file?(path)

        state = JSON.parse(File.read(path, encoding: 'UTF-8'))
        { 'orders' => state['orders'] || {}, 'settlements' => state['settlements'] || {}, 'events' => state['events'] || [] }
      rescue JSON::ParserError => e
        raise Error, "the order store #{path} is not JSON (#{e.message[0, 80]}): move it away to start afresh"
      end

      # A reader never sees half a file: the new one replaces the old in one rename.
      def save(state)
        temp = "#{path}.#{Process.pid}.tmp"
        File.write(temp, "#{JSON.pretty_generate(state)}\n")
        File.rename(temp, path)
      end
    end
  end
end
