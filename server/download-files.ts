import { existsSync } from 'node:fs'
import path from 'node:path'
import { Router } from 'express'
import { allDownloads } from '#app/content/downloads.ts'

const contentTypes = { zip: 'application/zip', pdf: 'application/pdf' } as const

/**
 * The kits, plugins and documents under their stable links, each saved under the name the site
 * promises (`paystra-<slug>.<ext>`). Names stay stable across releases, so browsers revalidate
 * rather than keep a stale kit for a year.
 */
export function downloadFiles(clientDir: string): Router {
  const router = Router()
  for (const download of allDownloads) {
    const file = path.join(clientDir, download.href)
    router.get(download.href, (_req, res, next) => {
      if (!existsSync(file)) return next()
      res.setHeader('Content-Type', contentTypes[download.format])
      res.setHeader('Content-Disposition', `attachment; filename="${download.fileName}"`)
      res.setHeader('Cache-Control', 'public, max-age=3600, must-revalidate')
      res.sendFile(file, { dotfiles: 'deny', lastModified: true, headers: {} })
    })
  }
  return router
}
