# frozen_string_literal: true

# Paystra Ruby reconciliation example: the server example's paid orders against the settlements
# the gateway made, order by order (MATCHED, REFUNDED, AMOUNT_MISMATCH, HELD, CARRIED_FORWARD,
# UNSETTLED, OVERDUE, MISSING, UNKNOWN). HELD: a dispute holds the money back; CARRIED_FORWARD: its
# settlement paid nothing yet (its net was not above zero) and no later one has paid it out. Only
# MATCHED and REFUNDED money reached your bank. From the kit root:
#
#   ruby example/reconcile.rb [--settle-as-of ISO-8601] [--notify-url URL] [--today YYYY-MM-DD] [--json]
#
# What it does, step by step: Paystra::Example::Reconcile (example/lib/paystra/example/reconcile.rb).

# core/lib: the library a merchant installs; example/lib: the examples' layer on top of it.
$LOAD_PATH.unshift(File.expand_path('../core/lib', __dir__), File.expand_path('lib', __dir__))
require 'paystra'
require 'paystra/example/reconcile'

exit Paystra::Example::Reconcile.main(ARGV, kit_root: File.expand_path('..', __dir__))
