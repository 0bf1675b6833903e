/**
 * Which route answered a request, for the request log and the metrics: a pattern
 * (`/sandbox/pgws/:id`, `/about`, `/*`), never the URL as the visitor typed it, so the metrics
 * have a bounded number of label values and the logs carry no query string.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Request } from 'express'
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'

const labels = new WeakMap<ServerResponse, string>()

/** Names the route of a request answered outside Express's routing (built files, pages). */
export function labelRoute(res: ServerResponse, route: string): void {
  labels.set(res, route)
}

/** The route's pattern, or undefined when no route matched (a 404 from a router's fallback). */
export function routeOf(req: IncomingMessage, res: ServerResponse): string | undefined {
  const label = labels.get(res)
  if (label) return label
  const { route, baseUrl } = req as Partial<Request>
  const pattern: unknown = route?.path
  if (typeof pattern === 'string') return `${baseUrl ?? ''}${pattern}`
  return undefined
}

/** The path the request was sent to, without its query string (Express rewrites `req.url`). */
export function pathOf(req: IncomingMessage): string {
  const url = (req as Partial<Request>).originalUrl ?? req.url ?? '/'
  const query = url.indexOf('?')
  return query === -1 ? url : url.slice(0, query)
}

/**
 * A built file's route: its own path (pages and public files, a set fixed by the build), but
 * the content-hashed assets as one, since their names change with every release.
 */
export function builtFileRoute(path: string): string {
  return path.startsWith('/assets/') ? '/assets/*' : path
}

const trees = new WeakMap<ServerBuild, RouteObject[]>()

/** The pattern of the React Router route a path renders (`/docs/:slug`, or `/*` for the rest). */
export function pageRoute(build: ServerBuild, path: string): string | undefined {
  let tree = trees.get(build)
  if (!tree) trees.set(build, (tree = routeTree(build)))
  const matches = matchRoutes(tree, path)
  if (!matches) return undefined
  const parts = matches.map((match) => match.route.path ?? '').filter((part) => part !== '')
  return `/${parts.join('/')}`.replace(/\/{2,}/g, '/')
}

/** Whether a route the path renders has an action, so that a POST to it means something. */
export function pageHasAction(build: ServerBuild, path: string): boolean {
  let tree = trees.get(build)
  if (!tree) trees.set(build, (tree = routeTree(build)))
  const matches = matchRoutes(tree, path) ?? []
  return matches.some((match) => {
    const id = match.route.id
    return id !== undefined && typeof build.routes[id]?.module.action === 'function'
  })
}

function routeTree(build: ServerBuild): RouteObject[] {
  const routes = Object.values(build.routes).filter((route) => route !== undefined)
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path }
          : {
              id: route.id,
              path: route.path,
              caseSensitive: route.caseSensitive,
              children: childrenOf(route.id),
            },
      )
  return childrenOf(undefined)
}
