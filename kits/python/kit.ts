import type { ExampleId, KitLanguage } from '#kits/harness/types.ts'

/**
 * Python: the standard library plus `cryptography` (AES). PYTHON names the interpreter when the
 * one on PATH lacks `cryptography` (Debian's /usr/bin/python3 has it). core/ is the paystra
 * library a merchant installs; examples-web/ is the examples' shared web code
 * (paystra_examples: routing, pages, the example order store); every example is one app.py on
 * the standard library's ThreadingHTTPServer; nothing to build.
 */
const python = process.env.PYTHON ?? 'python3'

export const pythonKit: KitLanguage = {
  id: 'python',
  name: 'Python',
  requires: [python],
  unitTest: {
    command: python,
    args: ['-m', 'unittest', 'discover', '-s', 'core/tests', '-t', 'core'],
  },
  exampleTest: {
    command: python,
    args: ['-m', 'unittest', 'discover', '-s', 'examples-web/tests', '-t', 'examples-web'],
  },
  start(example: ExampleId) {
    // -u: unbuffered, so the app's console reaches the harness as it happens.
    return { command: python, args: ['-u', `${example}/app.py`] }
  },
  examples: ['server', 'pg', 'epos', 'wallet', 'pos'],
  exclude: [
    'paystra.env',
    'core/tests/vectors.json',
    'core/paystra/__pycache__',
    'core/tests/__pycache__',
    'examples-web/paystra_examples/__pycache__',
    'examples-web/tests/__pycache__',
    'core/build',
    'core/paystra.egg-info',
    // The examples' order files (PAYSTRA_DATA_DIR defaults to data/): local state, not the kit.
    'data',
  ],
}

export default pythonKit
