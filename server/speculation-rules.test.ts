import { describe, expect, it } from 'vitest'
import { isStaticPath, pages } from '#app/content/pages.ts'
import { speculationRules } from './speculation-rules.ts'

describe('speculationRules', () => {
  it('prerenders links to the static pages on hover or press, and to nothing else', () => {
    const [rule] = speculationRules().prerender
    expect(rule?.eagerness).toBe('moderate')
    const paths = rule?.where.or.map((match) => match.href_matches) ?? []
    expect(paths).toContain('/about')
    expect(paths.every((path) => isStaticPath(path))).toBe(true)
    const hydrated = pages.filter((page) => !isStaticPath(page.path)).map((page) => page.path)
    for (const path of hydrated) expect(paths).not.toContain(path)
    expect(hydrated).toContain('/contact')
  })
})
