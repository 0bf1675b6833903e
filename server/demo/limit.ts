import type { RequestHandler, Response } from 'express'
import { ipKeyGenerator, MemoryStore, type Store } from 'express-rate-limit'
import { type LimitCounts, perIpLimit } from '#server/api/per-ip-limit.ts'

/**
 * The demo's per-IP limit on creating orders, for both ways in: the JSON endpoints' middleware,
 * and `admits` for the pages' actions, which run inside React Router without Express's request.
 * Both count in the one store, so a visitor has the same number of payments a minute whichever
 * way they pay.
 */
export interface DemoLimit {
  middleware: RequestHandler
  /** Counts one order for this address; false once it is over the limit. */
  admits(ip: string | undefined): Promise<boolean>
}

export function demoLimit(
  perMinute: number,
  refuse: (res: Response) => void,
  limitCounts?: LimitCounts,
): DemoLimit {
  let store: Store | undefined
  const counts: LimitCounts = (name, limit) => {
    store = limitCounts ? limitCounts(name, limit) : new MemoryStore()
    return store
  }
  const middleware = perIpLimit(perMinute, refuse, { name: 'demo', counts })
  return {
    middleware,
    async admits(ip) {
      // No store: the limit is off. No address: the socket is gone, nothing to answer anyway.
      if (!store || ip === undefined) return true
      // The key and the comparison express-rate-limit's middleware uses for the same store.
      const { totalHits } = await store.increment(ipKeyGenerator(ip))
      return totalHits <= perMinute
    },
  }
}
