// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { launchPopupAutoCloseMs } from '#app/content/home.ts'
import { openLaunchPopup, shownKey } from '#app/enhance/launch-popup.ts'
import { LaunchPopup } from './LaunchPopup.tsx'

// jsdom has <dialog> but not its methods; these follow the platform closely enough for the logic.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return
    this.removeAttribute('open')
    this.dispatchEvent(new Event('close'))
  }
})

function dialog() {
  return document.querySelector('dialog')!
}

describe('LaunchPopup', () => {
  beforeEach(() => {
    sessionStorage.clear()
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is closed in the server HTML, with a Close button that closes it without script', () => {
    const html = renderToString(<LaunchPopup />)
    expect(html).toMatch(/<dialog[^>]*aria-modal="true"/)
    expect(html).not.toMatch(/<dialog[^>]*\sopen/)
    expect(html).toContain('is now')
    expect(html).toMatch(/<form[^>]*method="dialog"[^>]*>[\s\S]*<button type="submit"[^>]*>Close</)
  })

  it('opens labelled by its title, with focus on Close, and closes itself after 5000 ms', () => {
    render(<LaunchPopup />)
    openLaunchPopup(dialog())
    expect(dialog().open).toBe(true)
    expect(screen.getByRole('dialog', { name: 'We have a new name' })).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }))

    vi.advanceTimersByTime(launchPopupAutoCloseMs - 1)
    expect(dialog().open).toBe(true)
    vi.advanceTimersByTime(1)
    expect(dialog().open).toBe(false)
  })

  it('keeps Tab inside the dialog', () => {
    render(<LaunchPopup />)
    openLaunchPopup(dialog())
    const close = screen.getByRole('button', { name: 'Close' })
    for (const shiftKey of [false, true]) {
      const event = new KeyboardEvent('keydown', {
        key: 'Tab',
        shiftKey,
        bubbles: true,
        cancelable: true,
      })
      close.dispatchEvent(event)
      expect(event.defaultPrevented).toBe(true)
      expect(document.activeElement).toBe(close)
    }
  })

  it('shows once per visit: a second page load in the same tab leaves it closed', () => {
    const first = render(<LaunchPopup />)
    openLaunchPopup(dialog())
    expect(sessionStorage.getItem(shownKey)).not.toBeNull()
    vi.advanceTimersByTime(launchPopupAutoCloseMs)
    first.unmount()
    render(<LaunchPopup />)
    openLaunchPopup(dialog())
    expect(dialog().open).toBe(false)
  })

  it('still shows when the browser refuses storage', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError')
    })
    render(<LaunchPopup />)
    openLaunchPopup(dialog())
    expect(dialog().open).toBe(true)
    vi.restoreAllMocks()
  })
})

describe('closing the launch popup', () => {
  beforeEach(() => {
    sessionStorage.clear()
  })

  for (const [how, close] of [
    ['Close', (d: HTMLDialogElement) => d.querySelector('form')!.requestSubmit()],
    [
      'Escape',
      (d: HTMLDialogElement) => d.dispatchEvent(new Event('cancel', { cancelable: true })),
    ],
  ] as const) {
    it(`by ${how} closes it and leaves no focus on its hidden button`, () => {
      render(<LaunchPopup />)
      openLaunchPopup(dialog())
      expect(document.activeElement?.tagName).toBe('BUTTON')
      close(dialog())
      expect(dialog().open).toBe(false)
      expect(dialog().contains(document.activeElement)).toBe(false)
    })
  }
})
