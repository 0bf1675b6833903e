// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { integrationKits, integrationKitsInitialCount } from '#app/content/downloads.ts'
import { IntegrationKitList } from './IntegrationKitList'

describe('IntegrationKitList', () => {
  beforeEach(() => {
    // jsdom does no layout.
    Element.prototype.scrollIntoView = vi.fn()
  })

  it('shows the first 8 kits, all 16 after Show More, and 8 again after Show Less', async () => {
    const user = userEvent.setup()
    render(<IntegrationKitList />)
    const button = screen.getByRole('button', { name: 'Show More' })
    const list = document.getElementById(button.getAttribute('aria-controls')!)!
    expect(within(list).getAllByRole('link')).toHaveLength(integrationKitsInitialCount)
    expect(button.getAttribute('aria-expanded')).toBe('false')

    await user.click(button)
    expect(within(list).getAllByRole('link')).toHaveLength(integrationKits.length)
    expect(button.textContent).toBe('Show Less')
    expect(button.getAttribute('aria-expanded')).toBe('true')

    await user.click(button)
    expect(within(list).getAllByRole('link')).toHaveLength(integrationKitsInitialCount)
    expect(button.textContent).toBe('Show More')
    expect(document.activeElement).toBe(button)
  })

  it('makes every kit a download link that names product, language and format', () => {
    render(<IntegrationKitList />)
    const first = integrationKits[0]!
    const link = screen.getByRole('link', { name: /^Download PG kit for PHP \(\s?ZIP\s?\)$/ })
    expect(link.getAttribute('href')).toBe(first.href)
    expect(link.getAttribute('download')).toBe(first.fileName)
  })

  it('has no toggle when every kit already fits', () => {
    render(<IntegrationKitList kits={integrationKits.slice(0, 4)} />)
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.getAllByRole('link')).toHaveLength(4)
  })
})
