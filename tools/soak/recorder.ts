import { type RequestKind, requestKind } from './classify.ts'

/** One HTTP request the soak made. */
export interface RequestRecord {
  kind: RequestKind
  method: string
  url: string
  /** Milliseconds from sending to the last byte of the answer. */
  ms: number
  /** The HTTP status, or 0 when no answer came (the error says why). */
  status: number
  error?: string
}

/**
 * A fetch that times every request to the end of its body and hands the record to `record`.
 * The kits' harness and the flows call the global fetch, so the soak installs this one in its
 * place: every request of a flow is timed without changing the harness.
 */
export function recordingFetch(
  inner: typeof fetch,
  record: (entry: RequestRecord) => void,
  now: () => number = () => performance.now(),
): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    const method = request.method
    const url = request.url
    const kind = requestKind(method, url)
    const started = now()
    try {
      const response = await inner(request)
      const body = await response.arrayBuffer()
      record({ kind, method, url, ms: now() - started, status: response.status })
      const empty = [101, 103, 204, 205, 304].includes(response.status)
      return new Response(empty ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      })
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause
      const message = cause?.code ?? (error as Error).message
      record({ kind, method, url, ms: now() - started, status: 0, error: message })
      throw error
    }
  }
}
