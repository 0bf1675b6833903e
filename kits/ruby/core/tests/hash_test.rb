# frozen_string_literal: true

require_relative 'test_helper'

class HashTest < Minitest::Test
  SALT = 'a1b2c3d4e5f60718'

  def test_sign_ignores_a_hash_field_and_with_hash_replaces_it
    fields = { 'B' => '2', 'A' => '1' }
    signed = Paystra::Hash.with_hash(fields.merge('HASH' => 'OLD'), SALT)
    assert_equal Paystra::Hash.sign(fields, SALT), signed['HASH']
    assert_equal Paystra::Hash.sign(signed, SALT), signed['HASH']
    assert_equal 'A=1~B=2', Paystra::Hash.canonical(signed)
  end

  def test_symbol_keys_and_numbers_sign_like_strings
    assert_equal Paystra::Hash.sign({ 'AMOUNT' => '100', 'ORDER_ID' => 'X1' }, SALT),
                 Paystra::Hash.sign({ AMOUNT: 100, ORDER_ID: 'X1' }, SALT)
  end

  def test_verify_accepts_lower_case_and_refuses_junk_missing_and_tampering
    signed = Paystra::Hash.with_hash({ 'AMOUNT' => '100', 'ORDER_ID' => 'X1' }, SALT)
    assert Paystra::Hash.verify(signed, SALT)
    assert Paystra::Hash.verify(signed.merge('HASH' => signed['HASH'].downcase), SALT)
    refute Paystra::Hash.verify(signed.merge('HASH' => 'nope'), SALT)
    refute Paystra::Hash.verify(signed.merge('HASH' => "#{signed['HASH']}0"), SALT)
    refute Paystra::Hash.verify(signed.reject { |key, _| key == 'HASH' }, SALT)
    refute Paystra::Hash.verify(signed.merge('AMOUNT' => '1'), SALT), 'a tampered amount'
    refute Paystra::Hash.verify(signed.merge('EXTRA' => ''), SALT), 'an added empty field'
    refute Paystra::Hash.verify(signed, 'another-salt')
  end

  def test_keys_sort_by_code_unit_not_alphabetically_by_word
    assert_equal 'TXNTYPE=SALE~TXN_ID=1~a=lower', Paystra::Fields.canonical('a' => 'lower', 'TXN_ID' => '1', 'TXNTYPE' => 'SALE')
  end

  def test_parse_keeps_equals_inside_values_and_empty_values
    assert_equal({ 'B' => '2', 'A' => 'x=y', 'C' => '' }, Paystra::Fields.parse('B=2~A=x=y~C='))
    assert_equal({}, Paystra::Fields.parse(''))
    assert_raises(Paystra::ProtocolError) { Paystra::Fields.parse('A=1~broken') }
    assert_raises(Paystra::ProtocolError) { Paystra::Fields.parse('=1') }
  end

  def test_invalid_utf8_is_refused
    assert_raises(Paystra::ProtocolError) { Paystra::Hash.sign({ 'A' => "\xFF".b }, SALT) }
  end
end
