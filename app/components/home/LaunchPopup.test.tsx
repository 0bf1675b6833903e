// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { launchPopupAutoCloseMs } from '#app/content/home.ts'
import { LaunchPopup, resetLaunchPopupForTests } from './LaunchPopup'

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
    resetLaunchPopupForTests()
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is closed in the server HTML', () => {
    const html = renderToString(<LaunchPopup />)
    expect(html).toMatch(/<dialog[^>]*aria-modal="true"/)
    expect(html).not.toMatch(/<dialog[^>]*\sopen/)
    expect(html).toContain('is now')
  })

  it('opens labelled by its title, with focus on Close, and closes itself after 5000 ms', () => {
    render(<LaunchPopup />)
    expect(dialog().open).toBe(true)
    expect(screen.getByRole('dialog', { name: 'We have a new name' })).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }))

    act(() => {
      vi.advanceTimersByTime(launchPopupAutoCloseMs - 1)
    })
    expect(dialog().open).toBe(true)
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(dialog().open).toBe(false)
  })

  it('closes on its Close button and gives focus back', () => {
    const trigger = document.createElement('button')
    document.body.append(trigger)
    trigger.focus()
    render(<LaunchPopup />)
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(dialog().open).toBe(false)
    expect(document.activeElement).toBe(trigger)
    trigger.remove()
  })

  it('keeps Tab inside the dialog', () => {
    render(<LaunchPopup />)
    const close = screen.getByRole('button', { name: 'Close' })
    const event = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true })
    close.dispatchEvent(event)
    expect(event.defaultPrevented).toBe(true)
    expect(document.activeElement).toBe(close)
  })

  it('shows once per page load', () => {
    const first = render(<LaunchPopup />)
    act(() => {
      vi.advanceTimersByTime(launchPopupAutoCloseMs)
    })
    first.unmount()
    render(<LaunchPopup />)
    expect(dialog().open).toBe(false)
  })
})
