/**
 * The calls `npm run bench:accounts` (tools/accounts-bench.ts) and `npm run bench:listen`
 * (tools/listen-bench.ts) time, each checked: the demo merchant's signed status enquiry and its
 * hosted payment page, and a new sandbox account; and any signed call of an account, and a form
 * post as a browser sends it, for the benchmarks that use an account's products.
 */
import { withHash } from '../../core/protocol/hash.ts'
import type { SandboxMerchant } from '../../gateway/merchants.ts'

export interface AccountsCalls {
  /** `POST /pgws/transact` TXNTYPE STATUS of the demo merchant's paid order. */
  status(): Promise<void>
  /** `POST /paymentrequest` as a browser's form post, then the page it redirects to. */
  paymentPage(orderId: string): Promise<void>
  /** `POST /accounts` asking for JSON: the new account's PAY_ID and salt. */
  createAccount(name: string): Promise<BenchAccount>
}

/** Calls to the sandbox at `sandboxUrl` (`http://127.0.0.1:<port>/sandbox`). */
export function accountsCalls(
  sandboxUrl: string,
  demo: SandboxMerchant,
  paidOrderId: string,
): AccountsCalls {
  const statusBody = JSON.stringify(
    withHash({ PAY_ID: demo.payId, ORDER_ID: paidOrderId, TXNTYPE: 'STATUS' }, demo.salt),
  )
  const fail = async (what: string, response: Response) => {
    throw new Error(`${what}: HTTP ${response.status} ${(await response.text()).slice(0, 300)}`)
  }
  return {
    async status() {
      const response = await fetch(`${sandboxUrl}/pgws/transact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: statusBody,
      })
      if (!response.ok) return fail('Status enquiry', response)
      const answer = (await response.json()) as Record<string, string>
      if (answer.RESPONSE_CODE !== '000' || answer.STATUS !== 'Captured') {
        throw new Error(`Status enquiry answered ${JSON.stringify(answer).slice(0, 300)}`)
      }
    },

    async paymentPage(orderId) {
      const request = withHash(
        {
          PAY_ID: demo.payId,
          ORDER_ID: orderId,
          AMOUNT: '10000',
          TXNTYPE: 'SALE',
          CUST_NAME: 'Bench Customer',
          CUST_EMAIL: 'bench.customer@example.com',
          CUST_MOBILE: '9876543210',
          CUST_ID: 'BENCH-CUSTOMER',
          CURRENCY_CODE: '356',
          RETURN_URL: 'http://127.0.0.1/return',
        },
        demo.salt,
      )
      const posted = await fetch(`${sandboxUrl}/paymentrequest`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        body: new URLSearchParams(request).toString(),
        redirect: 'manual',
      })
      const location = posted.headers.get('location')
      if (posted.status !== 303 || !location) return fail('Payment request', posted)
      await posted.arrayBuffer()
      const page = await fetch(new URL(location, sandboxUrl), { headers: { accept: 'text/html' } })
      const html = await page.text()
      if (page.status !== 200 || !html.includes(demo.name)) {
        throw new Error(`Payment page ${location}: HTTP ${page.status} ${html.slice(0, 300)}`)
      }
    },

    async createAccount(name) {
      const response = await fetch(`${sandboxUrl}/accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ NAME: name }),
      })
      if (response.status !== 201) return fail('Account creation', response)
      const answer = (await response.json()) as { PAY_ID?: string; SALT?: string }
      if (!answer.PAY_ID || !answer.SALT) throw new Error('Account creation answered no keys')
      return { payId: answer.PAY_ID, salt: answer.SALT }
    },
  }
}

/** A sandbox account's keys, as `createAccount` answers them. */
export interface BenchAccount {
  payId: string
  salt: string
}

/** A signed call of `account` to `/pgws/<path>`: its answer, whose code must be `expected`'s. */
export async function signedCall(
  sandboxUrl: string,
  account: BenchAccount,
  path: string,
  fields: Record<string, string>,
  expected: string | readonly string[] = '000',
): Promise<Record<string, string>> {
  const response = await fetch(`${sandboxUrl}/pgws/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(withHash({ PAY_ID: account.payId, ...fields }, account.salt)),
  })
  const answer = (await response.json()) as Record<string, string>
  if (!response.ok || ![expected].flat().includes(answer.RESPONSE_CODE ?? '')) {
    throw new Error(`${path} answered HTTP ${response.status} ${JSON.stringify(answer)}`)
  }
  return answer
}

/** A form posted as a browser without scripts posts it, its redirect not followed. */
export const formPost = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual',
})

/** Runs `call` `count` times one after the other: the milliseconds each took. */
export async function timeSequential(
  count: number,
  call: (index: number) => Promise<unknown>,
): Promise<number[]> {
  const times: number[] = []
  for (let index = 0; index < count; index++) {
    const start = performance.now()
    await call(index)
    times.push(performance.now() - start)
  }
  return times
}

/**
 * Calls each of `calls` in turn, round after round, until `seconds` have passed and `rounds.least`
 * rounds ran, but never more than `rounds.most`.
 */
export async function warmUp(
  seconds: number,
  rounds: { least: number; most: number },
  ...calls: (() => Promise<unknown>)[]
): Promise<void> {
  const end = performance.now() + seconds * 1000
  for (let round = 0; round < rounds.most; round++) {
    if (round >= rounds.least && performance.now() >= end) return
    for (const call of calls) await call()
  }
}
