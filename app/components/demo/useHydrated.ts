import { useSyncExternalStore } from 'react'

const noChanges = () => () => {}

/**
 * False on the server and while the page hydrates, true from the render after: whether the
 * page's own scripts now answer its controls. Markup that differs renders the same at hydration
 * and changes just after, so React never meets a mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  )
}
