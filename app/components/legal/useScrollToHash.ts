import { useEffect } from 'react'

/**
 * Scrolls to the element the URL's #fragment names once the page has hydrated: the site scrolls
 * every page to its top on entry, which would otherwise undo the browser's jump to a deep link.
 */
export function useScrollToHash() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1))
    if (id) document.getElementById(id)?.scrollIntoView()
  }, [])
}
