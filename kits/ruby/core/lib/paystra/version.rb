# frozen_string_literal: true

module Paystra
  VERSION = '1.0.0'
end
