# frozen_string_literal: true

# The examples' web layer is tested on the library's own helper (core/tests/test_helper.rb).
$LOAD_PATH.unshift(File.expand_path('../lib', __dir__))
require_relative '../../core/tests/test_helper'
require 'paystra/example'
