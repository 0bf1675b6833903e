# frozen_string_literal: true

module Paystra
  # Request and response fields travel as `KEY=VALUE` pairs joined by `~`.
  module Fields
    module_function

    # Every key and value as a UTF-8 string (symbols and numbers are accepted as input).
    def normalize(fields)
      fields.each_with_object({}) do |(key, value), out|
        out[utf8(key)] = utf8(value)
      end
    end

    # `KEY=VALUE~KEY=VALUE` with the keys sorted by byte (= code unit for the protocol's ASCII
    # keys); an empty value is kept as `KEY=`.
    def canonical(fields)
      normalize(fields).sort_by { |key, _| key.b }.map { |key, value| "#{key}=#{value}" }.join('~')
    end

    # Reads `KEY=VALUE~...` in any order; only the first `=` of a pair separates.
    def parse(text)
      text = utf8(text)
      return {} if text.empty?

      text.split('~', -1).each_with_object({}) do |pair, fields|
        separator = pair.index('=')
        raise ProtocolError, "malformed field #{pair[0, 40].inspect}" if separator.nil? || separator.zero?

        fields[pair[0, separator]] = pair[(separator + 1)..]
      end
    end

    def utf8(value)
      string = value.nil? ? +'' : value.to_s.dup
      string.force_encoding(Encoding::UTF_8)
      raise ProtocolError, 'a field is not valid UTF-8' unless string.valid_encoding?

      string
    end
  end
end
