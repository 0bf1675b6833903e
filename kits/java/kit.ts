import { delimiter } from 'node:path'
import type { ExampleId, KitLanguage } from '#kits/harness/types.ts'

/**
 * Java 17: the JDK only (java.net.http for the gateway, com.sun.net.httpserver for the apps).
 * core/ is the library a merchant installs (com.paystra: protocol, client, webhook verification,
 * the order rule, the settlement calls and reconcile); example/ the web layer every example runs
 * on (com.paystra.examples.web: routing, pages, the example's order store, and Reconcile, the
 * reconciliation example over the server example's store). One javac run compiles both, their
 * test runners and every example into out/; each example is one App class whose main starts its
 * web app.
 */
const examples = ['server', 'pg', 'epos', 'wallet', 'pos'] as const satisfies ExampleId[]

const sourceRoots = [
  'core/src/main/java',
  'core/src/test/java',
  'example/src/main/java',
  'example/src/test/java',
  ...examples.map((example) => `${example}/src/main/java`),
]

const entryPoints = [
  'core/src/test/java/com/paystra/CoreTests.java',
  'core/src/main/java/com/paystra/Cli.java',
  'example/src/test/java/com/paystra/examples/web/WebTests.java',
  'example/src/main/java/com/paystra/examples/web/Reconcile.java',
  ...examples.map((example) => `${example}/src/main/java/com/paystra/examples/${example}/App.java`),
]

export const javaKit: KitLanguage = {
  id: 'java',
  name: 'Java',
  requires: ['javac', 'java'],
  build: {
    command: 'javac',
    // -sourcepath lets javac find every class the entry points use, so no file list is needed.
    args: [
      '-d',
      'out',
      '-encoding',
      'UTF-8',
      '-sourcepath',
      sourceRoots.join(delimiter),
      ...entryPoints,
    ],
  },
  // The library's tests (the shared vectors among them), then the web layer's.
  unitTest: {
    command: 'sh',
    args: [
      '-c',
      'java -cp out com.paystra.CoreTests && java -cp out com.paystra.examples.web.WebTests',
    ],
  },
  start(example: ExampleId) {
    return { command: 'java', args: ['-cp', 'out', `com.paystra.examples.${example}.App`] }
  },
  examples: [...examples],
  reconcile: { command: 'java', args: ['-cp', 'out', 'com.paystra.examples.web.Reconcile'] },
  exclude: ['out', 'data', 'paystra.env', 'core/tests/vectors.json'],
}

export default javaKit
