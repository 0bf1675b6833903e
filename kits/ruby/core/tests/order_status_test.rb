# frozen_string_literal: true

require_relative 'test_helper'

# The forward-only order rule against the `orders` table of the shared vectors: the status each
# answer asks for (status_of) and, for every pair of statuses, whether the order moves.
class OrderStatusTest < Minitest::Test
  ORDERS = PaystraTest.vectors.fetch('orders')

  def test_the_rule_is_worded_as_the_vectors_word_it
    sentence = ORDERS.fetch('about').split(' status_of ').first
    words = ->(text) { text.gsub(/[\s#]+/, ' ').strip }
    source = File.read(File.expand_path('../lib/paystra/order_status.rb', __dir__), encoding: 'UTF-8')
    assert_includes words.call(source), words.call(sentence)
  end

  def test_the_statuses_are_the_vectors_statuses
    assert_equal ORDERS.fetch('statuses'), Paystra::OrderStatus::STATUSES
  end

  ORDERS.fetch('status_of').each_with_index do |vector, index|
    define_method("test_status_of_#{index}_#{vector['fields'].values.join('_')}") do
      assert_equal vector.fetch('status'), Paystra::OrderStatus.of(vector.fetch('fields'))
    end
  end

  ORDERS.fetch('transitions').each do |vector|
    from, to, moves = vector.values_at('from', 'to', 'moves')
    define_method("test_transition_#{from}_to_#{to}_#{moves ? 'moves' : 'stays'}") do
      assert_equal moves, Paystra::OrderStatus.moves?(from, to), "#{from} -> #{to}"
      assert_equal moves ? to : from, Paystra::OrderStatus.advance(from, to)
    end
  end

  def test_every_pair_of_statuses_is_in_the_transitions
    pairs = ORDERS.fetch('transitions').map { |vector| vector.values_at('from', 'to') }
    statuses = Paystra::OrderStatus::STATUSES
    assert_equal statuses.product(statuses).sort, pairs.sort
  end

  def test_328_no_transaction_for_the_order_yet_asks_for_no_status
    assert_nil Paystra::OrderStatus.of('RESPONSE_CODE' => '328', 'STATUS' => 'Failed')
  end
end
