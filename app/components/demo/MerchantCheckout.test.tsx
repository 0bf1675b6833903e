// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { MerchantCheckout } from './MerchantCheckout.tsx'

const submit = vi.fn()

beforeEach(() => {
  submit.mockReset()
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
    this: HTMLFormElement,
  ) {
    submit(this.action, Object.fromEntries(new FormData(this)))
  })
})

function renderCheckout() {
  render(
    <MemoryRouter>
      <MerchantCheckout />
    </MemoryRouter>,
  )
  return {
    pay: screen.getByRole('button', { name: 'Pay' }),
    alert: () => screen.getByRole('alert'),
  }
}

function answerWith(form: { action: string; fields: Record<string, string> }) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(
      new Response(JSON.stringify(form), { headers: { 'Content-Type': 'application/json' } }),
    )
}

const encrypted = {
  action: '/sandbox/merchantPaymentInit',
  fields: {
    PAY_ID: '1000000000000001',
    CUST_NAME: 'Aarav Sharma',
    CUST_EMAIL: 'aarav.sharma@paystra.example',
    CUST_MOBILE: '9876543210',
    ENCDATA: 'c2VjcmV0',
  },
}

describe('merchant-hosted checkout', () => {
  test('Pay looks disabled until a bank is chosen, and says so on Net Banking', async () => {
    const user = userEvent.setup()
    const fetch = vi.spyOn(globalThis, 'fetch')
    const { pay, alert } = renderCheckout()
    expect(pay.getAttribute('aria-disabled')).toBe('true')
    await user.click(pay)
    expect(alert().textContent).toBe('Please select any bank')
    expect(fetch).not.toHaveBeenCalled()

    await user.click(screen.getByRole('button', { name: 'HDFC' }))
    expect(alert().textContent).toBe('')
    expect(screen.getByRole('button', { name: 'HDFC' }).getAttribute('aria-pressed')).toBe('true')
    expect(pay.getAttribute('aria-disabled')).toBe('false')
  })

  test('choosing another tab clears the method and deactivates Pay', async () => {
    const user = userEvent.setup()
    const { pay } = renderCheckout()
    await user.click(screen.getByRole('button', { name: 'SBI' }))
    expect(pay.getAttribute('aria-disabled')).toBe('false')
    await user.click(screen.getByRole('tab', { name: 'Wallet' }))
    expect(pay.getAttribute('aria-disabled')).toBe('true')
    await user.click(screen.getByRole('tab', { name: 'Net Banking' }))
    expect(screen.getByRole('button', { name: 'SBI' }).getAttribute('aria-pressed')).toBe('false')
    expect(pay.getAttribute('aria-disabled')).toBe('true')
  })

  test("Pay with a bank posts the server's encrypted form to merchantPaymentInit", async () => {
    const user = userEvent.setup()
    const fetch = answerWith(encrypted)
    const { pay } = renderCheckout()
    await user.click(screen.getByRole('button', { name: 'Kotak Bank' }))
    await user.click(pay)
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1))
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      paymentType: 'NB',
      mopType: '1012',
    })
    expect(submit).toHaveBeenCalledWith(
      expect.stringMatching(/\/sandbox\/merchantPaymentInit$/),
      encrypted.fields,
    )
    expect(screen.getByText('You are being redirected to Payment Page…')).toBeTruthy()
  })

  test('a wallet tile sets the wallet code', async () => {
    const user = userEvent.setup()
    const fetch = answerWith(encrypted)
    const { pay } = renderCheckout()
    await user.click(screen.getByRole('tab', { name: 'Wallet' }))
    await user.click(pay)
    expect(screen.getByRole('alert').textContent).toBe('Please select any wallet')
    await user.click(screen.getByRole('button', { name: 'PhonePay' }))
    await user.click(pay)
    await waitFor(() => expect(submit).toHaveBeenCalled())
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      paymentType: 'WL',
      mopType: 'PPWL',
    })
  })

  test('a server refusal is shown and nothing is posted', async () => {
    const user = userEvent.setup()
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ message: 'Please select any bank' }), { status: 400 }),
    )
    const { pay, alert } = renderCheckout()
    await user.click(screen.getByRole('button', { name: 'PNB' }))
    await user.click(pay)
    await waitFor(() => expect(alert().textContent).toBe('Please select any bank'))
    expect(submit).not.toHaveBeenCalled()
  })
})

