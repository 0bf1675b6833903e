import { describe, expect, it } from 'vitest'
import { brand } from '#core/brand/brand.ts'
import { integrationKits, integrationKitsInitialCount } from './downloads.ts'
import {
  experience,
  features,
  kitLanguageBadges,
  launchPopup,
  launchPopupAutoCloseMs,
  percentAnimationMs,
  showcase,
} from './home.ts'

describe('home content', () => {
  it('uses the timings of docs/product.md#business-constants-and-limits', () => {
    expect(launchPopupAutoCloseMs).toBe(5000)
    expect(percentAnimationMs).toBe(1000)
  })

  it('announces the rebrand from the previous name to the new one', () => {
    expect(launchPopup.linkWord).toBe('is now')
    expect(launchPopup.text).toContain(`${brand.previousName} is now ${brand.name}`)
  })

  it('has the two experience circles: 87 Success Payment and 95 Positive Reviews', () => {
    expect(experience.stats.map(({ value, label }) => [value, label])).toEqual([
      [87, 'Success Payment'],
      [95, 'Positive Reviews'],
    ])
  })

  it('lists the features and the showcase items in the order docs/product.md gives', () => {
    expect(features.items.map((item) => item.title)).toEqual([
      'Quick Onboarding',
      'Better Digital Experience',
      'Easy Integration',
    ])
    expect(showcase.items.map((item) => item.title)).toEqual([
      'Trust Based',
      'Instant Payment',
      'QuickPay',
      'Ready For Market',
      'Fraud Resistant',
      'Industry Support',
    ])
  })

  it('shows 8 of the 16 integration kits first, and has a badge for every language', () => {
    expect(integrationKits).toHaveLength(16)
    expect(integrationKitsInitialCount).toBe(8)
    for (const kit of integrationKits) expect(kitLanguageBadges[kit.language]).toBeTruthy()
  })
})
