/** What the soak's visitors do, and how often of each. */
export const actionKinds = [
  'page',
  'contact',
  'career',
  'hosted',
  'checkout',
  'merchant-hosted',
] as const

export type ActionKind = (typeof actionKinds)[number]

/**
 * Actions per cycle: mostly reading pages, as a site's traffic is; each demo flow is several
 * requests (the demo API, the sandbox's pages, the return to the store and its result page).
 */
export const defaultMix: Record<ActionKind, number> = {
  page: 10,
  contact: 2,
  career: 1,
  hosted: 2,
  checkout: 2,
  'merchant-hosted': 2,
}

/**
 * One cycle of actions in the proportions of `mix`, spread evenly (smooth weighted round
 * robin, as nginx balances upstreams): no burst of one kind, the same order every run.
 */
export function mixCycle(mix: Record<ActionKind, number>): ActionKind[] {
  const kinds = actionKinds.filter((kind) => mix[kind] > 0)
  const total = kinds.reduce((sum, kind) => sum + mix[kind], 0)
  const current = new Map<ActionKind, number>(kinds.map((kind) => [kind, 0]))
  const cycle: ActionKind[] = []
  for (let step = 0; step < total; step++) {
    let best: ActionKind | undefined
    for (const kind of kinds) {
      current.set(kind, current.get(kind)! + mix[kind])
      if (best === undefined || current.get(kind)! > current.get(best)!) best = kind
    }
    current.set(best!, current.get(best!)! - total)
    cycle.push(best!)
  }
  return cycle
}
