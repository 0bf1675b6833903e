// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { RedirectLoader } from './RedirectLoader.tsx'

test('announces the redirect politely, with the exact text', () => {
  render(<RedirectLoader />)
  const status = screen.getByRole('status')
  expect(status.getAttribute('aria-live')).toBe('polite')
  expect(status.textContent).toBe('You are being redirected to Payment Page\u2026')
})

test('keeps its action outside the live region and can cover the window', () => {
  const { container } = render(
    <RedirectLoader variant="overlay">
      <button type="button">Proceed</button>
    </RedirectLoader>,
  )
  expect(container.firstElementChild?.className).toContain('redirect-loader--overlay')
  const button = screen.getByRole('button', { name: 'Proceed' })
  expect(screen.getByRole('status').contains(button)).toBe(false)
})
