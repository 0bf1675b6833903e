// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { percentAnimationMs, reducedMotionQuery } from '#app/content/home.ts'
import { armPercentCircle } from '#app/enhance/percent-circles.ts'
import { mockIntersectionObserver, mockMatchMedia } from '#tests/support/browser-mocks.ts'
import { PercentCircle } from './PercentCircle.tsx'

function dial() {
  return screen.getByRole('img', { name: '87% Success Payment' })
}

describe('PercentCircle', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('puts the final value, its ring and its label in the server HTML', () => {
    const html = renderToString(<PercentCircle value={87} label="Success Payment" />)
    expect(html).toContain('aria-label="87% Success Payment"')
    expect(html).toContain('data-value="87"')
    expect(html).toContain('>87<!-- -->%</span>')
    expect(html).toMatch(/pathLength="100" stroke-dasharray="100" stroke-dashoffset="13"/)
    expect(html).toContain('Success Payment</h3>')
  })

  it('waits at 0 until it scrolls into view, then counts up to the value once', () => {
    mockMatchMedia({ [reducedMotionQuery]: false })
    const { intersect, observers } = mockIntersectionObserver()
    render(<PercentCircle value={87} label="Success Payment" />)
    armPercentCircle(dial())
    expect(dial().dataset.value).toBe('0')
    expect(dial().dataset.state).toBe('armed')
    expect(dial().style.getPropertyValue('--value')).toBe('87')
    expect(dial().style.getPropertyValue('--percent-duration')).toBe(`${percentAnimationMs}ms`)

    act(() => intersect(dial()))
    expect(dial().dataset.state).toBe('counting')
    expect(observers.every((observer) => observer.disconnected)).toBe(true)

    dial().dispatchEvent(new Event('animationend'))
    expect(dial().dataset.state).toBeUndefined()
    expect(dial().dataset.value).toBe('87')
  })

  it('settles on the value when the visitor asks for reduced motion half-way', () => {
    const setMatch = mockMatchMedia({ [reducedMotionQuery]: false })
    const { intersect } = mockIntersectionObserver()
    render(<PercentCircle value={87} label="Success Payment" />)
    armPercentCircle(dial())
    act(() => intersect(dial()))
    setMatch(reducedMotionQuery, true)
    expect(dial().dataset.state).toBeUndefined()
    expect(dial().dataset.value).toBe('87')
  })

  it('stays on the final value when the visitor prefers reduced motion', () => {
    mockMatchMedia({ [reducedMotionQuery]: true })
    const { observers } = mockIntersectionObserver()
    render(<PercentCircle value={87} label="Success Payment" />)
    armPercentCircle(dial())
    expect(dial().dataset.value).toBe('87')
    expect(dial().dataset.state).toBeUndefined()
    expect(observers).toHaveLength(0)
  })
})
