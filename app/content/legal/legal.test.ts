import { describe, expect, it } from 'vitest'
import { contact } from '#core/brand/brand.ts'
import { parseInline, plainText } from './inline.ts'
import { merchantTerms } from './merchant-terms.ts'
import { privacyPolicy } from './privacy-policy.ts'
import { retentionDays } from './retention.ts'
import { termsOfUse } from './terms-of-use.ts'
import { formatLegalDate, type LegalBlock, type LegalDocument } from './types.ts'

const documents: readonly LegalDocument[] = [privacyPolicy, termsOfUse, merchantTerms]

function blockTexts(block: LegalBlock): string[] {
  if (typeof block === 'string') return [block]
  switch (block.kind) {
    case 'list':
      return [...block.items]
    case 'definitions':
      return block.items.flatMap((item) => [item.term, item.meaning])
    case 'table':
      return [block.caption, ...block.columns, ...block.rows.flat()]
    case 'contact':
      return [...block.lines]
  }
}

function sectionText(document: LegalDocument, id: string): string {
  const section = document.sections.find((entry) => entry.id === id)
  if (!section) throw new Error(`${document.title} has no section ${id}`)
  return [
    section.heading,
    ...section.blocks,
    ...(section.subsections ?? []).flatMap((sub) => [sub.heading, ...sub.blocks]),
  ]
    .flatMap((block) => blockTexts(block))
    .map(plainText)
    .join('\n')
}

function allTexts(document: LegalDocument): string[] {
  return [
    ...document.preamble,
    ...document.sections.flatMap((section) => [
      section.heading,
      ...section.blocks,
      ...(section.subsections ?? []).flatMap((sub) => [sub.heading, ...sub.blocks]),
    ]),
  ].flatMap((block) => blockTexts(block))
}

describe.each(documents)('$title', (document) => {
  it('has unique section ids usable as fragments', () => {
    const ids = document.sections.map((section) => section.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9-]*$/)
  })

  it('links only to its own sections, site pages and outside addresses', () => {
    const ids = new Set(document.sections.map((section) => section.id))
    const links = allTexts(document).flatMap((text) =>
      parseInline(text).flatMap((segment) => (segment.kind === 'link' ? [segment.href] : [])),
    )
    for (const href of links) {
      if (href.startsWith('#')) expect(ids, href).toContain(href.slice(1))
      else expect(href).toMatch(/^(\/[a-z-]*|mailto:\S+@\S+|https:\/\/\S+)$/)
    }
  })

  it('has a real date and says where disputes are decided', () => {
    expect(formatLegalDate(document.lastUpdated)).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/)
    expect(sectionText(document, 'governing-law')).toMatch(/laws of India/)
    expect(sectionText(document, 'governing-law')).toMatch(/courts at Ghaziabad/)
  })

  it('has no placeholder text', () => {
    const text = allTexts(document).join('\n')
    expect(text).not.toMatch(/lorem|ipsum|TODO|TBD|coming soon|\[\w+\](?!\()/i)
  })
})

describe('Privacy Policy', () => {
  it('covers every topic docs/product.md#routes-and-screens lists', () => {
    expect(sectionText(privacyPolicy, 'data-we-collect')).toMatch(/why we need|reason/i)
    expect(sectionText(privacyPolicy, 'security')).toMatch(/PCI DSS/)
    expect(sectionText(privacyPolicy, 'cookies')).toMatch(/cookies/i)
    expect(sectionText(privacyPolicy, 'camera-and-device-permissions')).toMatch(/Camera/)
    expect(sectionText(privacyPolicy, 'sharing-and-transfers')).toMatch(/outside India/)
    expect(sectionText(privacyPolicy, 'sharing-and-transfers')).toMatch(/card network/i)
    expect(sectionText(privacyPolicy, 'sharing-and-transfers')).toMatch(/Reserve Bank of India/)
  })

  it('names the grievance officer, e-mail, address and response times', () => {
    const text = sectionText(privacyPolicy, 'grievance-officer')
    expect(text).toContain(contact.grievanceOfficer)
    expect(text).toContain(contact.grievanceEmail)
    for (const line of contact.address.lines) expect(text).toContain(line)
    expect(text).toMatch(/within 24 hours/)
    expect(text).toMatch(/within 15 days/)
  })

  it('refers to the laws that govern personal data in India', () => {
    const text = allTexts(privacyPolicy).join('\n')
    expect(text).toContain('Digital Personal Data Protection Act, 2023')
    expect(text).toContain('Information Technology Act, 2000')
    for (const id of ['retention', 'your-rights', 'children', 'changes']) {
      expect(() => sectionText(privacyPolicy, id)).not.toThrow()
    }
  })
})

