# frozen_string_literal: true

require_relative 'lib/paystra/version'

# For merchants who use Bundler: `gem 'paystra', path: 'core'` in the Gemfile.
Gem::Specification.new do |spec|
  spec.name = 'paystra'
  spec.version = Paystra::VERSION
  spec.summary = 'Paystra payment gateway integration: signed payment requests, ENCDATA, ' \
                 'response and webhook verification, status enquiry, refunds, QR and payouts.'
  spec.description = 'The Paystra merchant protocol on Ruby\'s standard library only: the SHA-256 ' \
                     'request HASH, AES-256-CBC ENCDATA of merchant-hosted requests and responses, ' \
                     'and the JSON calls of the gateway.'
  spec.authors = ['Paystra Payments Private Limited']
  spec.homepage = 'https://paystra.example/developers'
  spec.license = 'MIT'
  spec.required_ruby_version = '>= 3.0'
  spec.files = Dir[File.join(__dir__, 'lib', '**', '*.rb')].map { |file| file.delete_prefix("#{__dir__}/") }
  spec.require_paths = ['lib']
  spec.metadata['rubygems_mfa_required'] = 'true'
end
