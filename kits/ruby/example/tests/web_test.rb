# frozen_string_literal: true

require_relative 'test_helper'

class WebTest < Minitest::Test
  def test_rupees_use_indian_grouping_and_two_decimals
    assert_equal '₹1.00', Paystra::Example.rupees('100')
    assert_equal '₹0.05', Paystra::Example.rupees('5')
    assert_equal '₹2,00,000.00', Paystra::Example.rupees('20000000')
    assert_equal '₹12,34,567.89', Paystra::Example.rupees(123_456_789)
    assert_equal '₹1.00 (100 paise)', Paystra::Example.amount_text('100')
  end

  def test_the_webhook_note_says_webhooks_are_off_until_the_secret_is_set
    off = Paystra::Example.webhook_note(PaystraTest.config)
    assert_includes off, 'Set <code>PAYSTRA_WEBHOOK_SECRET</code> (from the merchant portal, not the salt) and the ' \
                         'requests it sends carry <code>NOTIFY_URL=http://127.0.0.1:8000/webhook</code>.'
    on = Paystra::Example.webhook_note(PaystraTest.config(webhook_secret: 'wh_demo_7c1e4b9a2f6d8035'))
    assert_includes on, 'The requests it sends carry <code>NOTIFY_URL=http://127.0.0.1:8000/webhook</code>.'
    refute_includes on, 'PAYSTRA_WEBHOOK_SECRET'
    [off, on].each do |note|
      assert_includes note, 'This server also listens at <code>/webhook</code>'
      assert_includes note, '<code>/orders/&lt;ORDER_ID&gt;</code>'
    end
  end

  def test_the_gateway_form_page_has_one_form_of_escaped_hidden_inputs
    html = Paystra::Example.gateway_form_page(action: 'http://gw/sandbox/paymentrequest',
                                          fields: { 'CUST_NAME' => '"><script>x</script>', 'AMOUNT' => '100' }, amount: '100')
    assert_equal 1, html.scan('<form ').length
    assert_includes html, '<form method="post" action="http://gw/sandbox/paymentrequest">'
    assert_includes html, 'value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"'
    refute_includes html, '<script>x</script>'
    assert_includes html, '<button type="submit">'
    assert_includes html, '<script>document.forms[0].submit()</script>'
    assert_includes html, '₹1.00'
  end

  def test_every_value_of_a_table_and_page_title_is_escaped
    html = Paystra::Example.page(title: '<b>', body: Paystra::Example.summary_table('ORDER_ID' => '<i>1</i>', 'AMOUNT' => '100'))
    refute_includes html, '<i>1</i>'
    assert_includes html, '&lt;i&gt;1&lt;/i&gt;'
    assert_includes html, '<title>&lt;b&gt; · Paystra</title>'
    assert_includes html, '₹1.00 (100 paise)'
  end

  def test_the_layout_reads_the_stylesheet_where_an_archive_ships_it
    kit = File.expand_path('../..', __dir__)
    assert_equal [File.join(kit, 'example', 'example.css'), File.expand_path('../shared/example.css', kit)],
                 Paystra::Example::Layout::STYLE_FILES
    assert_includes Paystra::Example.page(title: 'T', body: ''), Paystra::Example::Layout.style
  end

  def test_every_page_helper_of_the_parts_is_a_private_helper_of_an_app_and_callable_on_web
    app = Class.new { include Paystra::Example }.new
    %i[escape input fields_table summary_table notice webhook_note rupees page gateway_form_page].each do |name|
      assert Paystra::Example.respond_to?(name), "Paystra::Example.#{name}"
      assert app.respond_to?(name, true) && !app.respond_to?(name), "#{name} is a private helper of an app"
    end
  end

  def test_the_dispute_section_shows_the_dispute_and_offers_to_accept_or_contest_it_while_open
    dispute = { 'dispute_id' => 'dsp_0a1b2c3d4e5f60718293', 'status' => 'OPEN', 'reason_code' => '13.1',
                'reason' => 'Merchandise or services not received', 'amount' => '100', 'currency_code' => '356',
                'respond_by' => '2026-12-07' }
    open = Paystra::Example.dispute_section(dispute, accept_path: '/disputes/accept', contest_path: '/disputes/contest')
    hidden = '<input type="hidden" name="DISPUTE_ID" value="dsp_0a1b2c3d4e5f60718293">'
    ['<h2 id="dispute-title">Dispute</h2>', 'dsp_0a1b2c3d4e5f60718293', 'OPEN', '13.1 Merchandise or services not received',
     'Respond by 2026-12-07', %(<form method="post" action="/disputes/accept">#{hidden}),
     %(<form method="post" action="/disputes/contest">#{hidden}), '<textarea id="EVIDENCE" name="EVIDENCE"',
     'Accept dispute</button>', 'Contest dispute</button>'].each do |shown|
      assert_includes open, shown
    end
    refute_includes Paystra::Example.dispute_section(dispute), 'Accept dispute'
    decided = Paystra::Example.dispute_section(dispute.merge('status' => 'LOST'), accept_path: '/a', contest_path: '/c')
    refute_includes decided, 'Accept dispute'
    refute_includes decided, 'Contest dispute'
  end

  def test_a_foreign_amount_is_shown_in_its_currency_and_rupees_as_elsewhere
    assert_equal 'KWD 1.250 (AMOUNT 1250)', Paystra::Example.amount_in('1250', '414')
    assert_equal 'JPY 500 (AMOUNT 500)', Paystra::Example.amount_in('500', '392')
    assert_equal Paystra::Example.amount_text('100'), Paystra::Example.amount_in('100', '356')
  end
end
