# frozen_string_literal: true

require_relative 'web/escape'
require_relative 'web/widgets'
require_relative 'web/layout'
require_relative 'web/exchange'
require_relative 'web/orders'

module Paystra
  # The example apps' web layer, one file per concern under web/: Escape, Widgets (the page
  # parts) and Layout (the page around them) build the pages, Exchange reads a request and
  # answers it, Orders keeps the example's orders. `include Paystra::Web` gives an app every page
  # helper; `Paystra::Web.page` and the others can be called on the module too.
  module Web
    include Escape
    include Widgets
    include Layout
    # Copies the parts' helpers onto Web itself; an app that includes Web keeps them private.
    module_function(*[Escape, Widgets, Layout].flat_map { |part| part.private_instance_methods(false) })
  end
end
