import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { developerDocs } from '#app/content/downloads.ts'
import { findPage, isStaticPath } from '#app/content/pages.ts'
import { parseFrontMatter } from './source/front-matter.ts'
import { openApiDocument } from '#gateway/openapi/document.ts'
import { apiReferenceMarkdown } from './api-reference.server.ts'
import { guideHtml } from './guide-html.server.ts'
import { guideLinks, guidePath, guideSlug } from './guide-links.ts'

describe('integration guides on the web', () => {
  it('has a static, indexed page for every PDF, titled and described as its source', () => {
    expect(guideLinks).toHaveLength(developerDocs.length)
    for (const guide of guideLinks) {
      const slug = guideSlug({ href: guide.pdf })
      expect(guide.path).toBe(guidePath(slug))
      const source = `docs/integration/${slug}.md`
      const { meta } = parseFrontMatter(readFileSync(source, 'utf8'), source)
      expect(guide.title).toBe(meta.title)
      const page = findPage(guide.path)
      expect(page?.title).toBe(`${meta.title} — Paystra`)
      expect(page?.description).toBe(meta.subject)
      expect(page?.file).toBe('routes/developer-guide.tsx')
      expect(page?.indexed).toBe(true)
      expect(isStaticPath(guide.path)).toBe(true)
    }
  })
})

describe('guideHtml', () => {
  it('gives headings the anchors the guides link to, and lists them for the contents', () => {
    const { html, headings } = guideHtml(
      '## HASH: signing the request\n\nSee [codes](#response-codes).\n\n## Response codes\n\n### `000` Captured\n',
    )
    expect(headings).toEqual([
      { id: 'hash-signing-the-request', text: 'HASH: signing the request', level: 2 },
      { id: 'response-codes', text: 'Response codes', level: 2 },
      { id: '000-captured', text: '000 Captured', level: 3 },
    ])
    expect(html).toContain(
      '<h2 id="response-codes"><a class="guide__anchor" href="#response-codes">',
    )
    expect(html).toContain('<a href="#response-codes">codes</a>')
  })

  it('numbers repeated headings so every anchor is unique', () => {
    const { headings } = guideHtml('## Request\n\n## Request\n')
    expect(headings.map((heading) => heading.id)).toEqual(['request', 'request-2'])
  })

  it('labels code samples with their language and escapes them', () => {
    const { html } = guideHtml('```php\n<?php echo "a & b";\n```\n')
    expect(html).toContain('<figure class="code-sample" data-language="PHP">')
    expect(html).toContain('<code>&lt;?php echo &quot;a &amp; b&quot;;</code>')
  })

  it('puts tables in a named, scrollable region with column headers', () => {
    const { html } = guideHtml(
      '## Fields\n\n| Field | Format |\n| --- | --- |\n| `AMOUNT` | Paise |\n',
    )
    expect(html).toContain(
      '<div class="guide__table" role="region" aria-label="Fields: table" tabindex="0">',
    )
    expect(html).toContain('<th scope="col">Field</th>')
    expect(html).toContain('<td><code>AMOUNT</code></td>')
  })

  it('drops the sources’ notes to the build', () => {
    const { html } = guideHtml('<!-- fields: payment-request -->\n\nText.\n')
    expect(html).not.toContain('fields:')
    expect(html).toContain('<p>Text.</p>')
  })
})

describe('apiReferenceMarkdown', () => {
  const document = openApiDocument()
  const markdown = apiReferenceMarkdown(document)

  it('has every operation, with its method, path and request fields', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      expect(markdown).toContain(`\`POST /sandbox${path}\``)
      expect(markdown).toContain(`### ${item.post.summary}`)
    }
    for (const field of ['PAY_ID', 'ORDER_ID', 'REFUND_ORDER_ID', 'PAYOUT_ID', 'HASH']) {
      expect(markdown).toContain(`| \`${field}\` |`)
    }
  })

  it('has every webhook event and the recorded examples', () => {
    for (const type of Object.keys(document.webhooks)) expect(markdown).toContain(`### ${type}`)
    expect(markdown).toContain('**Answer: Status enquiry of a captured payment**')
    expect(markdown).toContain('"TXNTYPE": "STATUS"')
  })

  it('renders to a page whose contents list the tags and the webhooks', () => {
    const { headings } = guideHtml(markdown)
    const sections = headings
      .filter((heading) => heading.level === 2)
      .map((heading) => heading.text)
    expect(sections).toEqual(
      expect.arrayContaining([
        'Overview',
        'The HASH',
        'Response codes',
        'Payments',
        'Payouts',
        'Webhooks sent to NOTIFY_URL',
      ]),
    )
  })
})

describe('kit samples', () => {
  it('groups consecutive samples in two or more kit languages, and leaves others alone', () => {
    const { html } = guideHtml(
      '```php\n$a = 1;\n```\n\n```js\nconst a = 1\n```\n\n```js\nconst b = 2\n```\n\nText.\n\n```json\n{}\n```\n\n```php\n$b = 2;\n```\n',
    )
    const group = /<div class="code-samples">([\s\S]*?)<\/div>\n<p>/.exec(html)?.[1] ?? ''
    expect(group.match(/<figure[^>]*>/g)).toEqual([
      '<figure class="code-sample" data-language="PHP" data-default="">',
      '<figure class="code-sample" data-language="Node.js">',
      '<figure class="code-sample" data-language="Node.js">',
    ])
    // The picker is in the HTML, the first language pressed.
    expect(group).toContain(
      '<div class="code-samples__picker" role="group" aria-label="Language of the samples"><button type="button" class="code-samples__language" data-language="PHP" aria-pressed="true">PHP</button><button type="button" class="code-samples__language" data-language="Node.js" aria-pressed="false">Node.js</button></div>',
    )
    expect(html.match(/class="code-samples"/g)).toHaveLength(1)
  })
})

describe('table regions', () => {
  it('have unique names, numbered within a section', () => {
    const table = '| A | B |\n| --- | --- |\n| 1 | 2 |\n'
    const { html } = guideHtml(`## Fields\n\n${table}\n\n${table}\n## Codes\n\n${table}`)
    expect(html.match(/aria-label="[^"]+"/g)).toEqual([
      'aria-label="Fields: table"',
      'aria-label="Fields: table 2"',
      'aria-label="Codes: table"',
    ])
  })
})
