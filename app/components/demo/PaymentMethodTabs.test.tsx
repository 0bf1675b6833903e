// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, test, vi } from 'vitest'
import { type PaymentMethodTab, PaymentMethodTabs } from './PaymentMethodTabs.tsx'

const tabs: PaymentMethodTab[] = [
  { type: 'NB', label: 'Net Banking', panel: <p>Banks</p> },
  { type: 'WL', label: 'Wallet', panel: <p>Wallets</p> },
  { type: 'UP', label: 'UPI', panel: <p>UPI ID</p> },
]

const hrefOf = (type: string) => `?paymentType=${type}`

function selectedTab() {
  return screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')
}

test('opens on the first tab with only it in the Tab order', () => {
  render(<PaymentMethodTabs tabs={tabs} label="Payment method" hrefOf={hrefOf} />)
  expect(screen.getByRole('tablist', { name: 'Payment method' })).toBeTruthy()
  expect(selectedTab()?.textContent).toBe('Net Banking')
  expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1])
  expect(screen.getByRole('tabpanel').textContent).toBe('Banks')
})

test('arrow keys, Home and End move focus and selection, wrapping around', async () => {
  const user = userEvent.setup()
  const onSelect = vi.fn()
  render(
    <PaymentMethodTabs tabs={tabs} label="Payment method" hrefOf={hrefOf} onSelect={onSelect} />,
  )
  await user.tab()
  expect(document.activeElement?.textContent).toBe('Net Banking')

  await user.keyboard('{ArrowRight}')
  expect(selectedTab()?.textContent).toBe('Wallet')
  expect(document.activeElement).toBe(selectedTab())
  expect(screen.getByRole('tabpanel').textContent).toBe('Wallets')

  await user.keyboard('{ArrowRight}{ArrowRight}')
  expect(selectedTab()?.textContent).toBe('Net Banking')

  await user.keyboard('{ArrowLeft}')
  expect(selectedTab()?.textContent).toBe('UPI')

  await user.keyboard('{Home}')
  expect(selectedTab()?.textContent).toBe('Net Banking')
  await user.keyboard('{End}')
  expect(selectedTab()?.textContent).toBe('UPI')
  expect(onSelect).toHaveBeenLastCalledWith('UP')
})

test('a click selects a tab and shows its panel', async () => {
  const user = userEvent.setup()
  render(<PaymentMethodTabs tabs={tabs} label="Payment method" hrefOf={hrefOf} />)
  await user.click(screen.getByRole('tab', { name: 'UPI' }))
  expect(screen.getByRole('tabpanel', { name: 'UPI' }).textContent).toBe('UPI ID')
})
