import { useLayoutEffect } from 'react'
import { useLocation } from 'react-router'
import { scrollOffsets, type PagePath } from '#app/content/pages.ts'

// useLayoutEffect warns on the server; the scroll only matters in the browser.
const useBrowserLayoutEffect = typeof window === 'undefined' ? () => {} : useLayoutEffect

/**
 * Every page opens at its top, except where docs/product.md#routes-and-screens names another offset; a link to a
 * `#section` opens at that section instead.
 */
export function useScrollOnNavigate() {
  const { pathname, hash } = useLocation()
  useBrowserLayoutEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null
    if (target) {
      target.scrollIntoView()
      return
    }
    const offset = scrollOffsets[pathname as PagePath] ?? 0
    window.scrollTo({ top: offset, left: 0, behavior: 'instant' })
  }, [pathname, hash])
}
