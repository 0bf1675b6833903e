import { describe, expect, it } from 'vitest'
import { firstSuccess, lighthouseFlags } from './collect.ts'

describe('lighthouseFlags', () => {
  it('asks Lighthouse for the four categories on the Chromium of this run, as JSON and HTML', () => {
    expect(lighthouseFlags(9222, { runs: 3, noindex: false })).toEqual({
      port: 9222,
      output: ['json', 'html'],
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    })
  })

  it('leaves is-crawlable out of a noindex page’s SEO score, and only there', () => {
    expect(lighthouseFlags(9222, { runs: 1, noindex: true })).toMatchObject({
      skipAudits: ['is-crawlable'],
    })
    expect(lighthouseFlags(9222, { runs: 1, noindex: false })).not.toHaveProperty('skipAudits')
  })
})

describe('firstSuccess', () => {
  it('tries again after a failure and answers the first success', async () => {
    const failures: number[] = []
    let calls = 0
    const answer = await firstSuccess(
      async () => {
        calls += 1
        if (calls < 3) throw new Error(`attempt ${calls}`)
        return 'report'
      },
      3,
      (_error, attempt) => failures.push(attempt),
    )
    expect(answer).toBe('report')
    expect(failures).toEqual([1, 2])
  })

  it('gives up after the attempts allowed with the first error, the cause of the others', async () => {
    let calls = 0
    const attempt = async () => {
      calls += 1
      throw new Error(`attempt ${calls}`)
    }
    await expect(firstSuccess(attempt, 3)).rejects.toThrow('attempt 1')
    expect(calls).toBe(3)
  })
})
