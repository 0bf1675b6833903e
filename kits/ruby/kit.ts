import type { ExampleId, KitLanguage } from '#kits/harness/types.ts'

/**
 * Ruby: core/ is the library a merchant installs (plain Ruby on the standard library: protocol,
 * client, webhook verification, the order rule), example/ the web layer the server example runs
 * on (pages, escaping, the example's order store). The server runs on WEBrick (Debian's
 * ruby-webrick, or `gem install webrick` on Ruby 3.0 and later). Nothing to build.
 */
export const ruby: KitLanguage = {
  id: 'ruby',
  name: 'Ruby',
  requires: ['ruby'],
  // The library's tests (the shared vectors among them), then the web layer's.
  unitTest: {
    command: 'sh',
    args: ['-c', 'ruby core/tests/run.rb && ruby example/tests/run.rb'],
  },
  start(example: ExampleId) {
    return { command: 'ruby', args: [`${example}/app.rb`] }
  },
  examples: ['server'],
  // The reconciliation example: a command line on the example layer, reading the server's orders.
  reconcile: { command: 'ruby', args: ['example/reconcile.rb'] },
  // A README's `ruby` block is a whole program the reader saves in the kit's folder (`try.rb`)
  // and runs with the library on the load path: `ruby -I core/lib try.rb`.
  samples: {
    extension: '.rb',
    run: (file) => ({ command: 'ruby', args: ['-I', 'core/lib', file] }),
    check: (file) => ({ command: 'ruby', args: ['-c', file] }),
  },
  exclude: ['paystra.env', 'core/tests/vectors.json', 'data'],
}

export default ruby
