import { describe, expect, it } from 'vitest'
import { brand } from '#core/brand/brand.ts'
import {
  acceptanceOptimisation,
  connectWithUs,
  pamphletBenefits,
  pamphletDiscover,
  pamphletHero,
  pamphletTitle,
} from './pamphlet.ts'

describe('pamphlet content', () => {
  it('titles the hero with the product name, word for word', () => {
    expect(pamphletTitle).toBe(`Unlock Efficiency And Revenue With ${brand.name}`)
    expect(pamphletTitle).toBe('Unlock Efficiency And Revenue With Paystra')
  })

  it('has the three benefit cards of docs/product.md#routes-and-screens in order', () => {
    expect(pamphletBenefits.items.map((benefit) => benefit.title)).toEqual([
      'Efficiency',
      'Growth',
      'Revenue',
    ])
  })

  it('sends every call to action to /contact with the wording of docs/product.md#routes-and-screens', () => {
    expect(pamphletHero.cta).toEqual({ label: 'Book Your Meeting Now', href: '/contact' })
    expect(pamphletDiscover.label).toBe('Discover how...')
    expect(pamphletDiscover.href).toBe('/contact')
    expect(connectWithUs.heading).toBe('Connect with us')
    expect(connectWithUs.links).toEqual([
      { label: 'BOOK A FREE MEETING', href: '/contact' },
      { label: 'FILL IN YOUR REQUIREMENTS', href: '/contact' },
    ])
  })

  it('explains acceptance optimisation through routing, retries and method mix', () => {
    expect(acceptanceOptimisation.levers.map((lever) => lever.title)).toEqual([
      'Smart routing',
      'Retries',
      'Method mix',
    ])
    const { before, after } = acceptanceOptimisation.outcome
    expect(after.value).toBeGreaterThan(before.value)
    expect(after.value).toBeLessThan(100)
    expect(acceptanceOptimisation.footnote).toMatch(/typical/i)
  })
})
