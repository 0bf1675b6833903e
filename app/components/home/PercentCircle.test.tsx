// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { percentAnimationMs, reducedMotionQuery } from '#app/content/home.ts'
import { mockIntersectionObserver, mockMatchMedia } from './browserMocks'
import { PercentCircle } from './PercentCircle'

function shownValue() {
  return Number(screen.getByRole('img', { name: '87% Success Payment' }).dataset.value)
}

describe('PercentCircle', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('puts the final value and its label in the server HTML', () => {
    const html = renderToString(<PercentCircle value={87} label="Success Payment" />)
    expect(html).toContain('aria-label="87% Success Payment"')
    expect(html).toContain('87<!-- -->%')
    expect(html).toContain('Success Payment</h3>')
  })

  it('waits at 0 until it scrolls into view, then counts up to the value in 1000 ms, once', () => {
    mockMatchMedia({ [reducedMotionQuery]: false })
    const { intersect, observers } = mockIntersectionObserver()
    render(<PercentCircle value={87} label="Success Payment" />)
    const dial = screen.getByRole('img', { name: '87% Success Payment' })
    expect(shownValue()).toBe(0)

    act(() => intersect(dial))
    act(() => {
      vi.advanceTimersByTime(percentAnimationMs / 2)
    })
    expect(shownValue()).toBeGreaterThan(0)
    expect(shownValue()).toBeLessThan(87)

    act(() => {
      vi.advanceTimersByTime(percentAnimationMs / 2 + 50)
    })
    expect(shownValue()).toBe(87)
    expect(screen.getByText('87%')).toBeTruthy()
    expect(observers.every((observer) => observer.disconnected)).toBe(true)

    // Scrolling past again does not restart it.
    act(() => intersect(dial))
    act(() => {
      vi.advanceTimersByTime(100)
    })
    expect(shownValue()).toBe(87)
  })

  it('shows the final value at once when the visitor prefers reduced motion', () => {
    mockMatchMedia({ [reducedMotionQuery]: true })
    const { observers } = mockIntersectionObserver()
    render(<PercentCircle value={87} label="Success Payment" />)
    expect(shownValue()).toBe(87)
    expect(observers).toHaveLength(0)
  })
})
