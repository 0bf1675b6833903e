/**
 * A minimal `paystra listen` in process, for `npm run bench:listen` (tools/listen-bench.ts): an
 * account's signed event stream read with fetch, each `webhook` message noted with the time it
 * arrived and reported back with HTTP_STATUS 200, as the command line reports its local URL's
 * answer (nothing is forwarded anywhere).
 */
import { withHash } from '../../core/protocol/hash.ts'

export interface StreamAccount {
  payId: string
  salt: string
}

/** One `webhook` message as the reader got it. */
export interface Arrival {
  payId: string
  deliveryId: string
  /** The ORDER_ID of the payment the event is about. */
  orderId: string
  type: string
  /** `performance.now()` once the message was read whole. */
  at: number
}

/** What every stream of a run received and reported, and what went wrong on the way. */
export class Deliveries {
  readonly arrivals: Arrival[] = []
  /** Reports the sandbox answered with STATE delivered. */
  delivered = 0
  /** Reports answered otherwise, and streams that ended or failed while the run held them. */
  readonly problems: string[] = []
  private readonly reports = new Set<Promise<void>>()
  private readonly waiting = new Map<string, () => void>()

  arrived(arrival: Arrival): void {
    this.arrivals.push(arrival)
    this.waiting.get(arrival.orderId)?.()
  }

  /** When the first message about `orderId` arrived, waiting at most `timeoutMs` for it. */
  async arrivalOf(orderId: string, timeoutMs: number): Promise<number | undefined> {
    const first = () => this.arrivals.find((arrival) => arrival.orderId === orderId)?.at
    if (first() === undefined) {
      await new Promise<void>((done) => {
        const timer = setTimeout(done, timeoutMs)
        this.waiting.set(orderId, () => {
          clearTimeout(timer)
          done()
        })
      })
      this.waiting.delete(orderId)
    }
    return first()
  }

  track(report: Promise<void>): void {
    this.reports.add(report)
    void report.finally(() => this.reports.delete(report))
  }

  /** Waits for the reports under way, at most `timeoutMs`: whether all were answered. */
  async reported(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined
    const timedOut = new Promise<false>(
      (done) => (timer = setTimeout(() => done(false), timeoutMs)),
    )
    const all = Promise.allSettled([...this.reports]).then(() => true as const)
    const answered = await Promise.race([all, timedOut])
    clearTimeout(timer)
    return answered
  }
}

export interface BenchListener {
  /** Ends the stream, as Ctrl-C ends `paystra listen`. */
  close(): void
}

/** How long the sandbox has to answer a stream with its `ready` message. */
const OPEN_TIMEOUT_MS = 10_000

/** Opens the account's stream; resolves once the sandbox has said it is ready. */
export async function listen(
  sandboxUrl: string,
  account: StreamAccount,
  deliveries: Deliveries,
): Promise<BenchListener> {
  const query = new URLSearchParams(
    withHash(
      { PAY_ID: account.payId, TIMESTAMP: String(Math.floor(Date.now() / 1000)) },
      account.salt,
    ),
  )
  const aborted = new AbortController()
  let closing = false
  const close = () => {
    closing = true
    aborted.abort()
  }
  const tooLate = setTimeout(
    () => aborted.abort(new Error(`no ready message within ${OPEN_TIMEOUT_MS} ms`)),
    OPEN_TIMEOUT_MS,
  )
  let ready: () => void
  const isReady = new Promise<void>((done) => (ready = done))

  const report = async (deliveryId: string) => {
    const answer = await fetch(`${sandboxUrl}/pgws/events/stream/result`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(
        withHash(
          { PAY_ID: account.payId, DELIVERY_ID: deliveryId, HTTP_STATUS: '200', DURATION_MS: '0' },
          account.salt,
        ),
      ),
    })
    const fields = (await answer.json()) as Record<string, string>
    if (answer.ok && fields.RESPONSE_CODE === '000' && fields.STATE === 'delivered') {
      deliveries.delivered++
    } else {
      deliveries.problems.push(
        `Report of ${deliveryId}: HTTP ${answer.status} ${JSON.stringify(fields).slice(0, 200)}`,
      )
    }
  }

  const received = (block: string) => {
    const message = sseMessage(block)
    if (message.event === 'ready') return ready()
    if (message.event !== 'webhook') return
    const at = performance.now()
    const data = JSON.parse(message.data) as { DELIVERY_ID: string; TYPE: string; BODY: string }
    const body = JSON.parse(data.BODY) as { data?: { ORDER_ID?: string } }
    deliveries.arrived({
      payId: account.payId,
      deliveryId: data.DELIVERY_ID,
      orderId: body.data?.ORDER_ID ?? '',
      type: data.TYPE,
      at,
    })
    deliveries.track(
      report(data.DELIVERY_ID).catch((error: unknown) => {
        deliveries.problems.push(`Report of ${data.DELIVERY_ID}: ${String(error)}`)
      }),
    )
  }

  const open = async () => {
    const response = await fetch(`${sandboxUrl}/pgws/events/stream?${query}`, {
      headers: { accept: 'text/event-stream' },
      signal: aborted.signal,
    })
    if (response.status !== 200 || !response.body) {
      throw new Error(`HTTP ${response.status} ${(await response.text()).slice(0, 300)}`)
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
    let buffer = ''
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      buffer += value
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        received(buffer.slice(0, end))
        buffer = buffer.slice(end + 2)
      }
    }
  }
  const reading = open()
  try {
    await Promise.race([
      isReady,
      reading.then(() => Promise.reject(new Error('it ended before it was ready'))),
    ])
  } catch (error) {
    close()
    throw new Error(`Stream of ${account.payId}: ${String(error)}`, { cause: error })
  } finally {
    clearTimeout(tooLate)
  }
  void reading.then(
    () => {
      if (!closing) deliveries.problems.push(`Stream of ${account.payId} ended`)
    },
    (error: unknown) => {
      if (!closing) deliveries.problems.push(`Stream of ${account.payId}: ${String(error)}`)
    },
  )
  return { close }
}
/** One Server-Sent Event's name and data (its comment lines, such as keep-alives, skipped). */
export function sseMessage(block: string): { event: string; data: string } {
  let event = 'message'
  const data: string[] = []
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue
    const colon = line.indexOf(':')
    const field = colon < 0 ? line : line.slice(0, colon)
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === 'event') event = value
    else if (field === 'data') data.push(value)
  }
  return { event, data: data.join('\n') }
}
