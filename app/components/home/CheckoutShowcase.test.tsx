// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { showcase } from '#app/content/home.ts'
import { CheckoutShowcase } from './CheckoutShowcase.tsx'

// Vitest runs from the repository root.
const styles = readFileSync('app/components/home/CheckoutShowcase.css', 'utf8')

describe('CheckoutShowcase', () => {
  const html = renderToString(<CheckoutShowcase />)

  it('lists the six items in order', () => {
    const titles = [...html.matchAll(/class="showcase__title">([^<]+)</g)].map((match) => match[1])
    expect(titles).toEqual([
      'Trust Based',
      'Instant Payment',
      'QuickPay',
      'Ready For Market',
      'Fraud Resistant',
      'Industry Support',
    ])
  })

  it('gives the phone one screen per item, in the same order', () => {
    const screens = html.match(/class="phone-mock__screen"/g) ?? []
    expect(screens).toHaveLength(showcase.items.length)
  })

  it('has a scroll timeline for every item and every screen in its stylesheet', () => {
    const count = showcase.items.length
    for (let n = 1; n <= count; n++) {
      expect(styles).toContain(
        `.showcase__item:nth-child(${n}) {\n    view-timeline-name: --showcase-${n};`,
      )
      expect(styles).toMatch(new RegExp(`timeline-scope:[^;]*--showcase-${n}\\b`))
      if (n > 1) {
        expect(styles).toContain(
          `.phone-mock__screen:nth-child(${n}) {\n    animation-timeline: --showcase-${n};`,
        )
      }
    }
    expect(styles).not.toContain(`--showcase-${count + 1}`)
  })
})
