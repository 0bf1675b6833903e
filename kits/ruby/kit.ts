import type { ExampleId, KitLanguage } from '#kits/harness/types.ts'

/**
 * Ruby: the core is plain Ruby on the standard library; the server example runs on WEBrick
 * (Debian's ruby-webrick, or `gem install webrick` on Ruby 3.0 and later). Nothing to build.
 */
export const ruby: KitLanguage = {
  id: 'ruby',
  name: 'Ruby',
  requires: ['ruby'],
  unitTest: { command: 'ruby', args: ['core/tests/run.rb'] },
  start(example: ExampleId) {
    return { command: 'ruby', args: [`${example}/app.rb`] }
  },
  examples: ['server'],
  exclude: ['paystra.env', 'core/tests/vectors.json', 'data'],
}

export default ruby
