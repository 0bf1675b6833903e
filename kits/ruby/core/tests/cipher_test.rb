# frozen_string_literal: true

require_relative 'test_helper'

class CipherTest < Minitest::Test
  SALT = 'merchant-salt'

  def setup
    @key = Paystra::Cipher.merchant_hosted_key('f0e1d2c3b4a59687', '1000000000000001')
  end

  def test_round_trip_of_unicode_spaces_and_equals
    fields = { 'CUST_NAME' => 'Ünïcødé नाम', 'NOTE' => 'a=b c', 'EMPTY' => '' }
    encdata = Paystra::Cipher.encrypt(fields, SALT, @key)
    refute encdata.end_with?('='), 'Base64 without padding'
    decrypted = Paystra::Cipher.decrypt(encdata, @key)
    assert_equal fields.merge('HASH' => Paystra::Hash.sign(fields, SALT)), decrypted
    assert Paystra::Hash.verify(decrypted, SALT)
    assert_equal Encoding::UTF_8, decrypted['CUST_NAME'].encoding
  end

  def test_a_form_post_that_turned_plus_into_space_still_decrypts
    text = (0..200).map { |n| "A=#{n}" }.find { |plain| Paystra::Cipher.encrypt_text(plain, @key).include?('+') }
    refute_nil text
    encdata = Paystra::Cipher.encrypt_text(text, @key)
    assert_equal text, Paystra::Cipher.decrypt_text(encdata.tr('+', ' '), @key)
  end

  def test_refuses_another_key_junk_and_a_bad_key
    encdata = Paystra::Cipher.encrypt({ 'AMOUNT' => '100' }, SALT, @key)
    other = Paystra::Cipher.merchant_hosted_key('other', '1000000000000001')
    assert_raises(Paystra::ProtocolError) { Paystra::Cipher.decrypt(encdata, other) }
    assert_raises(Paystra::ProtocolError) { Paystra::Cipher.decrypt('not base64 !!', @key) }
    assert_raises(Paystra::ProtocolError) { Paystra::Cipher.decrypt('', @key) }
    assert_raises(Paystra::ProtocolError) { Paystra::Cipher.decrypt('QUJD', @key) }
    assert_raises(Paystra::ProtocolError) { Paystra::Cipher.encrypt({ 'A' => '1' }, SALT, 'short') }
  end

  def test_tampered_ciphertext_or_forged_hash_does_not_verify
    forged = Paystra::Cipher.encrypt_text("AMOUNT=1~ORDER_ID=LP1~HASH=#{'A' * 64}", @key)
    refute Paystra::Hash.verify(Paystra::Cipher.decrypt(forged, @key), SALT)

    encdata = Paystra::Cipher.encrypt({ 'AMOUNT' => '100', 'ORDER_ID' => 'LP1', 'STATUS' => 'Captured' }, SALT, @key)
    bytes = encdata.unpack1('m').bytes
    bytes[3] ^= 1 # the first block changes, so the second block's plaintext changes
    altered = [bytes.pack('C*')].pack('m0')
    result = begin
      Paystra::Hash.verify(Paystra::Cipher.decrypt(altered, @key), SALT)
    rescue Paystra::ProtocolError
      false
    end
    refute result
  end

  def test_the_key_is_32_upper_case_hex_characters
    assert_match(/\A[0-9A-F]{32}\z/, @key)
  end
end
