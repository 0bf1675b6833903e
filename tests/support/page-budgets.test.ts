import { describe, expect, it } from 'vitest'
import { pages } from '#app/content/pages.ts'
import { budgets, jsBudgetOf, kilobytes, measuredRoutes, pageBudget } from './page-budgets.ts'

describe('pageBudget', () => {
  // Read from the page table, so a page made static is held to the static budget at once.
  it.each(pages.map((page) => [page.path, page] as const))('%s', (path, page) => {
    const expected =
      'static' in page && page.static
        ? budgets.static
        : page.kind === 'form'
          ? budgets.form
          : budgets.app
    expect(pageBudget(path)).toBe(expected)
  })

  it('holds static pages to 15 KB, TBT 30 ms and performance 100', () => {
    expect(budgets.static).toMatchObject({ jsBytes: 15_000, tbtMs: 30, performance: 100 })
  })

  it('holds the form pages to TBT 30 ms and a point at most against themselves without scripts', () => {
    expect(pageBudget('/contact')).toEqual({
      name: 'form',
      jsBytes: 130_000,
      tbtMs: 30,
      performance: 95,
      scriptCostPoints: 1,
    })
    expect(pageBudget('/career-form')).toBe(budgets.form)
  })

  it('holds the demo pages to 130 KB, TBT 150 ms and performance 95', () => {
    expect(pageBudget('/checkout-demo')).toEqual({
      name: 'app',
      jsBytes: 130_000,
      tbtMs: 150,
      performance: 95,
    })
    expect(jsBudgetOf('/checkout-demo')).toBe(130_000)
  })

  it('refuses a path that is not a page', () => {
    expect(() => pageBudget('/nowhere')).toThrow('/nowhere is not a page of app/content/pages.ts')
  })
})

describe('measuredRoutes', () => {
  it('is every marketing page, then the form and demo pages a visitor opens directly', () => {
    const routes = measuredRoutes()
    expect(routes).toContain('/about')
    expect(routes).toEqual(expect.arrayContaining(['/contact', '/career-form', '/checkout-demo']))
    expect(routes).toEqual(expect.arrayContaining(['/pg-hosted-demo', '/merchant-hosted-demo']))
    // These need a payment in progress.
    expect(routes).not.toContain('/merchant-hosted-checkout')
    expect(routes).not.toContain('/demo/response')
    expect(routes.indexOf('/about')).toBeLessThan(routes.indexOf('/contact'))
  })
})

describe('kilobytes', () => {
  it('shows bytes as KB of 1000 bytes with one decimal', () => {
    expect(kilobytes(68_449)).toBe('68.4 KB')
    expect(kilobytes(0)).toBe('0.0 KB')
  })
})
