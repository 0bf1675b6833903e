import { type ReactNode, useEffect } from 'react'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLocation,
  useMatches,
  useRouteError,
} from 'react-router'
import { SiteFooter } from './components/SiteFooter.tsx'
import { SiteHeader } from './components/SiteHeader.tsx'
import { palette } from '#core/brand/brand.ts'
import { findPage, hydratesAfterLoad, isStaticPath } from './content/pages.ts'
import { type EnhancementName, enhancementModules, type PageHandle } from './enhance/modules.ts'
import { useScrollOnNavigate } from './hooks/useScrollOnNavigate.ts'
import 'virtual:palette.css'
import './styles/global.css'

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  const matches = useMatches()
  // A static page (pages.ts) gets no React Router client: no router context, no route modules,
  // no React. Only its enhancement modules load.
  const hydrate = !isStaticPath(pathname)
  const enhancements = new Set<EnhancementName>(['header'])
  if (hydrate && hydratesAfterLoad(pathname)) enhancements.add('deferredApp')
  for (const match of matches) {
    for (const name of (match.handle as PageHandle | undefined)?.enhancements ?? []) {
      enhancements.add(name)
    }
  }
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={palette.brand} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {/* Styles need no nonce (style-src 'self'). The empty one keeps React Router from adding
            the page's: browsers hide nonces from the DOM, so hydration would see a mismatch. */}
        <Links nonce="" />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        {[...enhancements].map((name) => (
          <script key={name} type="module" src={enhancementModules[name]} fetchPriority="low" />
        ))}
        {hydrate ? <Scripts /> : null}
      </body>
    </html>
  )
}

export default function App() {
  useScrollOnNavigate()
  useEffect(() => {
    // Tests and scripts wait for this before they interact with the page.
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  useEffect(() => {
    // A link to a static page loads it as a document, with its enhancement modules and without
    // the router: the click is kept from React Router's links (their handler listens on the
    // document, below the window), so the browser follows it.
    function onClick(event: MouseEvent) {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return
      if (isStaticPath(link.pathname)) event.stopPropagation()
    }
    window.addEventListener('click', onClick, { capture: true })
    return () => window.removeEventListener('click', onClick, { capture: true })
  }, [])
  useEffect(() => {
    // The demos lead to the gateway's pages, which do not opt in to view transitions: one
    // started towards them is aborted with an error. Skip it before the page goes.
    function onPageSwap(event: PageSwapEvent) {
      const url = event.activation?.entry.url
      if (event.viewTransition && !(url && findPage(new URL(url).pathname))) {
        event.viewTransition.skipTransition()
      }
    }
    window.addEventListener('pageswap', onPageSwap)
    return () => window.removeEventListener('pageswap', onPageSwap)
  }, [])
  return <Outlet />
}

export function ErrorBoundary() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  return (
    <section className="section">
      <div className="container prose">
        <h1>Something went wrong</h1>
        <p>
          {status === 404
            ? 'We could not find that page.'
            : 'The page could not be shown. Please try again in a moment.'}
        </p>
        <p>
          <a href="/">Go to the home page</a>
        </p>
      </div>
    </section>
  )
}
