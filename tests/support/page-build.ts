import { createElement } from 'react'
import { Outlet, Scripts, type ServerBuild } from 'react-router'
import * as entry from '#app/entry.server.tsx'

/**
 * A React Router server build of one layout and one page, rendered through the site's real
 * entry (app/entry.server.tsx), so server tests see the nonce on every script React Router and
 * React write, without building the whole site.
 */
/** A route of the site's own to render beside the test page: its path and its module. */
export interface ExtraRoute {
  path: string
  module: NonNullable<ServerBuild['routes'][string]>['module']
}

export function pageBuild(extraRoutes: Record<string, ExtraRoute> = {}): ServerBuild {
  const Root = () =>
    createElement(
      'html',
      { lang: 'en' },
      createElement('head', null, createElement('title', null, 'Rendered')),
      createElement('body', null, createElement(Outlet), createElement(Scripts)),
    )
  // Long enough for the compression middleware (its threshold is 1 KB).
  const Page = () =>
    createElement(
      'main',
      null,
      createElement('h1', null, 'Rendered per request'),
      createElement('p', null, 'Paystra settles on T+1. '.repeat(80)),
    )
  const Other = () => createElement('main', null, createElement('h1', null, 'Nothing here'))

  const manifestRoute = (
    id: string,
    path: string,
    parentId?: string,
    module?: ExtraRoute['module'],
  ) => ({
    id,
    parentId,
    path,
    hasAction: typeof module?.action === 'function',
    hasLoader: typeof module?.loader === 'function',
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
    module: `/assets/${id}-test.js`,
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
    imports: [],
    css: [],
  })

  return {
    entry: { module: entry },
    routes: {
      root: { id: 'root', path: '', module: { default: Root } },
      page: { id: 'page', parentId: 'root', path: 'rendered', module: { default: Page } },
      // The site's splat route redirects; here it only has to answer without an error.
      other: { id: 'other', parentId: 'root', path: '*', module: { default: Other } },
      ...Object.fromEntries(
        Object.entries(extraRoutes).map(([id, route]) => [
          id,
          { id, parentId: 'root', path: route.path, module: route.module },
        ]),
      ),
    },
    assets: {
      entry: { module: '/assets/entry.client-test.js', imports: [] },
      routes: {
        root: manifestRoute('root', ''),
        page: manifestRoute('page', 'rendered', 'root'),
        other: manifestRoute('other', '*', 'root'),
        ...Object.fromEntries(
          Object.entries(extraRoutes).map(([id, route]) => [
            id,
            manifestRoute(id, route.path, 'root', route.module),
          ]),
        ),
      },
      url: '/assets/manifest-test.js',
      version: 'test',
    },
    basename: '/',
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: {
      v8_passThroughRequests: false,
      v8_trailingSlashAwareDataRequests: false,
      v8_middleware: false,
    },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  }
}
