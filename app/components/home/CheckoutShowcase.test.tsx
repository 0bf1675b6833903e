// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { reducedMotionQuery, showcase, showcaseMotionQuery } from '#app/content/home.ts'
import { mockIntersectionObserver, mockMatchMedia } from './browserMocks'
import { CheckoutShowcase } from './CheckoutShowcase'

function section() {
  return document.querySelector<HTMLElement>('.showcase')!
}

describe('CheckoutShowcase', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('lists the six items in order, with motion off in the server HTML', () => {
    const html = renderToString(<CheckoutShowcase />)
    expect(html).toContain('data-motion="off"')
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

  it('moves with the scroll at 768 px and wider, lighting the item in the middle', () => {
    mockMatchMedia({ [showcaseMotionQuery]: true, [reducedMotionQuery]: false })
    const { intersect } = mockIntersectionObserver()
    render(<CheckoutShowcase />)
    expect(section().dataset.motion).toBe('on')
    const items = document.querySelectorAll<HTMLElement>('.showcase__item')
    expect(items[0]!.dataset.active).toBe('true')

    act(() => intersect(items[2]!))
    expect(items[2]!.dataset.active).toBe('true')
    expect(items[0]!.dataset.active).toBeUndefined()
    expect(document.querySelector('.phone-mock__screen[data-active="true"]')).toBe(
      document.querySelectorAll('.phone-mock__screen')[2],
    )

    // Leaving the band keeps the last item lit.
    act(() => intersect(items[2]!, false))
    expect(items[2]!.dataset.active).toBe('true')
  })

  it('is a static list below 768 px and whenever reduced motion is preferred', () => {
    const setMatch = mockMatchMedia({ [showcaseMotionQuery]: false, [reducedMotionQuery]: false })
    mockIntersectionObserver()
    render(<CheckoutShowcase />)
    expect(section().dataset.motion).toBe('off')
    expect(document.querySelector('.showcase__item[data-active]')).toBeNull()

    act(() => setMatch(showcaseMotionQuery, true))
    expect(section().dataset.motion).toBe('on')

    act(() => setMatch(reducedMotionQuery, true))
    expect(section().dataset.motion).toBe('off')
    expect(screen.getAllByRole('listitem')).toHaveLength(showcase.items.length)
  })
})
