# frozen_string_literal: true

require 'paystra'
require_relative 'example/escape'
require_relative 'example/widgets'
require_relative 'example/layout'
require_relative 'example/exchange'
require_relative 'example/orders'
require_relative 'example/reconcile'

module Paystra
  # The examples' web layer, kept apart from the library a merchant installs (core/): one file
  # per concern under example/. Escape, Widgets (the page parts) and Layout (the page around
  # them) build the pages, Exchange reads a request and answers it, Orders keeps the example's
  # orders by the library's forward-only rule (Paystra::OrderStatus), Reconcile is the
  # reconciliation example's command (example/reconcile.rb). `include Paystra::Example`
  # gives an app every page helper; `Paystra::Example.page` and the others can be called on the
  # module too.
  module Example
    include Escape
    include Widgets
    include Layout
    # Copies the parts' helpers onto Example itself; an app that includes Example keeps them private.
    module_function(*[Escape, Widgets, Layout].flat_map { |part| part.private_instance_methods(false) })
  end
end