describe('Privacy Policy on what the website keeps', () => {
  it('states the periods the pruner deletes by, from the same constants', () => {
    const text = sectionText(privacyPolicy, 'retention')
    expect(text).toMatch(
      new RegExp(`contact form on the Website: for ${retentionDays.contactMessages} days after`),
    )
    expect(text).toMatch(
      new RegExp(`Job applications .*with the resume: for ${retentionDays.jobApplications} days`),
    )
    expect(text).toMatch(new RegExp(`e-mails the Website sends .*: for ${retentionDays.mail} days`))
    expect(text).toMatch(new RegExp(`live demos .*sandbox.*: for ${retentionDays.demo} days`))
    expect(text).toMatch(/request logs .*contain no personal data from the forms/)
    // Only the website's periods come from the constants: no other count of days contradicts them.
    expect(text).not.toMatch(/two years|twelve months/)
  })

  it('tells people how to have what they sent erased', () => {
    const text = sectionText(privacyPolicy, 'your-rights')
    expect(text).toMatch(/message or job application you sent through the Website erased/)
    expect(text).toContain(contact.grievanceEmail)
  })
})

describe('Merchant terms', () => {
  it('cover onboarding, T+1 settlement, fees, chargebacks, refunds, PCI DSS and termination', () => {
    expect(sectionText(merchantTerms, 'onboarding-and-kyc')).toMatch(/KYC/)
    expect(sectionText(merchantTerms, 'settlement')).toMatch(/T\+1/)
    expect(sectionText(merchantTerms, 'fees-and-taxes')).toMatch(/goods and services tax/)
    expect(sectionText(merchantTerms, 'chargebacks-and-disputes')).toMatch(/within 30 days/)
    expect(sectionText(merchantTerms, 'refunds')).toMatch(/5-7 business days/)
    expect(sectionText(merchantTerms, 'prohibited-businesses')).toMatch(/drop shipping/)
    expect(sectionText(merchantTerms, 'data-security')).toMatch(/PCI DSS/)
    expect(sectionText(merchantTerms, 'suspension-and-termination')).toMatch(/terminate/)
  })
})

describe('Terms of use', () => {
  it('cover the downloads licence and the RBI Kehta Hai link', () => {
    expect(sectionText(termsOfUse, 'downloads-licence')).toMatch(/licence/)
    expect(sectionText(termsOfUse, 'third-party-links')).toMatch(/RBI Kehta Hai/)
  })
})

describe('inline markup', () => {
  it('parses bold runs, links and bare e-mail addresses', () => {
    expect(
      parseInline('**Note**: see [Pricing](/pricing) or write to a.b@paystra.example.'),
    ).toEqual([
      { kind: 'strong', text: 'Note' },
      { kind: 'text', text: ': see ' },
      { kind: 'link', text: 'Pricing', href: '/pricing' },
      { kind: 'text', text: ' or write to ' },
      { kind: 'link', text: 'a.b@paystra.example', href: 'mailto:a.b@paystra.example' },
      { kind: 'text', text: '.' },
    ])
    expect(plainText('[Contact us](/contact) now')).toBe('Contact us now')
  })

  it('formats dates the same everywhere', () => {
    expect(formatLegalDate('2026-11-02')).toBe('2 November 2026')
    expect(() => formatLegalDate('2 Nov 2026')).toThrow()
  })
})
