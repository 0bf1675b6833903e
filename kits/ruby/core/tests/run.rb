# frozen_string_literal: true

# Runs every test of the Paystra Ruby library (core): `ruby core/tests/run.rb` from the kit root.
# The protocol vectors are read from PAYSTRA_VECTORS, by default core/tests/vectors.json.
require_relative 'test_helper'

Dir[File.join(__dir__, '*_test.rb')].sort.each { |file| require file }
