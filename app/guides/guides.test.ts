// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { developerDocs } from '#app/content/downloads.ts'
import { findPage, isStaticPath } from '#app/content/pages.ts'
import { parseFrontMatter } from './source/front-matter.ts'
import { documentOperations, openApiDocument } from '#gateway/openapi/document.ts'
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

/** The guide's HTML as a browser reads it. */
function parsed(markdown: string): DocumentFragment {
  const template = document.createElement('template')
  template.innerHTML = guideHtml(markdown).html
  return template.content
}

const attributes = (element: Element | null | undefined) =>
  Object.fromEntries([...(element?.attributes ?? [])].map(({ name, value }) => [name, value]))

describe('guideHtml', () => {
  it('gives headings the anchors the guides link to, and lists them for the contents', () => {
    const markdown =
      '## HASH: signing the request\n\nSee [codes](#response-codes).\n\n## Response codes\n\n### `000` Captured\n'
    const { headings } = guideHtml(markdown)
    expect(headings).toEqual([
      { id: 'hash-signing-the-request', text: 'HASH: signing the request', level: 2 },
      { id: 'response-codes', text: 'Response codes', level: 2 },
      { id: '000-captured', text: '000 Captured', level: 3 },
    ])
    const html = parsed(markdown)
    expect(
      [...html.querySelectorAll('h2, h3')].map((heading) => [heading.tagName, heading.id]),
    ).toEqual([
      ['H2', 'hash-signing-the-request'],
      ['H2', 'response-codes'],
      ['H3', '000-captured'],
    ])
    for (const heading of html.querySelectorAll('h2, h3')) {
      const anchor = heading.querySelector('a.guide__anchor')
      expect(anchor?.getAttribute('href'), heading.id).toBe(`#${heading.id}`)
    }
    const link = html.querySelector('p a')
    expect(attributes(link)).toEqual({ href: '#response-codes' })
    expect(link?.textContent).toBe('codes')
  })

  it('numbers repeated headings so every anchor is unique', () => {
    const { headings } = guideHtml('## Request\n\n## Request\n')
    expect(headings.map((heading) => heading.id)).toEqual(['request', 'request-2'])
    expect(
      [...parsed('## Request\n\n## Request\n').querySelectorAll('h2')].map((h) => h.id),
    ).toEqual(['request', 'request-2'])
  })

  it('labels code samples with their language and escapes them', () => {
    const html = parsed('```php\n<?php echo "a & b";\n```\n')
    const figure = html.querySelector('figure')
    expect(attributes(figure)).toEqual({ class: 'code-sample', 'data-language': 'PHP' })
    expect(figure?.querySelector('figcaption')?.textContent).toBe('PHP')
    expect(figure?.querySelector('pre > code')?.textContent).toBe('<?php echo "a & b";')
    expect(figure?.querySelector('pre > code')?.children).toHaveLength(0)
  })

  it('puts tables in a named, scrollable region with column headers', () => {
    const html = parsed('## Fields\n\n| Field | Format |\n| --- | --- |\n| `AMOUNT` | Paise |\n')
    const region = html.querySelector('div.guide__table')
    expect(attributes(region)).toEqual({
      class: 'guide__table',
      role: 'region',
      'aria-label': 'Fields: table',
      tabindex: '0',
    })
    const headers = [...(region?.querySelectorAll('table th') ?? [])]
    expect(headers.map((header) => [header.textContent, header.getAttribute('scope')])).toEqual([
      ['Field', 'col'],
      ['Format', 'col'],
    ])
    const cells = [...(region?.querySelectorAll('table td') ?? [])]
    expect(cells.map((cell) => cell.innerHTML)).toEqual(['<code>AMOUNT</code>', 'Paise'])
  })

  it('drops the sources’ notes to the build', () => {
    const { html } = guideHtml('<!-- fields: payment-request -->\n\nText.\n')
    expect(html).not.toContain('fields:')
    const fragment = parsed('<!-- fields: payment-request -->\n\nText.\n')
    const comments = document.createTreeWalker(fragment, NodeFilter.SHOW_COMMENT)
    expect(comments.nextNode()).toBeNull()
    expect([...fragment.children].map((child) => child.outerHTML)).toEqual(['<p>Text.</p>'])
  })
})

