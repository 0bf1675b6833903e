import { describe, expect, it } from 'vitest'
import { ownedPayments, ownerCookie } from './ownership.ts'

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

describe('the ownership cookie', () => {
  it('adds the newest payment first, at the path asked', () => {
    expect(ownerCookie(`demo_payments=${id(1)}`, id(2), { path: '/demo', secure: false })).toBe(
      `demo_payments=${id(2)}.${id(1)}; Max-Age=604800; Path=/demo; HttpOnly; SameSite=Lax`,
    )
    expect(ownerCookie(null, id(1), { path: '/', secure: true })).toBe(
      `demo_payments=${id(1)}; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax; Secure`,
    )
  })

  it('keeps the 20 most recent', () => {
    let header = ''
    for (let n = 1; n <= 25; n++)
      header = ownerCookie(header, id(n), { path: '/demo', secure: false }).split(';')[0]!
    const kept = ownedPayments(header)
    expect(kept).toHaveLength(20)
    expect(kept[0]).toBe(id(25))
  })

  it("reads both cookies, the JSON endpoints' and the pages', as the result page gets them", () => {
    const header = `demo_payments=${id(1)}; other=x; demo_payments=${id(2)}.${id(1)}`
    expect(ownedPayments(header)).toEqual([id(1), id(2)])
  })

  it('takes nothing that is not one of its ids', () => {
    expect(ownedPayments('demo_payments=not-an-id.../etc')).toEqual([])
    expect(ownedPayments(undefined)).toEqual([])
  })
})
