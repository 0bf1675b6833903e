import type { ExampleId, KitLanguage } from '#kits/harness/types.ts'

/**
 * PHP: core/ is the library a merchant installs (protocol, client, webhook verification, the
 * order rule), example/ the web layer every example runs on (pages, escaping, the example's order
 * store); each example is one front controller on it, served by PHP's built-in server. Nothing
 * to build. `exec` hands the shell's process to PHP so stopping it stops the server.
 */
export const php: KitLanguage = {
  id: 'php',
  name: 'PHP',
  requires: ['php'],
  // The library's tests (the shared vectors among them), then the web layer's.
  unitTest: {
    command: 'sh',
    args: ['-c', 'php core/tests/run.php && php example/tests/run.php'],
  },
  start(example: ExampleId) {
    return {
      command: 'sh',
      args: [
        '-c',
        `exec php -S "127.0.0.1:$PORT" -t ${example}/public ${example}/public/index.php`,
      ],
    }
  },
  examples: ['server', 'merchant-hosted', 'pg', 'epos', 'wallet', 'pos'],
  // The reconciliation example: a command line on the web layer, reading the server's orders.
  reconcile: { command: 'php', args: ['example/reconcile.php'] },
  // A README's PHP block, as the README tells a reader: saved in the kit folder beside core/ (it
  // requires __DIR__ . '/core/src/autoload.php' and reads paystra.env there), run with `php`;
  // a block that needs the reader's own server or data is only linted.
  samples: {
    extension: '.php',
    run: (file: string) => ({ command: 'php', args: [file] }),
    check: (file: string) => ({ command: 'php', args: ['-l', file] }),
  },
  // data/: the examples' order stores (orders and webhook event ids of local test runs).
  exclude: ['paystra.env', 'data'],
}

export default php
