import { existsSync } from 'node:fs'
import path from 'node:path'
import { Router } from 'express'
import { legalDocuments } from '#core/brand/brand.ts'
import { allDownloads, commandLineDownload } from '#app/content/downloads.ts'
import { developerApiFiles } from '#gateway/openapi/files.ts'

const contentTypes = { zip: 'application/zip', pdf: 'application/pdf' } as const

/**
 * Answers `href` with the file the build wrote there, with `headers`; passes the request on
 * when the build has no such file.
 */
export function routeBuiltFile(
  router: Router,
  clientDir: string,
  href: string,
  headers: Record<string, string>,
) {
  const file = path.join(clientDir, href)
  router.get(href, (_req, res, next) => {
    if (!existsSync(file)) return next()
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value)
    res.sendFile(file, { dotfiles: 'deny', lastModified: true, headers: {} })
  })
}

/**
 * A file saved under the name the site promises (`paystra-<slug>.<ext>`). Names stay stable
 * across releases, so browsers revalidate rather than keep a stale kit for a year.
 */
export function downloadHeaders(contentType: string, fileName: string) {
  return {
    'Content-Type': contentType,
    'Content-Disposition': `attachment; filename="${fileName}"`,
    'Cache-Control': 'public, max-age=3600, must-revalidate',
  }
}

/** The kits, plugins and documents under their stable links. */
export function downloadFiles(clientDir: string): Router {
  const router = Router()
  for (const download of allDownloads) {
    routeBuiltFile(
      router,
      clientDir,
      download.href,
      downloadHeaders(contentTypes[download.format], download.fileName),
    )
  }
  // `curl -O <site>/downloads/paystra.mjs && node paystra.mjs listen …`
  routeBuiltFile(
    router,
    clientDir,
    commandLineDownload.href,
    downloadHeaders('text/javascript; charset=utf-8', commandLineDownload.fileName),
  )
  return router
}

/**
 * The terms as PDF, shown in the browser rather than saved. A production build answers them
 * with the other built files (static-files.ts); this serves them in development.
 */
export function legalPdfFiles(clientDir: string): Router {
  const router = Router()
  for (const { href } of Object.values(legalDocuments)) {
    routeBuiltFile(router, clientDir, href, { 'Content-Type': 'application/pdf' })
  }
  return router
}

/** Every file only `npm run build` makes: kits, guides and terms as PDF, the Postman files. */
export const builtOnlyPaths: readonly string[] = [
  ...allDownloads.map((download) => download.href),
  ...Object.values(legalDocuments).map((document) => document.href),
  developerApiFiles.postmanCollection.href,
  developerApiFiles.postmanEnvironment.href,
  commandLineDownload.href,
]

export const notBuiltMessage = (href: string) =>
  `${href} is made by npm run build (npm start runs it). The development server serves the ` +
  `files of the last build in build/client; run npm run build once to have them.\n`

/**
 * Development: a link to a file the build makes answers 404 with how to get it, when no build
 * has made it, instead of falling through to the pages (which send an unknown path home).
 */
export function unbuiltFiles(): Router {
  const router = Router()
  for (const href of builtOnlyPaths) {
    router.get(href, (_req, res) => {
      res.status(404).type('text/plain').send(notBuiltMessage(href))
    })
  }
  return router
}
