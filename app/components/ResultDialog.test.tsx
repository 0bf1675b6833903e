// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { ResponseStatus } from '#core/forms/api.ts'
import { ResultDialog } from './ResultDialog.tsx'

function Page({
  status = 'SUCCESS',
  onClose = () => {},
}: {
  status?: ResponseStatus
  onClose?: () => void
}) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Send
      </button>
      <ResultDialog
        open={open}
        status={status}
        heading={status === 'SUCCESS' ? 'Message sent' : 'Message not sent'}
        message="Thank you for contacting us."
        closeLabel="Close"
        onClose={() => {
          setOpen(false)
          onClose()
        }}
      />
    </>
  )
}

function dialog() {
  return document.querySelector('dialog')!
}

/** jsdom has <dialog> without its methods; this follows the platform closely enough. */
function installNativeDialog() {
  const proto = HTMLDialogElement.prototype as Partial<HTMLDialogElement>
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.open) return
    this.removeAttribute('open')
    this.dispatchEvent(new Event('close'))
  }
}

afterEach(() => {
  const proto = HTMLDialogElement.prototype as Partial<HTMLDialogElement>
  delete proto.showModal
  delete proto.close
})

describe('ResultDialog', () => {
  test('is closed in the server HTML and labelled by its heading', () => {
    const html = renderToString(<Page />)
    expect(html).toMatch(/<dialog[^>]*aria-modal="true"/)
    expect(html).not.toMatch(/<dialog[^>]*\sopen/)
  })

  test.each([false, true])(
    'opens with focus on Close, and Close gives focus back (native dialog: %s)',
    async (native) => {
      if (native) installNativeDialog()
      const onClose = vi.fn()
      const user = userEvent.setup()
      render(<Page onClose={onClose} />)
      const send = screen.getByRole('button', { name: 'Send' })
      await user.click(send)
      const shown = screen.getByRole('dialog', { name: 'Message sent' })
      expect(shown.getAttribute('aria-describedby')).toBe(
        screen.getByText('Thank you for contacting us.').id,
      )
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }))

      await user.click(screen.getByRole('button', { name: 'Close' }))
      expect(dialog().open).toBe(false)
      expect(onClose).toHaveBeenCalledTimes(1)
      expect(document.activeElement).toBe(send)
    },
  )

  test('Escape closes it where the browser has no modal dialog of its own', async () => {
    const user = userEvent.setup()
    render(<Page status="FAILED" />)
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(screen.getByRole('dialog', { name: 'Message not sent' })).toBeTruthy()
    expect(dialog().dataset.status).toBe('FAILED')
    await user.keyboard('{Escape}')
    expect(dialog().open).toBe(false)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send' }))
  })

  test('a close by the browser (Escape on a native dialog) reports back too', async () => {
    installNativeDialog()
    const onClose = vi.fn()
    const user = userEvent.setup()
    render(<Page onClose={onClose} />)
    await user.click(screen.getByRole('button', { name: 'Send' }))
    dialog().close()
    expect(onClose).toHaveBeenCalledTimes(1)
  })
})
