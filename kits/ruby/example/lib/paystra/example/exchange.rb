# frozen_string_literal: true

require 'json'
require 'uri'

module Paystra
  module Example
    # One request and its answer, on WEBrick's request and response objects (or any with the
    # same methods): the query and body read as UTF-8 fields, JSON or a page as the client asks,
    # and the error an app raises when a request cannot be taken.
    module Exchange
      JSON_TYPE = 'application/json; charset=utf-8'
      HTML_TYPE = 'text/html; charset=utf-8'

      # The browser made a request the app cannot take (answered with `status` and `message`).
      class BadInput < StandardError
        attr_reader :status

        def initialize(message, status = 400)
          super(message)
          @status = status
        end
      end

      private

      # JSON when the client asks for it (Accept: application/json); the JSON-first endpoints
      # (`json_default`) answer JSON unless a browser asks for HTML.
      def respond(req, res, status, json_body, json_default: false)
        if wants_json?(req) || (json_default && !wants_html?(req))
          send_json(res, status, json_body)
        else
          html(res, status, yield)
        end
      end

      def send_json(res, status, body)
        res.status = status
        res['Content-Type'] = JSON_TYPE
        res.body = JSON.generate(body)
      end

      def html(res, status, body)
        res.status = status
        res['Content-Type'] = HTML_TYPE
        res.body = body
      end

      def wants_json?(req)
        req['Accept'].to_s.include?('application/json')
      end

      def wants_html?(req)
        req['Accept'].to_s.include?('text/html')
      end

      # The query string and the body (urlencoded or JSON) as UTF-8 strings; the first of a
      # repeated name wins.
      def params(req)
        pairs = decode_form(req.query_string.to_s)
        body = req.body.to_s
        if req.content_type.to_s.start_with?('application/json')
          object = parse_json_object(body)
          pairs += object.map { |key, value| [key.to_s, value.is_a?(String) ? value : value.to_s] }
        elsif !body.empty?
          pairs += decode_form(body)
        end
        pairs.each_with_object({}) { |(key, value), out| out[key] = value unless out.key?(key) }
      end

      def decode_form(text)
        return [] if text.empty?

        URI.decode_www_form(text.dup.force_encoding(Encoding::UTF_8)).map do |key, value|
          raise BadInput, 'The form is not valid UTF-8.' unless key.valid_encoding? && value.valid_encoding?

          [key, value]
        end
      rescue ArgumentError
        raise BadInput, 'The form could not be read.'
      end

      def parse_json_object(body)
        object = JSON.parse(body.dup.force_encoding(Encoding::UTF_8))
        raise BadInput, 'Send a JSON object.' unless object.is_a?(Hash)

        object
      rescue JSON::ParserError
        raise BadInput, 'The JSON body could not be read.'
      end
    end
  end
end
