# frozen_string_literal: true

require 'digest'
require 'openssl'

module Paystra
  # The HASH that signs every request and answer. (Inside `module Paystra`, `Hash` is this
  # module; Ruby's own class is `::Hash`.)
  module Hash
    module_function

    # paystra:region hash
    # Every field but HASH, sorted by key, `KEY=VALUE` joined by `~`.
    def canonical(fields)
      Fields.canonical(fields.reject { |key, _| key.to_s == 'HASH' })
    end

    # The canonical string with the salt appended, SHA-256, upper-case hex.
    def sign(fields, salt)
      Digest::SHA256.hexdigest(canonical(fields) + salt.to_s).upcase
    end
    # paystra:endregion

    # The fields with their HASH added (any HASH they carried is replaced).
    def with_hash(fields, salt)
      signed = Fields.normalize(fields).reject { |key, _| key == 'HASH' }
      signed.merge('HASH' => sign(signed, salt))
    end

    # paystra:region verify
    # True when fields['HASH'] is the hash of the other fields. Compared in constant time,
    # so the time taken says nothing about how much of a forged hash was right.
    def verify(fields, salt)
      claimed = (fields['HASH'] || fields[:HASH]).to_s
      return false unless claimed.match?(/\A\h{64}\z/)

      OpenSSL.fixed_length_secure_compare(sign(fields, salt), claimed.upcase)
    end
    # paystra:endregion
  end
end
