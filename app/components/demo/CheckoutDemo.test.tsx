// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { CheckoutVerifyAnswer, SignedForm } from '#app/content/demo-api.ts'
import { CheckoutDemo } from './CheckoutDemo.tsx'

const gatewayOrigin = 'https://pg.paystra.example'
const opened = vi.fn()

const signed: SignedForm = {
  action: '/sandbox/paymentrequest',
  fields: { PAY_ID: '1000000000000001', ORDER_ID: 'LP1', HASH: 'AB' },
}

const verified: CheckoutVerifyAnswer = {
  verified: true,
  result: {
    id: '6f1c1a52-3f7e-4b0c-9d8e-1c2b3a4d5e6f',
    flow: 'checkout',
    status: 'success',
    success: true,
    orderId: 'LP1',
    txnId: '1763712000123456',
    amount: '₹1.00',
    method: 'UPI',
    responseCode: '000',
    responseMessage: 'Transaction successful',
  },
}

beforeEach(() => {
  opened.mockReset()
  window.PaystraCheckout = {
    origin: gatewayOrigin,
    open: (form, frameName) => opened(frameName, Object.fromEntries(new FormData(form))),
  }
  // jsdom has <dialog> but not its modal methods.
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open')
    this.dispatchEvent(new Event('close'))
  }
})
afterEach(() => {
  delete window.PaystraCheckout
})

function mockServer(verifyAnswer: CheckoutVerifyAnswer = verified) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const body = String(input).endsWith('/demo/checkout/verify') ? verifyAnswer : signed
    return new Response(JSON.stringify(body), {
      status: 'verified' in body && !body.verified ? 400 : 200,
    })
  })
}

function frame() {
  return document.querySelector('iframe') as HTMLIFrameElement
}

/** A message as the browser delivers it: from an origin, from a window. */
function post(
  data: unknown,
  origin = gatewayOrigin,
  source: Window | null = frame().contentWindow,
) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }))
  })
}

async function pressPay() {
  const user = userEvent.setup()
  render(<CheckoutDemo scriptUrl="https://pg.paystra.example/checkout.js" />)
  await user.click(screen.getByRole('button', { name: 'Pay' }))
  await waitFor(() => expect(opened).toHaveBeenCalled())
  return user
}

