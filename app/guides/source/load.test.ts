import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { prepareMarkdown } from './load.ts'

const options = {
  root: path.resolve(import.meta.dirname, '../../../tests/fixtures/guides'),
  siteUrl: 'https://pay.example/',
}
const document = (body: string) =>
  `---\ntitle: T\nsubject: S\nversion: 1\ndate: 2026-11-21\n---\n\n${body}\n`

describe('prepareMarkdown with shared sections', () => {
  it('inlines a section with its placeholders filled and its own code includes resolved', async () => {
    const { body } = await prepareMarkdown(
      document('## Webhooks\n\n<!-- include docs/shared.md#intro -->\n\nEnd.'),
      'docs/integration/api.md',
      options,
    )
    expect(body).toContain(
      '## Webhooks\n\n### Shared heading\n\nTry it at `https://pay.example/sandbox/pgws/webhook/events`.',
    )
    expect(body).toContain('```php kits/php/core/src/Hash.php\npublic static function canonical')
    // Every directive is resolved; a quoted kit region comes with its sample marker.
    expect(body).not.toContain('<!-- include')
    expect(body).toContain('<!-- sample: check -->\n\n```php kits/php/core/src/Hash.php')
    expect(body).toMatch(/\n\nEnd\.\n$/)
  })

  it('names the section file and its line when something inside it is wrong', async () => {
    await expect(
      prepareMarkdown(
        document('<!-- include docs/shared.md#broken -->'),
        'docs/integration/api.md',
        options,
      ),
    ).rejects.toThrow('docs/shared.md:23: include kits/php/core/src/Gone.php#hash: file not found')
    await expect(
      prepareMarkdown(
        document('<!-- include docs/shared.md#nested -->'),
        'docs/integration/api.md',
        options,
      ),
    ).rejects.toThrow(
      'docs/shared.md:17: include docs/shared.md#intro: a shared section cannot include another',
    )
  })
})
