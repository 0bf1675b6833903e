import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  dedent,
  extractRegion,
  findIncludes,
  IncludeError,
  languageOf,
  resolveIncludes,
} from './include.ts'

const fixtures = path.resolve(import.meta.dirname, '../../../tests/fixtures/guides')

describe('extractRegion', () => {
  const source = [
    'before',
    '    // paystra:region outer',
    '    function a() {',
    '        // paystra:region inner',
    '        return 1;',
    '        // paystra:endregion',
    '    }',
    '',
    '    // paystra:endregion',
    '# paystra:region other',
    'x = 1',
    '# paystra:endregion',
  ].join('\n')

  it('quotes the lines between the markers, drops inner markers and the common indentation', () => {
    expect(extractRegion(source, 'outer')).toBe('function a() {\n    return 1;\n}')
    expect(extractRegion(source, 'inner')).toBe('return 1;')
    expect(extractRegion(source, 'other')).toBe('x = 1')
  })

  it('names the regions that exist when one is missing', () => {
    expect(() => extractRegion(source, 'hash', 'Hash.php')).toThrow(
      'Hash.php: no region "hash" (regions marked: outer, inner, other)',
    )
  })

  it('refuses a region without its end and a region marked twice', () => {
    expect(() => extractRegion('// paystra:region a\nx', 'a')).toThrow('has no paystra:endregion')
    const twice =
      '// paystra:region a\n// paystra:endregion\n// paystra:region a\n// paystra:endregion'
    expect(() => extractRegion(twice, 'a')).toThrow('marked twice')
  })

  it('handles Windows line ends and tabs', () => {
    expect(
      extractRegion('# paystra:region t\r\n\tif x:\r\n\t\ty\r\n# paystra:endregion', 't'),
    ).toBe('if x:\n    y')
    expect(dedent(['  a', '', '    b  '])).toBe('a\n\n  b')
  })
})

describe('resolveIncludes', () => {
  const options = { root: fixtures, source: 'docs/integration/test.md' }

  it('replaces each directive with a fenced block naming the language and the file', async () => {
    const markdown = [
      'Intro',
      '',
      '<!-- include kits/php/core/src/Hash.php#hash -->',
      '',
      '<!-- include kits/python/core/paystra/hash.py#hash -->',
    ].join('\n')
    expect(findIncludes(markdown)).toEqual([
      { file: 'kits/php/core/src/Hash.php', region: 'hash' },
      { file: 'kits/python/core/paystra/hash.py', region: 'hash' },
    ])
    const resolved = await resolveIncludes(markdown, options)
    expect(resolved).toContain(
      '```php kits/php/core/src/Hash.php\npublic static function canonical',
    )
    expect(resolved).toContain('```python kits/python/core/paystra/hash.py\ndef canonical(')
    expect(resolved).not.toContain('paystra:region')
    expect(resolved).not.toContain('<!-- include')
  })

  it('fails the build naming the document, the line and the path of a missing file', async () => {
    await expect(
      resolveIncludes('a\n\n<!-- include kits/php/core/src/Nope.php#hash -->', options),
    ).rejects.toThrow(
      'docs/integration/test.md:3: include kits/php/core/src/Nope.php#hash: file not found',
    )
  })

  it('fails the build on a missing region', async () => {
    const result = resolveIncludes('<!-- include kits/php/core/src/Hash.php#refund -->', options)
    await expect(result).rejects.toThrow(IncludeError)
    await expect(result).rejects.toThrow(
      'include kits/php/core/src/Hash.php#refund: kits/php/core/src/Hash.php: no region "refund"',
    )
  })

  it('refuses paths outside the repository', async () => {
    await expect(resolveIncludes('<!-- include ../secrets.php#hash -->', options)).rejects.toThrow(
      'must stay inside the repository',
    )
  })

  it('inlines a shared Markdown section as prepared by the section hook, with its file and line', async () => {
    const calls: Array<[string, number]> = []
    const resolved = await resolveIncludes(
      'Before\n\n<!-- include docs/shared.md#intro -->\n\nAfter',
      {
        ...options,
        section: async (markdown, source, firstLine) => {
          calls.push([source, firstLine])
          return markdown.toUpperCase()
        },
      },
    )
    expect(calls).toEqual([['docs/shared.md', 7]])
    expect(resolved).toMatch(/^Before\n\n### SHARED HEADING\n\nTRY IT AT/)
    expect(resolved).toContain('<!-- INCLUDE KITS/PHP/CORE/SRC/HASH.PHP#HASH -->')
    expect(resolved).toMatch(/\n\nAfter$/)
    expect(resolved).not.toContain('PAYSTRA:REGION')
  })

  it('refuses a shared section without the hook: sections do not include sections', async () => {
    await expect(resolveIncludes('<!-- include docs/shared.md#intro -->', options)).rejects.toThrow(
      'docs/integration/test.md:1: include docs/shared.md#intro: a shared section cannot include another',
    )
  })

  it('leaves other comments alone', async () => {
    expect(await resolveIncludes('<!-- codes: api -->\ntext', options)).toBe(
      '<!-- codes: api -->\ntext',
    )
  })
})

describe('languageOf', () => {
  it('maps kit file extensions to fence languages', () => {
    expect(languageOf('kits/php/core/src/Hash.php')).toEqual({ fence: 'php', label: 'PHP' })
    expect(languageOf('a/b.py').fence).toBe('python')
    expect(languageOf('A.java').fence).toBe('java')
    expect(languageOf('x.mjs').label).toBe('Node.js')
    expect(languageOf('x.rb').fence).toBe('ruby')
    expect(languageOf('README').fence).toBe('text')
  })
})
