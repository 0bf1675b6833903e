import { afterEach, describe, expect, test, vi } from 'vitest'
import { apiMessages } from '#core/forms/api.ts'
import { readEnvelope, sendForm } from './sendForm.ts'

function answerWith(status: number, body: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status })),
  )
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('sendForm', () => {
  test('posts the body with the given headers and returns the server envelope', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response('{"RESPONSE_STATUS":"SUCCESS","RESPONSE_MESSAGE":"Thanks"}', { status: 200 }),
    )
    vi.stubGlobal('fetch', fetchMock)
    const answer = await sendForm('/api/x', '{"a":1}', { 'Content-Type': 'application/json' })
    expect(answer).toEqual({ RESPONSE_STATUS: 'SUCCESS', RESPONSE_MESSAGE: 'Thanks' })
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/x')
    expect(init?.method).toBe('POST')
    expect(init?.body).toBe('{"a":1}')
    expect(init?.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
    })
    expect(init?.signal).toBeInstanceOf(AbortSignal)
  })

  test('a network failure becomes FAILED with the "could not reach" message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    expect(await sendForm('/api/x', '')).toEqual({
      RESPONSE_STATUS: 'FAILED',
      RESPONSE_MESSAGE: apiMessages.networkDown,
    })
  })

  test('a 400 keeps the server message and its per-field errors', async () => {
    answerWith(
      400,
      JSON.stringify({
        RESPONSE_STATUS: 'FAILED',
        RESPONSE_MESSAGE: apiMessages.invalid,
        ERRORS: { email: 'Please enter valid Email ID', junk: 3 },
      }),
    )
    expect(await sendForm('/api/x', '')).toEqual({
      RESPONSE_STATUS: 'FAILED',
      RESPONSE_MESSAGE: apiMessages.invalid,
      ERRORS: { email: 'Please enter valid Email ID' },
    })
  })

  test('a 429 with the envelope shows the server words, without one a plain rate message', async () => {
    answerWith(429, JSON.stringify({ RESPONSE_STATUS: 'FAILED', RESPONSE_MESSAGE: 'Slow down' }))
    expect((await sendForm('/api/x', '')).RESPONSE_MESSAGE).toBe('Slow down')
    answerWith(429, 'Too Many Requests')
    expect(await sendForm('/api/x', '')).toEqual({
      RESPONSE_STATUS: 'FAILED',
      RESPONSE_MESSAGE: apiMessages.rateLimited,
    })
  })

  test.each([
    [500, '<h1>Internal Server Error</h1>', apiMessages.serverError],
    [502, '', apiMessages.serverError],
    [404, 'Not Found', apiMessages.serverError],
    [413, 'Payload Too Large', apiMessages.tooLarge],
    [200, '<!doctype html><p>a page</p>', apiMessages.serverError],
    [200, '{"ok":true}', apiMessages.serverError],
  ])('HTTP %i with a body that is not the envelope is FAILED', async (status, body, message) => {
    answerWith(status, body)
    expect(await sendForm('/api/x', '')).toEqual({
      RESPONSE_STATUS: 'FAILED',
      RESPONSE_MESSAGE: message,
    })
  })

  test('an error status never passes for a success, whatever the body says', async () => {
    answerWith(500, JSON.stringify({ RESPONSE_STATUS: 'SUCCESS', RESPONSE_MESSAGE: 'Sent' }))
    expect(await sendForm('/api/x', '')).toEqual({
      RESPONSE_STATUS: 'FAILED',
      RESPONSE_MESSAGE: apiMessages.serverError,
    })
  })

  test('a 200 FAILED from the provider API is shown as it is', async () => {
    answerWith(200, JSON.stringify({ RESPONSE_STATUS: 'FAILED', RESPONSE_MESSAGE: 'Mail down' }))
    expect(await sendForm('/api/x', '')).toEqual({
      RESPONSE_STATUS: 'FAILED',
      RESPONSE_MESSAGE: 'Mail down',
    })
  })
})

describe('readEnvelope', () => {
  test.each([
    ['not json', undefined],
    ['null', undefined],
    ['[]', undefined],
    ['{"RESPONSE_STATUS":"OK","RESPONSE_MESSAGE":"x"}', undefined],
    ['{"RESPONSE_STATUS":"SUCCESS"}', undefined],
    ['{"RESPONSE_STATUS":"SUCCESS","RESPONSE_MESSAGE":"  "}', undefined],
    [
      '{"RESPONSE_STATUS":"FAILED","RESPONSE_MESSAGE":"x","ERRORS":[]}',
      { RESPONSE_STATUS: 'FAILED', RESPONSE_MESSAGE: 'x' },
    ],
  ])('%s', (text, expected) => {
    expect(readEnvelope(text)).toEqual(expected)
  })
})
