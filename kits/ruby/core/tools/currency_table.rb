# frozen_string_literal: true

# Rewrites the currency table of lib/paystra/currency.rb from the protocol vectors' `currencies`
# section, so the table is never typed by hand:
#
#   ruby core/tools/currency_table.rb [path/to/vectors.json]   (default: PAYSTRA_VECTORS)
require 'json'

source = ARGV[0] || ENV.fetch('PAYSTRA_VECTORS', '')
abort 'usage: currency_table.rb VECTORS_JSON (or set PAYSTRA_VECTORS)' if source.empty?
listed = JSON.parse(File.read(source, encoding: 'UTF-8'))['currencies']['list']
rows = listed.map { |entry| "      Entry.new('#{entry['CODE']}', '#{entry['CURRENCY_CODE']}', #{entry['MINOR_UNITS']}),\n" }
table = File.expand_path('../lib/paystra/currency.rb', __dir__)
text = File.read(table, encoding: 'UTF-8')
text = text.sub(/(# paystra:generated currencies[^\n]*\n).*?(\s*# paystra:endgenerated)/m) do
  "#{Regexp.last_match(1)}    ALL = [\n#{rows.join}    ].freeze#{Regexp.last_match(2)}"
end
File.write(table, text)
puts "#{table}: #{listed.size} currencies"
