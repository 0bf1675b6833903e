import { describe, expect, it } from 'vitest'
import { homeServiceCount, homeServices, services, whyChooseUs } from './services.ts'

describe('services content', () => {
  it('has 12 service boxes with unique ids and real copy', () => {
    expect(services).toHaveLength(12)
    expect(new Set(services.map((service) => service.id)).size).toBe(12)
    expect(new Set(services.map((service) => service.icon)).size).toBe(12)
    for (const service of services) {
      expect(service.title.length).toBeGreaterThan(3)
      expect(service.summary.length).toBeGreaterThan(80)
    }
  })

  it('covers every capability docs/product.md#product-overview promotes', () => {
    const titles = services.map((service) => service.title).join(' | ')
    for (const capability of [
      'Payment Acceptance',
      'Payouts',
      'Reconciliation',
      'Settlements',
      'Refunds',
      'Multi-Currency',
      'Multilingual Checkout',
      'Smart Routing',
      'Aggregation Platform',
      'Wallets',
    ]) {
      expect(titles).toContain(capability)
    }
  })

  it('the home page takes the first 3', () => {
    expect(homeServiceCount).toBe(3)
    expect(homeServices).toEqual(services.slice(0, 3))
  })

  it('states the site-wide claims and never contradicts them', () => {
    const text = [
      ...services.map((service) => service.summary),
      ...whyChooseUs.reasons.map((r) => r.text),
    ].join(' ')
    expect(text).toContain('T+1')
    expect(text).toContain('80+ banks')
    expect(text).toContain('more than 10 languages')
    expect(text).toContain('over 30 foreign currencies')
    expect(text).toContain('5-7 business days')
    for (const match of text.matchAll(/(\d+)\+ banks/g)) expect(match[1]).toBe('80')
    expect(text).not.toMatch(/T\+[02-9]/)
  })

  it('has the Why Choose Us block of docs/product.md#routes-and-screens', () => {
    expect(whyChooseUs.title).toBe('Why Choose Us')
    expect(whyChooseUs.reasons.map((reason) => reason.title)).toEqual([
      'Easy to Setup',
      'Secure Transactions',
      '24/7 Support',
    ])
  })
})
