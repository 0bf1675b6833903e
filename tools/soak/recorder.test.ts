import { describe, expect, it } from 'vitest'
import { type RequestRecord, recordingFetch } from './recorder.ts'

function clock(...times: number[]) {
  return () => times.shift() ?? Number.NaN
}

describe('recordingFetch', () => {
  it('times a request to the end of its body, keeps the answer readable, and names its kind', async () => {
    const records: RequestRecord[] = []
    const inner: typeof fetch = async () =>
      new Response('{"RESPONSE_STATUS":"SUCCESS"}', {
        status: 200,
        headers: { 'content-type': 'application/json' },
      })
    const recording = recordingFetch(inner, (entry) => records.push(entry), clock(100, 112.5))
    const response = await recording('http://127.0.0.1:4250/api/sendContactEmail', {
      method: 'POST',
      body: '{}',
    })
    expect(await response.json()).toEqual({ RESPONSE_STATUS: 'SUCCESS' })
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(records).toEqual([
      {
        kind: 'contact API',
        method: 'POST',
        url: 'http://127.0.0.1:4250/api/sendContactEmail',
        ms: 12.5,
        status: 200,
      },
    ])
  })

  it('passes a redirect on as it came, for the harness to follow by hand', async () => {
    const records: RequestRecord[] = []
    const inner: typeof fetch = async () =>
      new Response(null, { status: 303, headers: { location: '/demo/response?payment=1' } })
    const response = await recordingFetch(inner, (entry) => records.push(entry))(
      'http://127.0.0.1:4250/demo/response',
      { method: 'POST', body: 'PAY_ID=1', redirect: 'manual' },
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/demo/response?payment=1')
    expect(records[0]).toMatchObject({ kind: 'demo response', status: 303 })
  })

  it('records a request that got no answer, and throws as fetch does', async () => {
    const records: RequestRecord[] = []
    const refused = Object.assign(new TypeError('fetch failed'), {
      cause: { code: 'ECONNREFUSED' },
    })
    const inner: typeof fetch = () => Promise.reject(refused)
    await expect(
      recordingFetch(inner, (entry) => records.push(entry), clock(0, 3))('http://127.0.0.1:1/'),
    ).rejects.toBe(refused)
    expect(records).toEqual([
      {
        kind: 'page',
        method: 'GET',
        url: 'http://127.0.0.1:1/',
        ms: 3,
        status: 0,
        error: 'ECONNREFUSED',
      },
    ])
  })
})
