import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import express, { type RequestHandler, Router } from 'express'

const oneYear = 365 * 24 * 60 * 60

/**
 * The built client: hashed assets cached for a year, other public files for an hour, and the
 * prerendered marketing pages as plain HTML. `express.static` would redirect `/about` to
 * `/about/`, so prerendered pages are looked up by path here.
 */
export function staticFiles(clientDir: string): Router {
  const router = Router()
  router.use(
    '/assets',
    express.static(path.join(clientDir, 'assets'), {
      immutable: true,
      maxAge: oneYear * 1000,
      redirect: false,
      fallthrough: true,
    }),
  )
  router.use(prerenderedPages(clientDir))
  router.use(express.static(clientDir, { index: false, redirect: false, maxAge: 60 * 60 * 1000 }))
  return router
}

function prerenderedPages(clientDir: string): RequestHandler {
  const pages = findPrerenderedPages(clientDir)
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const file = pages.get(req.path)
    if (!file) return next()
    res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate')
    res.sendFile(file, { dotfiles: 'deny' })
  }
}

/** Maps `/` and `/about` to `index.html` and `about/index.html` under the client build. */
function findPrerenderedPages(clientDir: string): Map<string, string> {
  const pages = new Map<string, string>()
  if (!existsSync(clientDir)) return pages
  const walk = (dir: string, urlPath: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry)
      if (statSync(full).isDirectory()) {
        if (entry !== 'assets') walk(full, `${urlPath}${entry}/`)
      } else if (entry === 'index.html') {
        pages.set(urlPath === '/' ? '/' : urlPath.slice(0, -1), full)
      }
    }
  }
  walk(clientDir, '/')
  return pages
}
