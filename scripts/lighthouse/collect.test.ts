import { describe, expect, it } from 'vitest'
import { chromiumArgs } from '#tests/support/browser-settings.ts'
import { chromePath, lighthouserc } from './collect.ts'

describe('lighthouserc', () => {
  it('asks lhci collect for the runs of one URL in our Chromium, the four categories only', () => {
    expect(lighthouserc('http://localhost:4210/about', { runs: 3, noindex: false })).toEqual({
      ci: {
        collect: {
          url: ['http://localhost:4210/about'],
          numberOfRuns: 3,
          chromePath,
          settings: {
            chromeFlags: chromiumArgs.join(' '),
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          },
        },
      },
    })
  })

  it('leaves is-crawlable out of a noindex page’s SEO score, and only there', () => {
    const settings = (noindex: boolean) =>
      lighthouserc('http://localhost:4210/rbi-kehta-hai', { runs: 1, noindex }).ci.collect.settings
    expect(settings(true)).toMatchObject({ skipAudits: ['is-crawlable'] })
    expect(settings(false)).not.toHaveProperty('skipAudits')
  })
})
