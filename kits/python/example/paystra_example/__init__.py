"""
The Paystra Python examples' shared web code: routing on the standard library's
ThreadingHTTPServer, the pages and their parts, and the example order store. Not part of the
paystra library (core/) a merchant installs; each example imports it as paystra_example.web.
"""
