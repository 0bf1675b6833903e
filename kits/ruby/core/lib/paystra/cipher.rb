# frozen_string_literal: true

require 'digest'
require 'openssl'

module Paystra
  # ENCDATA: the encrypted fields of merchant-hosted (seamless) requests and of every response
  # the gateway posts back to RETURN_URL.
  module Cipher
    module_function

    # The merchant-hosted key: the first 32 characters of upper-case hex SHA-256(key salt +
    # PAY_ID). Its 32 ASCII bytes are the AES-256 key, its first 16 characters the IV.
    def merchant_hosted_key(key_salt, pay_id)
      Digest::SHA256.hexdigest(key_salt.to_s + pay_id.to_s).upcase[0, 32]
    end

    # paystra:region encrypt
    # ENCDATA of a request: the sorted fields plus `~HASH=<their hash>`, AES-256-CBC with
    # PKCS#7 padding, Base64 without the trailing `=`.
    def encrypt(fields, salt, key)
      plain = Fields.normalize(fields).reject { |name, _| name == 'HASH' }
      encrypt_text("#{Fields.canonical(plain)}~HASH=#{Paystra::Hash.sign(plain, salt)}", key)
    end

    def encrypt_text(plaintext, key)
      aes = aes_cipher(:encrypt, key)
      bytes = aes.update(Fields.utf8(plaintext)) + aes.final
      [bytes].pack('m0').delete_suffix('==').delete_suffix('=')
    end
    # paystra:endregion

    # paystra:region decrypt
    # The fields of ENCDATA, HASH included (check it with Paystra::Hash.verify). Accepts
    # padded and unpadded Base64, and spaces where a form post turned `+` into a space.
    def decrypt(encdata, key)
      Fields.parse(decrypt_text(encdata, key))
    end

    def decrypt_text(encdata, key)
      base64 = encdata.to_s.tr(' ', '+').strip.sub(/=+\z/, '')
      raise ProtocolError, 'ENCDATA is not Base64' unless base64.match?(%r{\A[A-Za-z0-9+/]+\z})

      bytes = (base64 + ('=' * (-base64.length % 4))).unpack1('m0')
      aes = aes_cipher(:decrypt, key)
      text = (aes.update(bytes) + aes.final).force_encoding(Encoding::UTF_8)
      raise ProtocolError, 'ENCDATA does not decrypt with this key' unless text.valid_encoding?

      text
    rescue ArgumentError, OpenSSL::Cipher::CipherError
      raise ProtocolError, 'ENCDATA does not decrypt with this key'
    end
    # paystra:endregion

    def aes_cipher(direction, key)
      key = key.to_s
      raise ProtocolError, 'the key must be 32 ASCII characters' unless key.match?(/\A[\x21-\x7e]{32}\z/)

      aes = OpenSSL::Cipher.new('aes-256-cbc')
      direction == :encrypt ? aes.encrypt : aes.decrypt
      aes.key = key.b
      aes.iv = key.b[0, 16]
      aes
    end
  end
end
