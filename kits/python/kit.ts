import type { ExampleId, KitLanguage } from '#kits/harness/types.ts'

/**
 * Python: the standard library plus `cryptography` (AES) when installed; without it, the core's own
 * standard-library AES (core/paystra/aes.py, forced with PAYSTRA_AES=pure). PYTHON names the
 * interpreter, preferably one with `cryptography` (Debian's /usr/bin/python3 has it), so both AES
 * implementations are tested and compared. core/ is the paystra
 * library a merchant installs (protocol, client, webhook verification, the order rule); example/
 * the web layer every example runs on (paystra_example: routing, pages, the example's order
 * store); every example is one app.py on the standard library's ThreadingHTTPServer; nothing to
 * build.
 */
const python = process.env.PYTHON ?? 'python3'

export const pythonKit: KitLanguage = {
  id: 'python',
  name: 'Python',
  requires: [python],
  // The library's tests (the shared vectors among them), again with the standard-library AES
  // forced (the fallback of a Python without `cryptography`), then the web layer's.
  unitTest: {
    command: 'sh',
    args: [
      '-c',
      [
        `"${python}" -m unittest discover -s core/tests -t core`,
        `PAYSTRA_AES=pure "${python}" -m unittest discover -s core/tests -t core`,
        `"${python}" -m unittest discover -s example/tests -t example`,
      ].join(' && '),
    ],
  },
  start(example: ExampleId) {
    // -u: unbuffered, so the app's console reaches the harness as it happens.
    return { command: python, args: ['-u', `${example}/app.py`] }
  },
  // A README's Python block is a program the reader saves in the kit's folder (the one holding
  // core/) under the name the prose gives, and runs as the prose says: `PYTHONPATH=core python3
  // try.py`. A block that needs what only the reader has is compiled, not run.
  samples: {
    extension: '.py',
    run: (file) => ({ command: 'env', args: ['PYTHONPATH=core', python, file] }),
    check: (file) => ({
      command: python,
      args: [
        '-c',
        "import sys; compile(open(sys.argv[1], encoding='utf-8').read(), sys.argv[1], 'exec')",
        file,
      ],
    }),
  },
  examples: ['server', 'pg', 'epos', 'wallet', 'pos'],
  serverRefunds: true,
  // Every example sends payment links (GET and POST /paylinks): example/paystra_example/web.py.
  paylinks: true,
  // And the monthly plan (GET and POST /subscriptions): web.py subscription_routes.
  subscriptions: true,
  // Beside the server example, whose order book it reconciles.
  reconcile: { command: python, args: ['server/reconcile.py'] },
  exclude: [
    'paystra.env',
    'core/tests/vectors.json',
    'core/paystra/__pycache__',
    'core/tests/__pycache__',
    'example/paystra_example/__pycache__',
    'example/tests/__pycache__',
    'core/build',
    'core/paystra.egg-info',
    // The examples' order files (PAYSTRA_DATA_DIR defaults to data/): local state, not the kit.
    'data',
  ],
}

export default pythonKit
