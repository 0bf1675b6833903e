# frozen_string_literal: true

module Paystra
  # The currencies the gateway takes and their amounts. AMOUNT is always digits in the currency's
  # minor units (¥500 = "500", $12.34 = "1234", KWD 1.250 = "1250"); CURRENCY_CODE is the ISO 4217
  # numeric code. Only cards take a foreign currency; the gateway settles in rupees and answers a
  # foreign payment with FX_RATE (rupees per unit, four decimals) and INR_AMOUNT (paise).
  module Currency
    # code: "USD"; number: "840", as CURRENCY_CODE carries it; minor_units: digits after the point.
    Entry = Struct.new(:code, :number, :minor_units)

    # paystra:generated currencies (ruby core/tools/currency_table.rb rewrites this from the vectors)
    ALL = [
      Entry.new('INR', '356', 2),
      Entry.new('USD', '840', 2),
      Entry.new('EUR', '978', 2),
      Entry.new('GBP', '826', 2),
      Entry.new('JPY', '392', 0),
      Entry.new('CHF', '756', 2),
      Entry.new('CAD', '124', 2),
      Entry.new('AUD', '036', 2),
      Entry.new('NZD', '554', 2),
      Entry.new('SGD', '702', 2),
      Entry.new('HKD', '344', 2),
      Entry.new('CNY', '156', 2),
      Entry.new('KRW', '410', 0),
      Entry.new('AED', '784', 2),
      Entry.new('SAR', '682', 2),
      Entry.new('QAR', '634', 2),
      Entry.new('KWD', '414', 3),
      Entry.new('BHD', '048', 3),
      Entry.new('OMR', '512', 3),
      Entry.new('JOD', '400', 3),
      Entry.new('ILS', '376', 2),
      Entry.new('TRY', '949', 2),
      Entry.new('ZAR', '710', 2),
      Entry.new('KES', '404', 2),
      Entry.new('MUR', '480', 2),
      Entry.new('LKR', '144', 2),
      Entry.new('NPR', '524', 2),
      Entry.new('BDT', '050', 2),
      Entry.new('THB', '764', 2),
      Entry.new('MYR', '458', 2),
      Entry.new('IDR', '360', 2),
      Entry.new('PHP', '608', 2),
      Entry.new('SEK', '752', 2),
      Entry.new('NOK', '578', 2),
      Entry.new('DKK', '208', 2),
      Entry.new('PLN', '985', 2),
    ].freeze
    # paystra:endgenerated

    INR = ALL.first
    MAJOR = /\A(\d{1,15})(?:\.(\d+))?\z/.freeze
    RATE = /\A(\d+)\.(\d{4})\z/.freeze

    module_function

    # The currency of an alphabetic code ("usd" or "USD"), or nil when the gateway does not take it.
    def by_code(code)
      ALL.find { |currency| currency.code == code.to_s.upcase }
    end

    # The currency of a CURRENCY_CODE ("840", or "36" for "036"), or nil (the gateway answers 319).
    def by_number(number)
      text = number.to_s
      return nil unless text.match?(/\A\d{1,3}\z/)

      ALL.find { |currency| currency.number == text.rjust(3, '0') }
    end

    # An amount in the currency's major unit as AMOUNT: "12.34" USD → "1234", "500" JPY → "500".
    # More decimals than the currency has are refused ("USD has 2 decimals"), never rounded: the
    # customer would pay another amount than the one shown.
    def to_minor_units(major, currency)
      currency = lookup(currency)
      match = MAJOR.match(major.to_s.strip)
      raise InvalidRequest, "#{major.inspect} is not an amount: digits with at most one decimal point" unless match

      fraction = match[2].to_s
      raise InvalidRequest, "#{currency.code} has #{currency.minor_units} decimals" if fraction.length > currency.minor_units

      minor = Integer(match[1] + fraction.ljust(currency.minor_units, '0'), 10)
      raise InvalidRequest, 'AMOUNT must be more than zero' if minor.zero?

      minor.to_s
    end

    # AMOUNT written in the major unit: "1234" USD → "12.34", "500" JPY → "500".
    def from_minor_units(amount, currency)
      currency = lookup(currency)
      digits = Integer(amount.to_s, 10).to_s.rjust(currency.minor_units + 1, '0')
      return digits if currency.minor_units.zero?

      "#{digits[0...-currency.minor_units]}.#{digits[-currency.minor_units..]}"
    end

    # The paise a foreign AMOUNT comes to at FX_RATE, as the gateway computes INR_AMOUNT: exact
    # integers, rounded half up once. Lets you check a payment's INR_AMOUNT, or quote one.
    def inr_amount(amount, currency, fx_rate)
      currency = lookup(currency)
      rate = RATE.match(fx_rate.to_s)
      raise InvalidRequest, "FX_RATE has four decimals, e.g. 84.2150: #{fx_rate.inspect}" unless rate

      numerator = Integer(amount.to_s, 10) * Integer(rate[1] + rate[2], 10) * 100
      denominator = (10**currency.minor_units) * 10_000
      ((numerator * 2 + denominator) / (denominator * 2)).to_s
    end

    # An Entry, or the one a code or CURRENCY_CODE names.
    def lookup(currency)
      return currency if currency.is_a?(Entry)

      by_code(currency) || by_number(currency) ||
        raise(InvalidRequest, "#{currency.inspect} is not a currency the gateway takes")
    end
  end
end
