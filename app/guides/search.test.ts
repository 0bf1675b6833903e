// @vitest-environment jsdom
import MiniSearch from 'minisearch'
import { describe, expect, it } from 'vitest'
import { showResults } from '#app/enhance/guide-search.ts'
import { guideHtml } from './guide-html.server.ts'
import { sectionsOf } from './search-index.server.ts'
import { type GuideSection, indexOptions, queryOptions } from './search-options.ts'

const markdown = `## Refunds

Send \`REFUND_ORDER_ID\` with the amount in paise.

### Partial refunds

They add up to the captured amount.

## Response codes

| Code | Meaning |
| --- | --- |
| \`330\` | Refund above the captured amount |
`

function index(): MiniSearch<GuideSection> {
  const search = new MiniSearch<GuideSection>(indexOptions)
  search.addAll(
    sectionsOf('/developers/docs/api', 'API Integration Guide', guideHtml(markdown).html),
  )
  // Through JSON, as the page gets it.
  return MiniSearch.loadJSON(JSON.stringify(search), indexOptions)
}

describe('guide search', () => {
  it('cuts a page into its sections, each a link to its heading with its plain text', () => {
    const sections = sectionsOf('/developers/docs/api', 'API', guideHtml(markdown).html)
    expect(sections.map((section) => [section.id, section.title])).toEqual([
      ['/developers/docs/api#refunds', 'Refunds'],
      ['/developers/docs/api#partial-refunds', 'Partial refunds'],
      ['/developers/docs/api#response-codes', 'Response codes'],
    ])
    expect(sections[0]!.text).toBe('Send REFUND_ORDER_ID with the amount in paise.')
    expect(sections[2]!.text).toContain('330 Refund above the captured amount')
  })

  it('finds a field name, an unfinished word and a small typo', () => {
    const search = index()
    expect(search.search('REFUND_ORDER_ID', queryOptions)[0]?.id).toBe(
      '/developers/docs/api#refunds',
    )
    expect(search.search('parti', queryOptions)[0]?.id).toBe('/developers/docs/api#partial-refunds')
    expect(search.search('captred', queryOptions).map((result) => result.id)).toContain(
      '/developers/docs/api#response-codes',
    )
  })

  it('lists results as links to their sections, and says when there is none', () => {
    const view = { status: document.createElement('p'), results: document.createElement('ol') }
    showResults(view, index(), 'refund')
    const links = [...view.results.querySelectorAll('a')]
    expect(links[0]?.getAttribute('href')).toBe('/developers/docs/api#refunds')
    expect(links[0]?.textContent).toBe('RefundsAPI Integration Guide')
    expect(view.status.textContent).toMatch(/^\d sections? found\.$/)
    showResults(view, index(), 'zzzz')
    expect(view.results.children).toHaveLength(0)
    expect(view.status.textContent).toBe('Nothing found for “zzzz”.')
  })
})