describe('apiReferenceMarkdown', () => {
  const document = openApiDocument()
  const markdown = apiReferenceMarkdown(document)

  it('has every operation, with its method, path and request fields', () => {
    for (const { path, method, operation } of documentOperations(document)) {
      expect(markdown).toContain(`\`${method.toUpperCase()} /sandbox${path}\``)
      expect(markdown).toContain(`### ${operation.summary}`)
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

  it('lists the keys of every list sent as JSON text, the CSV answer and the webhook headers as tables', () => {
    for (const list of ['EVENTS', 'SETTLEMENTS', 'LINES', 'RECON', 'CURRENCIES', 'DISPUTES']) {
      expect(markdown).toContain(`Each entry of \`${list}\``)
    }
    expect(markdown).toContain('| `EXPECTED_SETTLEMENT_DATE` | Yes |')
    expect(markdown).toContain('Answered as `text/csv` instead')
    expect(markdown).toContain(
      'SETTLEMENT_ID,UTR,SETTLEMENT_DATE,TYPE,ORDER_ID,TXN_ID,PG_REF_NUM,PAYMENT_TYPE,MOP_TYPE,AMOUNT,AMOUNT_RUPEES,FEE',
    )
    expect(markdown).toContain('The fields of `data` (SettlementEvent)')
    expect(markdown).toContain('The fields of `data` (DisputeEvent)')
    const { html } = guideHtml(markdown)
    expect(html).toContain('<th scope="col">Header</th>')
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
        'Currencies',
        'Disputes',
        'Webhooks sent to NOTIFY_URL',
      ]),
    )
  })
})

describe('kit samples', () => {
  it('groups consecutive samples in two or more kit languages, and leaves others alone', () => {
    const html = parsed(
      '```php\n$a = 1;\n```\n\n```js\nconst a = 1\n```\n\n```js\nconst b = 2\n```\n\nText.\n\n```json\n{}\n```\n\n```php\n$b = 2;\n```\n',
    )
    const groups = html.querySelectorAll('div.code-samples')
    expect(groups).toHaveLength(1)
    const group = groups[0]!
    const grouped = [...group.querySelectorAll(':scope > figure')]
    expect(grouped.map((figure) => figure.getAttribute('data-language'))).toEqual([
      'PHP',
      'Node.js',
      'Node.js',
    ])
    expect(grouped.map((figure) => figure.hasAttribute('data-default'))).toEqual([
      true,
      false,
      false,
    ])
    expect(grouped.map((figure) => figure.querySelector('code')?.textContent)).toEqual([
      '$a = 1;',
      'const a = 1',
      'const b = 2',
    ])
    // The picker is in the HTML, one button per language, the first language pressed.
    const picker = group.querySelector(':scope > div.code-samples__picker')
    expect(attributes(picker)).toEqual({
      class: 'code-samples__picker',
      role: 'group',
      'aria-label': 'Language of the samples',
    })
    expect([...(picker?.querySelectorAll('button') ?? [])].map(attributes)).toEqual([
      {
        type: 'button',
        class: 'code-samples__language',
        'data-language': 'PHP',
        'aria-pressed': 'true',
      },
      {
        type: 'button',
        class: 'code-samples__language',
        'data-language': 'Node.js',
        'aria-pressed': 'false',
      },
    ])
    expect(
      [...(picker?.querySelectorAll('button') ?? [])].map((button) => button.textContent),
    ).toEqual(['PHP', 'Node.js'])
    // What follows the group stands alone: the text, then a JSON and a PHP sample.
    const after = [...html.children].slice([...html.children].indexOf(group) + 1)
    expect(
      after.map((element) => [element.tagName, element.getAttribute('data-language')]),
    ).toEqual([
      ['P', null],
      ['FIGURE', 'JSON'],
      ['FIGURE', 'PHP'],
    ])
    expect(after.some((element) => element.hasAttribute('data-default'))).toBe(false)
  })
})

describe('table regions', () => {
  it('have unique names, numbered within a section', () => {
    const table = '| A | B |\n| --- | --- |\n| 1 | 2 |\n'
    const html = parsed(`## Fields\n\n${table}\n\n${table}\n## Codes\n\n${table}`)
    expect(
      [...html.querySelectorAll('[role="region"]')].map((region) =>
        region.getAttribute('aria-label'),
      ),
    ).toEqual(['Fields: table', 'Fields: table 2', 'Codes: table'])
  })
})
