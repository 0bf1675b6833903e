# frozen_string_literal: true

require_relative 'test_helper'

# Every vector of the shared file, so this core agrees byte for byte with the gateway.
class VectorsTest < Minitest::Test
  def test_the_file_has_hash_and_encdata_vectors
    refute_empty PaystraTest.vectors.fetch('hash')
    refute_empty PaystraTest.vectors.fetch('encdata')
  end

  PaystraTest.vectors.fetch('hash').each_with_index do |vector, index|
    define_method("test_hash_#{index}_#{vector['note'].gsub(/\W+/, '_')}") do
      fields = vector.fetch('fields')
      salt = vector.fetch('salt')
      assert_equal vector['canonical'], Paystra::Hash.canonical(fields) if vector.key?('canonical')
      if vector.key?('hash')
        assert_equal vector['hash'], Paystra::Hash.sign(fields, salt)
        assert Paystra::Hash.verify(fields.merge('HASH' => vector['hash']), salt)
        assert Paystra::Hash.verify(fields.merge('HASH' => vector['hash'].downcase), salt)
        assert_equal vector['hash'], Paystra::Hash.with_hash(fields, salt)['HASH']
      end
      if vector.key?('verifies')
        assert_equal vector['verifies'], Paystra::Hash.verify(fields.merge('HASH' => vector.fetch('claimedHash')), salt)
      end
    end
  end

  PaystraTest.vectors.fetch('encdata').each_with_index do |vector, index|
    define_method("test_encdata_#{index}_#{vector['note'].gsub(/\W+/, '_')}") do
      if vector.key?('merchantHostedKey')
        assert_equal vector['merchantHostedKey'], Paystra::Cipher.merchant_hosted_key(vector['keySalt'], vector['payId'])
      end
      key = vector['key']
      if vector.key?('encdata')
        assert_equal vector['plaintext'], Paystra::Cipher.decrypt_text(vector['encdata'], key)
        fields = Paystra::Cipher.decrypt(vector['encdata'], key)
        assert Paystra::Hash.verify(fields, vector['salt']), 'the decrypted HASH verifies' if vector.key?('salt')
      end
      if vector['roundTrip']
        assert_equal vector['encdata'], Paystra::Cipher.encrypt_text(vector['plaintext'], key)
        fields = Paystra::Fields.parse(vector['plaintext'])
        assert_equal vector['encdata'], Paystra::Cipher.encrypt(fields, vector['salt'], key)
        assert_equal vector['encdata'], Paystra::Cipher.encrypt(fields.reject { |name, _| name == 'HASH' }, vector['salt'], key)
      end
      if vector.key?('encdataWithPadding')
        padded = vector['encdataWithPadding']
        assert_equal vector['plaintext'], Paystra::Cipher.decrypt_text(padded, key)
        assert_equal vector['plaintext'], Paystra::Cipher.decrypt_text(padded.sub(/=+\z/, ''), key)
        assert_equal vector['plaintext'], Paystra::Cipher.decrypt_text(padded.tr('+', ' '), key)
        assert_equal vector['plaintext'], Paystra::Cipher.decrypt_text("\t#{padded}\n", key)
      end
    end
  end

  RECONCILIATION = PaystraTest.vectors.fetch('reconciliation')

  def test_the_reconciliation_results_are_the_vectors_results
    assert_equal RECONCILIATION.fetch('results'), Paystra::Reconciliation::RESULTS
  end

  def test_the_reconciliation_module_words_the_precedence_as_the_vectors
    sentence = "RESULT, the first that applies: #{RECONCILIATION.fetch('precedence').join(', ')}."
    source = File.read(File.join(__dir__, '..', 'lib', 'paystra', 'reconciliation.rb'))
    assert_includes source.gsub(/[\s#]+/, ' '), sentence
  end

  def test_the_reconciliation_cases_show_every_result
    shown = RECONCILIATION.fetch('cases').flat_map { |vector| vector.fetch('report').map { |row| row['RESULT'] } }
    assert_equal Paystra::Reconciliation::RESULTS, Paystra::Reconciliation::RESULTS & shown
  end

  RECONCILIATION.fetch('cases').each_with_index do |vector, index|
    define_method("test_reconciliation_#{index}_#{vector['name'].gsub(/\W+/, '_')}") do
      report = Paystra::Reconciliation.reconcile(vector.fetch('orders'), vector.fetch('settlements'), vector.fetch('recon'),
                                                 vector.fetch('today'))
      assert_equal vector.fetch('report'), report
      report.each { |row| assert_equal Paystra::Reconciliation::COLUMNS, row.keys }
    end
  end

  def test_the_design_status_enquiry_vector
    fields = { 'ORDER_ID' => 'SPIN020406172', 'PAY_ID' => '1001340526093022', 'TXNTYPE' => 'STATUS' }
    assert_equal 'A3097C8B28D22786CFFB1466EC1340577CB1CAE98953E31577A57C3A277F36D1',
                 Paystra::Hash.sign(fields, '473531b173db4371')
  end
end
