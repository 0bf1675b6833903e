// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { integrationKits, integrationKitsInitialCount } from '#app/content/downloads.ts'
import { enhanceKitList } from '#app/enhance/kit-list.ts'
import { IntegrationKitList } from './IntegrationKitList.tsx'

/** Links a visitor can see: jsdom applies no stylesheet, so the collapsed rule is read here. */
function visibleLinks(list: HTMLElement) {
  const collapsed = list.hasAttribute('data-collapsed')
  return within(list)
    .getAllByRole('link')
    .filter((link) => !(collapsed && link.closest('li')!.hasAttribute('data-extra')))
}

describe('IntegrationKitList', () => {
  beforeEach(() => {
    // jsdom does no layout.
    Element.prototype.scrollIntoView = vi.fn()
  })

  it('holds every kit and a hidden toggle before the enhancement runs', () => {
    render(<IntegrationKitList />)
    const button = screen.getByRole('button', { hidden: true })
    expect(button.hidden).toBe(true)
    const list = document.getElementById(button.getAttribute('aria-controls')!)!
    expect(visibleLinks(list)).toHaveLength(integrationKits.length)
    expect(list.querySelectorAll('[data-extra]')).toHaveLength(
      integrationKits.length - integrationKitsInitialCount,
    )
  })

  it('shows the first 8 kits, all 16 after Show More, and 8 again after Show Less', async () => {
    const user = userEvent.setup()
    render(<IntegrationKitList />)
    enhanceKitList(screen.getByRole('button', { hidden: true }))
    const button = screen.getByRole('button', { name: 'Show More' })
    const list = document.getElementById(button.getAttribute('aria-controls')!)!
    expect(visibleLinks(list)).toHaveLength(integrationKitsInitialCount)
    expect(button.getAttribute('aria-expanded')).toBe('false')

    await user.click(button)
    expect(visibleLinks(list)).toHaveLength(integrationKits.length)
    expect(button.textContent).toBe('Show Less')
    expect(button.getAttribute('aria-expanded')).toBe('true')

    await user.click(button)
    expect(visibleLinks(list)).toHaveLength(integrationKitsInitialCount)
    expect(button.textContent).toBe('Show More')
    expect(document.activeElement).toBe(button)
    expect(button.scrollIntoView).toHaveBeenCalledWith({ block: 'nearest' })
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
    expect(screen.queryByRole('button', { hidden: true })).toBeNull()
    expect(screen.getAllByRole('link')).toHaveLength(4)
  })
})
