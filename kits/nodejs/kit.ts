import { readdirSync } from 'node:fs'
import type { ExampleId, KitLanguage } from '#kits/harness/types.ts'

/**
 * A folder's test files, listed one by one: `node --test <folder>` searches the folder only up
 * to Node.js 20 (from 21 on the argument is a glob), while file names work on every version.
 */
const testFiles = (folder: string) =>
  readdirSync(new URL(`./${folder}/`, import.meta.url))
    .filter((name) => name.endsWith('.test.js'))
    .sort()
    .map((name) => `${folder}/${name}`)

/**
 * Node.js: plain ES modules on Node.js 18 or later, no build step and no dependencies. core/ is
 * the library a merchant installs (protocol, client, webhook verification, the order rule);
 * example/ the web layer every example runs on (routing on node:http, pages, the example's order
 * store); every example is one node:http app, `node <example>/app.js`, reading paystra.env and
 * the environment.
 */
export const nodejs: KitLanguage = {
  id: 'nodejs',
  name: 'Node.js',
  requires: ['node'],
  // The library's tests (the shared vectors among them), then the web layer's.
  unitTest: {
    command: 'node',
    args: ['--test', ...testFiles('core/tests'), ...testFiles('example/tests')],
  },
  start(example: ExampleId) {
    return { command: 'node', args: [`${example}/app.js`] }
  },
  examples: ['server', 'pg', 'epos', 'wallet', 'pos'],
  // Every example but server (whose routes are its own) sends payment links: example/web.js.
  paylinks: true,
  // And the monthly plan (GET and POST /subscriptions): example/web.js subscriptionRoutes.
  subscriptions: true,
  // Beside the server example, whose order store it reconciles.
  reconcile: { command: 'node', args: ['server/reconcile.js'] },
  // A README's `js` block is a whole program the reader saves beside core/ as an ES module
  // (`try.mjs`: the archive's root has no package.json) and runs with `node try.mjs`.
  samples: {
    extension: '.mjs',
    run: (file) => ({ command: 'node', args: [file] }),
    check: (file) => ({ command: 'node', args: ['--check', file] }),
  },
  // data/: the examples' order stores, written at run time.
  exclude: ['paystra.env', 'node_modules', 'data'],
}

export default nodejs
