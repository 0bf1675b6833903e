# frozen_string_literal: true

# Runs every test of the examples' web layer (pages, escaping, the example's order store):
# `ruby example/tests/run.rb` from the kit root. The library's own tests are core/tests/run.rb.
require_relative 'test_helper'

Dir[File.join(__dir__, '*_test.rb')].sort.each { |file| require file }
