# frozen_string_literal: true

$LOAD_PATH.unshift(File.expand_path('../lib', __dir__))
require 'json'
require 'minitest/autorun'
require 'paystra'

module PaystraTest
  DEMO = {
    pay_id: '1000000000000001',
    salt: 'a1b2c3d4e5f60718',
    key_salt: 'f0e1d2c3b4a59687'
  }.freeze

  # The shared protocol vectors: vectors.json next to these tests, or the file PAYSTRA_VECTORS names.
  def self.vectors
    @vectors ||= begin
      path = ENV.fetch('PAYSTRA_VECTORS', '').strip
      path = File.join(__dir__, 'vectors.json') if path.empty?
      unless File.file?(path)
        abort "Test vectors not found at #{path}. Set PAYSTRA_VECTORS to the vectors file."
      end
      JSON.parse(File.read(path, encoding: 'UTF-8'))
    end
  end

  def self.config(**overrides)
    Paystra::Config.new(base_url: 'http://127.0.0.1:4999/sandbox', app_url: 'http://127.0.0.1:8000', **DEMO, **overrides)
  end
end
