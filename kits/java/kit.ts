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

/**
 * A README's Java sample is one whole program, `Try.java`, run from the kit folder with Java's
 * source launcher against the compiled library, as the READMEs tell a reader: compile the library
 * once (`javac -d out core/src/main/java/com/paystra/*.java`), then `java -cp out Try.java`. The
 * library is compiled here only when out/ lacks one of its classes (an earlier block of the README
 * usually did it), so a README's samples cost one JVM each.
 */
const compileLibraryOnce = [
  'for source in core/src/main/java/com/paystra/*.java; do',
  '  name=${source##*/}',
  '  if [ ! -f "out/com/paystra/${name%.java}.class" ]; then',
  '    javac -d out core/src/main/java/com/paystra/*.java || exit 1',
  '    break',
  '  fi',
  'done',
].join('\n')

/** A check compiles the block as Try.java (javac wants a public class in its own file name). */
const compileAsTry = [
  'dir=$(mktemp -d) || exit 1',
  'cp "$1" "$dir/Try.java" && javac -d "$dir" -cp out "$dir/Try.java"',
  'status=$?',
  'rm -rf "$dir"',
  'exit $status',
].join('\n')

export const javaKit: KitLanguage = {
  id: 'java',
  name: 'Java',
  requires: ['javac', 'java'],
  // Every JVM here lives seconds at most: with the C1 compiler only and the serial collector,
  // javac and each short program take about half the CPU (6.2 s against 3.0 s for an example's
  // javac on this 2-core machine). The programs behave the same; only the JIT is less eager.
  testEnv: { JAVA_TOOL_OPTIONS: '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC' },
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
  samples: {
    extension: '.java',
    run(file: string) {
      return {
        command: 'sh',
        args: ['-c', `${compileLibraryOnce}\nexec java -cp out "$1"`, 'sh', file],
      }
    },
    check(file: string) {
      return { command: 'sh', args: ['-c', `${compileLibraryOnce}\n${compileAsTry}`, 'sh', file] }
    },
  },
}

export default javaKit
