import { useEffect, useEffectEvent } from 'react'

/**
 * Back from the gateway, the browser may restore the page exactly as it was left (the
 * back/forward cache), loader showing and all: `onRestore` puts it right.
 */
export function useRestoredFromCache(onRestore: () => void) {
  const restore = useEffectEvent(onRestore)
  useEffect(() => {
    function onPageShow(event: PageTransitionEvent) {
      if (event.persisted) restore()
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [])
}