describe('the UPI field', () => {
  async function openUpi() {
    const user = userEvent.setup()
    const parts = renderCheckout()
    await user.click(screen.getByRole('tab', { name: 'UPI' }))
    return { user, ...parts, field: screen.getByRole('textbox', { name: 'UPI ID' }) }
  }

  test('strips what a UPI ID never holds and blocks special keys', async () => {
    const { user, field } = await openUpi()
    await user.type(field, 'aa rav_#!sh+arma@ok axis')
    expect((field as HTMLInputElement).value).toBe('aaravsharma@okaxis')
    fireEvent.change(field, { target: { value: ' success@upi ' } })
    expect((field as HTMLInputElement).value).toBe('success@upi')
  })

  test('refuses copy, cut, paste and drop', async () => {
    const { field } = await openUpi()
    for (const event of ['copy', 'cut', 'paste', 'drop'] as const) {
      const allowed = fireEvent[event](field)
      expect(allowed, event).toBe(false)
    }
  })

  test('on blur: empty says "Please Enter UPI ID", malformed says "Invalid UPI ID"', async () => {
    const { user, field, pay } = await openUpi()
    await user.click(field)
    await user.tab()
    expect(screen.getByText('Please Enter UPI ID')).toBeTruthy()
    expect(field.getAttribute('aria-invalid')).toBe('true')

    await user.type(field, 'aarav@u')
    expect(screen.queryByText('Please Enter UPI ID')).toBeNull()
    await user.tab()
    expect(screen.getByText('Invalid UPI ID')).toBeTruthy()
    expect(pay.getAttribute('aria-disabled')).toBe('true')
  })

  test('a valid UPI ID makes the method UP and Pay sends it as PAYER_ADDRESS', async () => {
    const fetch = answerWith(encrypted)
    const { user, field, pay } = await openUpi()
    expect(pay.getAttribute('aria-disabled')).toBe('true')
    await user.type(field, 'success@upi')
    expect(pay.getAttribute('aria-disabled')).toBe('false')
    await user.click(pay)
    await waitFor(() => expect(submit).toHaveBeenCalled())
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      paymentType: 'UP',
      mopType: 'UP',
      payerAddress: 'success@upi',
    })
  })

  test('Pay with no UPI ID judges the field instead of posting', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch')
    const { user, field, pay } = await openUpi()
    await user.click(pay)
    expect(screen.getByText('Please Enter UPI ID')).toBeTruthy()
    expect(document.activeElement).toBe(field)
    expect(fetch).not.toHaveBeenCalled()
  })
})

describe("before scripts run (the server's markup)", () => {
  function serverMarkup(props: Parameters<typeof MerchantCheckout>[0] = {}) {
    const container = document.createElement('div')
    container.innerHTML = renderToString(
      <MemoryRouter>
        <MerchantCheckout {...props} />
      </MemoryRouter>,
    )
    return container
  }

  test('tabs are links to the page open on them, all in the Tab order', () => {
    const tabs = [...serverMarkup().querySelectorAll('[role="tab"]')]
    expect(tabs.map((tab) => tab.getAttribute('href'))).toEqual([
      '?paymentType=NB',
      '?paymentType=WL',
      '?paymentType=UP',
    ])
    expect(tabs.some((tab) => tab.hasAttribute('tabindex'))).toBe(false)
  })

  test('a tile submits the choice form with its code; Pay posts the chosen one', () => {
    const markup = serverMarkup({ initial: { paymentType: 'NB', mopType: '1013' } })
    const tile = markup.querySelector<HTMLButtonElement>('button[data-code="1013"]')!
    expect(tile.type).toBe('submit')
    expect(tile.name).toBe('mopType')
    expect(tile.getAttribute('aria-pressed')).toBe('true')
    const choiceForm = markup.querySelector<HTMLFormElement>(`form#${tile.getAttribute('form')}`)!
    expect(choiceForm.method).toBe('get')
    expect(Object.fromEntries(new FormData(choiceForm))).toEqual({ paymentType: 'NB' })

    const pay = markup.querySelector<HTMLButtonElement>('.payment-summary__pay')!
    expect(pay.type).toBe('submit')
    expect([pay.name, pay.value]).toEqual(['mopType', '1013'])
    expect(pay.getAttribute('aria-disabled')).toBe('false')
    expect(pay.form?.method).toBe('post')
    expect(Object.fromEntries(new FormData(pay.form!))).toMatchObject({ paymentType: 'NB' })
  })

  test('on UPI, Pay does not look unavailable: the server judges the typed ID', () => {
    const pay = serverMarkup({ initial: { paymentType: 'UP' } }).querySelector(
      '.payment-summary__pay',
    )
    expect(pay?.getAttribute('aria-disabled')).toBe('false')
  })

  test("a refused UPI ID is the field's error, kept and focused", () => {
    const markup = serverMarkup({
      initial: { paymentType: 'UP', payerAddress: 'aarav@u' },
      refusal: { status: 400, message: 'Invalid UPI ID' },
    })
    const field = markup.querySelector<HTMLInputElement>('input[name="payerAddress"]')!
    expect(field.value).toBe('aarav@u')
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(field.hasAttribute('autofocus')).toBe(true)
    expect(markup.querySelector('.form-field__error')?.textContent).toBe('Invalid UPI ID')
    // Mended without scripts, it is posted again with the same Pay.
    expect(markup.querySelector('.payment-summary__pay')?.getAttribute('aria-disabled')).toBe(
      'false',
    )
    expect(markup.querySelector('[role="alert"]')?.textContent).toBe('')
  })

  test("no bank chosen is Pay's error", () => {
    const markup = serverMarkup({ refusal: { status: 400, message: 'Please select any bank' } })
    expect(markup.querySelector('[role="alert"]')?.textContent).toBe('Please select any bank')
  })

  test('a UPI ID typed before the scripts ran is kept by hydration and then judged', async () => {
    const page = (
      <MemoryRouter>
        <MerchantCheckout initial={{ paymentType: 'UP' }} />
      </MemoryRouter>
    )
    const container = document.createElement('div')
    container.innerHTML = renderToString(page)
    document.body.append(container)
    container.querySelector<HTMLInputElement>('#upi-id')!.value = 'success@upi'
    await act(async () => {
      hydrateRoot(container, page)
    })
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'UPI ID' }).value).toBe(
      'success@upi',
    )
    expect(screen.getByRole('button', { name: 'Pay' }).getAttribute('aria-disabled')).toBe('false')
    container.remove()
  })
})
