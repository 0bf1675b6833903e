# frozen_string_literal: true

require_relative 'test_helper'

# The currency table and the amount helpers against the shared vectors' `currencies` section.
class CurrencyTest < Minitest::Test
  def listed
    PaystraTest.vectors.fetch('currencies').fetch('list')
  end

  # Regenerate with `ruby core/tools/currency_table.rb` when the vectors change.
  def test_the_table_is_the_vectors_list
    assert_equal(listed.map { |entry| [entry['CODE'], entry['CURRENCY_CODE'], entry['MINOR_UNITS']] },
                 Paystra::Currency::ALL.map { |currency| [currency.code, currency.number, currency.minor_units] })
  end

  def test_every_sample_converts_both_ways_and_to_rupees
    listed.each do |entry|
      currency = Paystra::Currency.by_number(entry['CURRENCY_CODE'])
      assert_equal Paystra::Currency.by_code(entry['CODE']), currency
      entry['samples'].each do |sample|
        context = "#{entry['CODE']} #{sample['AMOUNT']}"
        assert_equal sample['AMOUNT'], Paystra::Currency.to_minor_units(sample['MAJOR'], currency), context
        assert_equal sample['MAJOR'], Paystra::Currency.from_minor_units(sample['AMOUNT'], currency), context
        assert_equal sample['INR_AMOUNT'], Paystra::Currency.inr_amount(sample['AMOUNT'], currency, entry['FX_RATE']), context
      end
    end
  end

  def test_more_decimals_than_the_currency_has_are_refused
    [['1.234', 'USD', 'USD has 2 decimals'], ['5.5', 'JPY', 'JPY has 0 decimals'], ['1.2345', 'KWD', 'KWD has 3 decimals']].each do |major, code, reason|
      assert_equal reason, assert_raises(Paystra::InvalidRequest) { Paystra::Currency.to_minor_units(major, code) }.message
    end
    assert_equal '1230', Paystra::Currency.to_minor_units('12.3', 'USD')
    assert_equal '1250', Paystra::Currency.to_minor_units('1.25', '414')
    ['', '0', '0.00', '-1', '1,000', '1e3', '１'].each do |bad|
      assert_raises(Paystra::InvalidRequest, bad) { Paystra::Currency.to_minor_units(bad, 'USD') }
    end
  end

  def test_unknown_codes
    assert_nil Paystra::Currency.by_number('999')
    assert_nil Paystra::Currency.by_code('XXX')
    assert_equal 'AUD', Paystra::Currency.by_number('36').code
    assert_raises(Paystra::InvalidRequest) { Paystra::Currency.to_minor_units('1', '999') }
  end
end
