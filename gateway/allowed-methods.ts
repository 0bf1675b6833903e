import type { Request, RequestHandler, Response, Router } from 'express'

/** What Express's router keeps of each `use` and route (router 2: `match` returns, never sets). */
interface Layer {
  route?: { methods: Record<string, boolean | undefined> }
  handle: unknown
  match(path: string): false | { path: string }
}

const isRouter = (handle: unknown): handle is Router =>
  typeof handle === 'function' && Array.isArray((handle as { stack?: unknown }).stack)

/**
 * The methods some route of the router, or of a router it uses, answers at this path: upper
 * case, HEAD wherever GET is, `*` where a route takes every method. Empty: no route has the
 * path, which is a 404.
 */
export function methodsAt(router: Router, path: string): Set<string> {
  const methods = new Set<string>()
  for (const layer of router.stack as unknown as Layer[]) {
    const matched = layer.match(path)
    if (!matched) continue
    if (layer.route) {
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (on) methods.add(method === '_all' ? '*' : method.toUpperCase())
      }
    } else if (isRouter(layer.handle)) {
      const inner = path.slice(matched.path.length) || '/'
      for (const method of methodsAt(layer.handle, inner)) methods.add(method)
    }
  }
  if (methods.has('GET')) methods.add('HEAD')
  return methods
}

/**
 * Placed after the routes of `router`: a request whose path some route answers, but not in
 * this method, is refused by `refuse` with 405 and `Allow` (RFC 9110 §15.5.6) instead of
 * falling through to the 404 of a path that does not exist.
 */
export function refuseOtherMethods(
  router: Router,
  refuse: (req: Request, res: Response, allowed: string[]) => void,
): RequestHandler {
  return (req, res, next) => {
    const methods = methodsAt(router, req.path)
    if (methods.size === 0 || methods.has('*') || methods.has(req.method)) return next()
    const allowed = [...methods].sort()
    res.status(405).setHeader('Allow', allowed.join(', '))
    refuse(req, res, allowed)
  }
}
