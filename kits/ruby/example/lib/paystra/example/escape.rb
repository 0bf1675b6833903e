# frozen_string_literal: true

require 'cgi'

module Paystra
  module Example
    # Escaping for the example pages: every value that reaches a page goes through `escape`, so a
    # customer's name or a gateway message can never inject markup.
    module Escape
      module_function

      # Escapes a value for HTML text and attribute values.
      def escape(value)
        CGI.escapeHTML(value.to_s)
      end
    end
  end
end
