import { describe, expect, it } from 'vitest'
import { routeHeaders } from './route-headers.ts'

describe('routeHeaders', () => {
  it("carries the loader's and the action's headers, the action's winning", () => {
    const headers = routeHeaders({
      loaderHeaders: new Headers({ 'Cache-Control': 'public', 'Set-Cookie': 'a=1' }),
      actionHeaders: new Headers({ 'Cache-Control': 'no-store' }),
    })
    expect(Object.fromEntries(headers)).toEqual({
      'cache-control': 'no-store',
      'set-cookie': 'a=1',
    })
  })
})
