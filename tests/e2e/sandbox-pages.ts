/** What a customer does on the sandbox's payment page, shared by the demo tests. */
import type { FrameLocator, Page } from '@playwright/test'

/** The sandbox's payment page, on the page itself or inside the checkout frame. */
export type Gateway = Page | FrameLocator

export async function payByCard(gateway: Gateway, number: string) {
  await gateway.getByRole('textbox', { name: 'Card number' }).fill(number)
  await gateway.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/39')
  await gateway.getByRole('textbox', { name: 'CVV' }).fill('123')
  await gateway.getByRole('textbox', { name: 'Name on card' }).fill('Aarav Sharma')
  await gateway.getByRole('button', { name: 'Pay ₹1.00' }).click()
}

export async function payByUpi(gateway: Gateway, vpa: string) {
  await gateway.getByRole('tab', { name: 'UPI' }).click()
  await gateway.getByRole('textbox', { name: 'UPI ID' }).fill(vpa)
  await gateway.getByRole('button', { name: 'Verify and pay' }).click()
}

export async function payByNetBanking(
  gateway: Gateway,
  bank: string,
  outcome: 'Success' | 'Failure',
) {
  await gateway.getByRole('tab', { name: 'Net Banking' }).click()
  await gateway.getByRole('radio', { name: new RegExp(`^${bank} `) }).check()
  await gateway.getByRole('button', { name: 'Continue to bank' }).click()
  await gateway.getByRole('button', { name: outcome, exact: true }).click()
}
