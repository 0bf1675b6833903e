import type { ExampleId, KitLanguage } from '#kits/harness/types.ts'

/**
 * PHP: the core has no build step; every example is one front controller served by PHP's
 * built-in server. `exec` hands the shell's process to PHP so stopping it stops the server.
 */
export const php: KitLanguage = {
  id: 'php',
  name: 'PHP',
  requires: ['php'],
  unitTest: { command: 'php', args: ['core/tests/run.php'] },
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
  // data/: the examples' order stores (orders and webhook event ids of local test runs).
  exclude: ['paystra.env', 'data'],
}

export default php
