import { existsSync } from 'node:fs'
import path from 'node:path'
import { Router } from 'express'
import { openApiDocument } from '#gateway/openapi/document.ts'
import { developerApiFiles } from '#gateway/openapi/files.ts'
import { cacheControl } from './static-files.ts'

/**
 * `/developers/openapi.json` and the Postman downloads. A production build answers the
 * document from memory before Express (scripts/build-openapi.ts writes it); this route answers
 * it when there is no built copy (development), with the same type and caching. The Postman
 * files exist only in a build: they are sent as downloads under the names the site promises.
 */
export function developerFiles(clientDir?: string): Router {
  const router = Router()
  let document: string | undefined
  router.get(developerApiFiles.openApi.href, (_req, res) => {
    document ??= `${JSON.stringify(openApiDocument(), null, 2)}\n`
    res.setHeader('Content-Type', 'application/json; charset=utf-8')
    res.setHeader('Cache-Control', cacheControl.other)
    res.send(document)
  })
  for (const download of [
    developerApiFiles.postmanCollection,
    developerApiFiles.postmanEnvironment,
  ]) {
    router.get(download.href, (_req, res, next) => {
      const file = clientDir && path.join(clientDir, download.href)
      if (!file || !existsSync(file)) return next()
      res.setHeader('Content-Type', 'application/json; charset=utf-8')
      res.setHeader('Content-Disposition', `attachment; filename="${download.fileName}"`)
      res.setHeader('Cache-Control', 'public, max-age=3600, must-revalidate')
      res.sendFile(file, { dotfiles: 'deny', lastModified: true, headers: {} })
    })
  }
  return router
}
