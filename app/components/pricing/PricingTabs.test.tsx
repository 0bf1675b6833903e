// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test, vi } from 'vitest'
import { pricingTabs } from '#core/pricing/pricing.ts'
import { amountErrors, describeSlab, formatCharge } from '#core/pricing/fees.ts'
import { PricingTabs } from './PricingTabs.tsx'

/** The prerendered markup, then its enhancement module, as on the page. */
async function renderTabs() {
  render(<PricingTabs tabs={pricingTabs} label="Standard Plan products" />)
  vi.resetModules()
  await import('#app/enhance/pricing.ts')
  return screen.getAllByRole('tab')
}

function panelOf(tab: HTMLElement) {
  const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '')
  if (!panel) throw new Error(`${tab.textContent} controls no panel`)
  return panel
}

describe('rate tables', () => {
  test.each(pricingTabs.map((tab) => [tab.label, tab] as const))(
    'the %s table is generated from every rate in pricing.ts',
    async (label, tab) => {
      const tabs = await renderTabs()
      const tabElement = tabs.find((element) => element.textContent === label)
      if (!tabElement) throw new Error(`no ${label} tab`)
      const table = within(panelOf(tabElement)).getByRole('table', { hidden: true })
      const rows = within(table).getAllByRole('row', { hidden: true }).slice(1)
      const slabs = tab.rows.flatMap((row) => row.slabs.map((slab) => ({ row, slab })))
      expect(rows).toHaveLength(slabs.length)
      slabs.forEach(({ row, slab }, index) => {
        const text = rows[index]?.textContent ?? ''
        expect(text).toContain(describeSlab(slab))
        expect(text).toContain(formatCharge(slab.charge))
        expect(text).toContain(row.unit)
        if (row.addOn) expect(text).toContain(formatCharge(row.addOn.charge))
      })
      for (const row of tab.rows) {
        const header = within(table).getByRole('rowheader', {
          name: new RegExp(`^${row.label}`),
          hidden: true,
        })
        expect(header.getAttribute('rowspan')).toBe(String(row.slabs.length))
      }
    },
  )
})

describe('tabs', () => {
  test('the first tab is selected and only its panel shows', async () => {
    const tabs = await renderTabs()
    expect(tabs.map((tab) => tab.textContent)).toEqual(pricingTabs.map((tab) => tab.label))
    expect(tabs[0]).toHaveProperty('tabIndex', 0)
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true')
    expect(tabs.slice(1).map((tab) => tab.tabIndex)).toEqual([-1, -1, -1, -1])
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1)
  })

  test('arrow keys, Home and End move focus and selection, wrapping at the ends', async () => {
    const tabs = await renderTabs()
    const list = screen.getByRole('tablist')
    const selectedLabel = () =>
      screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')
        ?.textContent
    tabs[0]?.focus()
    fireEvent.keyDown(list, { key: 'ArrowLeft' })
    expect(selectedLabel()).toBe('Auto Collection')
    expect(document.activeElement).toBe(tabs[4])
    fireEvent.keyDown(list, { key: 'ArrowRight' })
    expect(selectedLabel()).toBe('Payment Gateway')
    fireEvent.keyDown(list, { key: 'ArrowRight' })
    expect(selectedLabel()).toBe('Subscription')
    fireEvent.keyDown(list, { key: 'End' })
    expect(selectedLabel()).toBe('Auto Collection')
    fireEvent.keyDown(list, { key: 'Home' })
    expect(selectedLabel()).toBe('Payment Gateway')
    expect(document.activeElement).toBe(tabs[0])
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1)
  })
})

describe('calculator', () => {
  test('works out the fee as the amount changes, and explains bad input', async () => {
    const user = userEvent.setup()
    await renderTabs()
    const panel = screen.getByRole('tabpanel')
    const amount = within(panel).getByLabelText('Payment amount (₹)')
    expect(amount.getAttribute('inputmode')).toBe('decimal')
    expect(panel.textContent).toContain('₹1,990.56')

    await user.clear(amount)
    await user.type(amount, '2000.01')
    expect(panel.textContent).toContain('Debit card (0.90%)')
    expect(panel.textContent).toContain('₹18.00')

    await user.clear(amount)
    await user.type(amount, '12.345')
    expect(panel.textContent).not.toContain(amountErrors.tooManyDecimals)
    await user.tab()
    expect(within(panel).getByText(amountErrors.tooManyDecimals)).toBeTruthy()
    expect(amount.getAttribute('aria-invalid')).toBe('true')
  })
})