describe('Checkout Js demo', () => {
  test('Pay opens the popup with the loader and submits the signed form into the frame', async () => {
    mockServer()
    await pressPay()
    expect(opened).toHaveBeenCalledWith('paystra-checkout-frame', signed.fields)
    expect(frame().name).toBe('paystra-checkout-frame')
    expect(frame().dataset.visible).toBe('false')
    expect(screen.getByText('You are being redirected to Payment Page…')).toBeTruthy()
  })

  test('isPageVisible from the gateway hides the loader and shows the frame', async () => {
    mockServer()
    await pressPay()
    post({ isPageVisible: true })
    expect(frame().dataset.visible).toBe('true')
    expect(screen.queryByText('You are being redirected to Payment Page…')).toBeNull()
  })

  test('messages from another origin or another window are ignored', async () => {
    mockServer()
    await pressPay()
    post({ isPageVisible: true }, 'https://evil.example')
    post({ isPageVisible: true }, gatewayOrigin, window)
    post({ closeIframe: true, response: {} }, 'https://evil.example')
    expect(frame().dataset.visible).toBe('false')
    expect(document.querySelector('dialog.checkout-popup')?.hasAttribute('open')).toBe(true)
  })

  test('closeIframe closes the popup, the server verifies, and "Ok" dismisses the result', async () => {
    const fetch = mockServer()
    const user = await pressPay()
    post({ isPageVisible: true })
    const response = { PAY_ID: '1000000000000001', ENCDATA: 'abc' }
    post({ closeIframe: true, response })
    expect(document.querySelector('dialog.checkout-popup')?.hasAttribute('open')).toBe(false)

    const heading = await screen.findByRole('heading', { name: 'Payment Successful' })
    expect(heading).toBeTruthy()
    const verifyCall = fetch.mock.calls.find(([url]) => String(url).endsWith('/verify'))
    expect(JSON.parse(String(verifyCall?.[1]?.body))).toEqual(response)
    expect(screen.getByText('Transaction successful')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Ok' }))
    expect(screen.queryByRole('heading', { name: 'Payment Successful' })).toBeNull()
  })

  test('a failed payment reads "Payment Failed"', async () => {
    mockServer({
      verified: true,
      result: { ...verified.result, status: 'failed', success: false, responseCode: '004' },
    } as CheckoutVerifyAnswer)
    await pressPay()
    post({ closeIframe: true, response: { PAY_ID: '1', ENCDATA: 'x' } })
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeTruthy()
  })

  test('a pending payment reads "Payment Pending" and links to the page that follows it', async () => {
    mockServer({
      verified: true,
      result: { ...verified.result, status: 'pending', success: false, responseCode: '026' },
    } as CheckoutVerifyAnswer)
    await pressPay()
    post({ closeIframe: true, response: { PAY_ID: '1', ENCDATA: 'x' } })
    expect(await screen.findByRole('heading', { name: 'Payment Pending' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Follow this payment' }).getAttribute('href')).toBe(
      '/demo/response?order=LP1',
    )
  })

  test('a response the server refuses is never shown as paid', async () => {
    mockServer({ verified: false, reason: 'hash', message: 'The HASH does not match.' })
    await pressPay()
    post({ closeIframe: true, response: { PAY_ID: '1', ENCDATA: 'x' } })
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeTruthy()
    expect(screen.getByText(/could not verify its result/)).toBeTruthy()
  })

  test('closing the popup by hand says the payment did not finish', async () => {
    mockServer()
    const user = await pressPay()
    await user.click(screen.getByRole('button', { name: 'Close the payment window' }))
    expect(screen.getByRole('status').textContent).toMatch(/closed before the payment finished/)
    expect(frame()).toBeNull()
  })
})

describe('Checkout Js demo in a foreign currency', () => {
  const currencies = [
    { code: 'INR', number: '356', label: 'Indian Rupee (INR)', minorUnits: 2 },
    { code: 'USD', number: '840', label: 'US Dollar (USD)', minorUnits: 2 },
  ]

  test('prices the laptop 1.00 of the chosen currency, ₹1.00 first', async () => {
    const user = userEvent.setup()
    render(
      <CheckoutDemo scriptUrl="https://pg.paystra.example/checkout.js" currencies={currencies} />,
    )
    expect(screen.getByText('₹1.00')).toBeTruthy()
    const select = screen.getByRole('combobox', { name: 'Pay in' })
    expect((select as HTMLSelectElement).value).toBe('INR')
    expect(select.getAttribute('name')).toBe('currency')
    await user.selectOptions(select, 'USD')
    expect(screen.getByText('$1.00')).toBeTruthy()
    expect(screen.queryByText('₹1.00')).toBeNull()
    expect(screen.queryByRole('textbox', { name: /amount/i })).toBeNull()
    expect(screen.getByText(/Only cards pay in a foreign currency/)).toBeTruthy()
  })

  test('asks the server for the chosen currency alone, and shows its refusal on the field', async () => {
    const requests: unknown[] = []
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      requests.push(JSON.parse(String(init?.body)))
      return new Response(
        JSON.stringify({ message: 'Choose a currency from the list', field: 'currency' }),
        { status: 400 },
      )
    })
    const user = userEvent.setup()
    render(
      <CheckoutDemo scriptUrl="https://pg.paystra.example/checkout.js" currencies={currencies} />,
    )
    const select = screen.getByRole('combobox', { name: 'Pay in' })
    await user.selectOptions(select, 'USD')
    await user.click(screen.getByRole('button', { name: 'Pay' }))

    await waitFor(() => expect(select.getAttribute('aria-invalid')).toBe('true'))
    expect(requests).toEqual([{ flow: 'checkout', currency: 'USD' }])
    expect(screen.getByText('Choose a currency from the list').id).toBe('demo-currency-error')
    expect(select.getAttribute('aria-describedby')).toContain('demo-currency-error')
    expect(opened).not.toHaveBeenCalled()
  })
})
