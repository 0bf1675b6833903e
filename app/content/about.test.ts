import { describe, expect, it } from 'vitest'
import {
  aboutCallToAction,
  aboutFeatures,
  aboutIntro,
  fundamentalIdeas,
  startStory,
  visionMission,
} from './about.ts'
import { brand } from '#core/brand/brand.ts'

describe('about content', () => {
  it('states the claims of docs/product.md#product-overview in the introduction', () => {
    expect(aboutIntro.stats.map((stat) => stat.value)).toEqual(['80+', 'T+1', '10+', '30+'])
    expect(aboutIntro.paragraphs.join(' ')).toContain('more than 10 languages')
  })

  it('has a vision and a mission', () => {
    expect(visionMission.vision.title).toBe('Our vision')
    expect(visionMission.mission.title).toBe('Our mission')
  })

  it('tells a founding story that ends in the rebrand, milestones in order', () => {
    const years = startStory.milestones.map((milestone) => Number(milestone.year))
    expect(years).toEqual([...years].sort((a, b) => a - b))
    expect(startStory.paragraphs.join(' ')).toContain(`${brand.previousName} became ${brand.name}`)
  })

  it('lists the capabilities the site promotes, each described', () => {
    expect(aboutFeatures.items.map((feature) => feature.title)).toEqual([
      'Payment acceptance',
      'Payouts',
      'Reconciliation',
      'T+1 settlement',
      'Refunds',
      'Multi-currency',
      'Multilingual checkout',
      'Smart routing',
    ])
    for (const feature of aboutFeatures.items) expect(feature.text.length).toBeGreaterThan(30)
  })

  it('asks visitors to sign up or contact us', () => {
    expect(aboutCallToAction.signUpLabel).toBe('Sign Up')
    expect(aboutCallToAction.contactHref).toBe('/contact')
  })

  it('has exactly three fundamental ideas', () => {
    expect(fundamentalIdeas.items).toHaveLength(3)
    expect(new Set(fundamentalIdeas.items.map((idea) => idea.title)).size).toBe(3)
  })
})
