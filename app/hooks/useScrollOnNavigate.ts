import { useLayoutEffect } from 'react'
import { useLocation } from 'react-router'
import { scrollOffsets, type PagePath } from '#app/content/pages.ts'

// useLayoutEffect warns on the server; the scroll only matters in the browser.
const useBrowserLayoutEffect = typeof window === 'undefined' ? () => {} : useLayoutEffect

/** Every page opens at its top, except where SPEC §2 names another offset. */
export function useScrollOnNavigate() {
  const { pathname } = useLocation()
  useBrowserLayoutEffect(() => {
    const offset = scrollOffsets[pathname as PagePath] ?? 0
    window.scrollTo({ top: offset, left: 0, behavior: 'instant' })
  }, [pathname])
}
