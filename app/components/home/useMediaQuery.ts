import { useCallback, useSyncExternalStore } from 'react'

/**
 * Whether a media query matches, kept up to date as it changes. The server and the hydration
 * render see `serverValue`, so the prerendered HTML and the first client render agree.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => serverValue,
  )
}

function subscribeNever() {
  return () => {}
}

/** False on the server and during hydration, true once the page runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  )
}
