// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { apiMessages, CONTACT_API_PATH } from '#core/forms/api.ts'
import { HONEYPOT_FIELD } from '#core/forms/honeypot.ts'
import { ContactForm } from './ContactForm.tsx'

type FetchArgs = [url: string, init: RequestInit]

function respondWith(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (..._args: FetchArgs) =>
      new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** A fetch that answers only when the test says so. */
function respondLater() {
  let answer: (response: Response) => void = () => {}
  const fetchMock = vi.fn(
    (..._args: FetchArgs) => new Promise<Response>((resolve) => (answer = resolve)),
  )
  vi.stubGlobal('fetch', fetchMock)
  return { fetchMock, answer: (response: Response) => answer(response) }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

const filled = {
  Name: 'Priya Mehta',
  Company: 'Mehta Textiles Pvt Ltd',
  Phone: '9876543210',
  Email: 'priya@mehtatextiles.in',
  Subject: 'Payment gateway for our store',
  Message: 'We sell about 2,000 orders a month and want UPI and cards.',
}

function field(label: string) {
  return screen.getByRole('textbox', { name: label }) as HTMLInputElement
}

const submitButton = () => screen.getByRole('button', { name: /Submit|Sending/ })

async function fillAll(user: UserEvent) {
  // Pasted, one input event a field: typing every character re-rendered the form each time,
  // most of these tests' time, and the tests of typing type their own characters.
  for (const [label, value] of Object.entries(filled)) {
    await user.click(field(label))
    await user.paste(value)
  }
}

function renderForm() {
  const user = userEvent.setup()
  render(
    <>
      <h2 id="heading">Send us a message</h2>
      <ContactForm labelledBy="heading" />
    </>,
  )
  return user
}

describe('ContactForm', () => {
  test('a submit with empty fields shows every message, says how many, focuses the first', async () => {
    const fetchMock = respondWith(200, {})
    const user = renderForm()
    await user.click(submitButton())
    const messages = [
      'Please enter your Name',
      'Please enter your Company',
      'Please enter your Phone',
      'Please enter your Email',
      'Please enter your Subject',
      'Please enter your Message',
    ]
    for (const message of messages) expect(screen.getByText(message)).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('6 fields need your attention.')
    expect(document.activeElement).toBe(field('Name'))
    expect(field('Name').getAttribute('aria-describedby')).toBe('contact-name-error')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  test('the count under the form goes once every marked field is fixed', async () => {
    const user = renderForm()
    await fillAll(user)
    await user.clear(field('Phone'))
    await user.click(submitButton())
    expect(screen.getByRole('status').textContent).toBe('1 field needs your attention.')
    await user.type(field('Phone'), '9876543210')
    expect(screen.getByRole('status').textContent).toBe('')
  })

  test('is not sent while one field is wrong, and focus goes to that field', async () => {
    const fetchMock = respondWith(200, {})
    const user = renderForm()
    await fillAll(user)
    await user.clear(field('Phone'))
    await user.type(field('Phone'), '98765')
    await user.click(submitButton())
    expect(screen.getByText('Please enter valid Mobile Number')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('1 field needs your attention.')
    expect(document.activeElement).toBe(field('Phone'))
    expect(field('Name').getAttribute('aria-invalid')).toBe('false')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  test('posts the trimmed values and the honeypot as JSON', async () => {
    const fetchMock = respondWith(200, {
      RESPONSE_STATUS: 'SUCCESS',
      RESPONSE_MESSAGE: apiMessages.contactSent,
    })
    const user = renderForm()
    await fillAll(user)
    await user.type(field('Subject'), '  ')
    await user.click(submitButton())
    await screen.findByRole('dialog', { name: 'Message sent' })

    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe(CONTACT_API_PATH)
    expect(init.method).toBe('POST')
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json')
    expect(JSON.parse(init.body as string)).toEqual({
      name: filled.Name,
      company: filled.Company,
      phone: filled.Phone,
      email: filled.Email,
      subject: filled.Subject,
      message: filled.Message,
      [HONEYPOT_FIELD]: '',
    })
  })

  test('the honeypot is off-screen, hidden from assistive technology and sent when filled', async () => {
    const fetchMock = respondWith(200, { RESPONSE_STATUS: 'SUCCESS', RESPONSE_MESSAGE: 'Thanks' })
    const user = renderForm()
    const trap = document.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`)!
    expect(trap.tabIndex).toBe(-1)
    expect(trap.autocomplete).toBe('off')
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull()
    expect(trap.labels?.[0]?.textContent).toBe('Leave this field empty')
    expect(screen.queryByRole('textbox', { name: 'Leave this field empty' })).toBeNull()

    trap.value = 'https://spam.example'
    await fillAll(user)
    await user.click(submitButton())
    await screen.findByRole('dialog')
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)[HONEYPOT_FIELD]).toBe(
      'https://spam.example',
    )
  })

  test('while sending, the button says so and a second press sends nothing', async () => {
    const { fetchMock, answer } = respondLater()
    const user = renderForm()
    await fillAll(user)
    await user.click(submitButton())
    const button = submitButton()
    expect(button.textContent).toBe('Sending…')
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(button.closest('form')!.getAttribute('aria-busy')).toBe('true')
    await user.click(button)
    await user.keyboard('{Enter}')
    expect(fetchMock).toHaveBeenCalledTimes(1)

    answer(new Response(JSON.stringify({ RESPONSE_STATUS: 'SUCCESS', RESPONSE_MESSAGE: 'Thanks' })))
    await screen.findByRole('dialog', { name: 'Message sent' })
    expect(submitButton().textContent).toBe('Submit')
    expect(submitButton().hasAttribute('aria-disabled')).toBe(false)
  })

  test('success: the dialog shows the server message, fields lock, Close resets everything', async () => {
    respondWith(200, { RESPONSE_STATUS: 'SUCCESS', RESPONSE_MESSAGE: apiMessages.contactSent })
    const user = renderForm()
    await fillAll(user)
    await user.tab()
    await user.click(submitButton())

    const dialog = await screen.findByRole('dialog', { name: 'Message sent' })
    expect(dialog.textContent).toContain(apiMessages.contactSent)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }))
    for (const label of Object.keys(filled)) expect(field(label).disabled).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    for (const label of Object.keys(filled)) {
      expect(field(label).value).toBe('')
      expect(field(label).disabled).toBe(false)
      expect(field(label).hasAttribute('aria-invalid')).toBe(false)
    }
    expect(document.querySelector('.form-field__valid-mark')).toBeNull()
    expect(document.activeElement).toBe(submitButton())
  })

  test.each([
    [
      'the network is down',
      () =>
        vi.stubGlobal(
          'fetch',
          vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
        ),
      apiMessages.networkDown,
    ],
    [
      'the server fails with 500',
      () => respondWith(500, 'Internal Server Error'),
      apiMessages.serverError,
    ],
    [
      'the rate limit answers 429',
      () =>
        respondWith(429, { RESPONSE_STATUS: 'FAILED', RESPONSE_MESSAGE: apiMessages.rateLimited }),
      apiMessages.rateLimited,
    ],
  ])(
    'failure when %s: the dialog says so, and closing it keeps every value',
    async (_case, arrange, message) => {
      arrange()
      const user = renderForm()
      await fillAll(user)
      await user.click(submitButton())

      const dialog = await screen.findByRole('dialog', { name: 'Message not sent' })
      expect(dialog.textContent).toContain(message)
      expect(field('Name').disabled).toBe(false)

      await user.click(screen.getByRole('button', { name: 'Close' }))
      expect(screen.queryByRole('dialog')).toBeNull()
      for (const [label, value] of Object.entries(filled)) expect(field(label).value).toBe(value)
      expect(document.activeElement).toBe(submitButton())
    },
  )

  test('a 400 shows each field message from the server and focuses the first after Close', async () => {
    respondWith(400, {
      RESPONSE_STATUS: 'FAILED',
      RESPONSE_MESSAGE: apiMessages.invalid,
      ERRORS: { name: 'Please enter valid Name', email: 'Please enter valid Email ID' },
    })
    const user = renderForm()
    await fillAll(user)
    await user.click(submitButton())

    const dialog = await screen.findByRole('dialog', { name: 'Message not sent' })
    expect(dialog.textContent).toContain(apiMessages.invalid)
    expect(screen.getByText('Please enter valid Name')).toBeTruthy()
    expect(screen.getByText('Please enter valid Email ID')).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('2 fields need your attention.')

    await user.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(document.activeElement).toBe(field('Name')))
    expect(field('Name').value).toBe(filled.Name)
    expect(field('Email').getAttribute('aria-invalid')).toBe('true')
  })

  test('a failure can be corrected and sent again', async () => {
    const fetchMock = respondWith(500, '')
    const user = renderForm()
    await fillAll(user)
    await user.click(submitButton())
    await user.click(await screen.findByRole('button', { name: 'Close' }))

    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ RESPONSE_STATUS: 'SUCCESS', RESPONSE_MESSAGE: 'Thanks' })),
    )
    await user.click(submitButton())
    await screen.findByRole('dialog', { name: 'Message sent' })
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })
})
