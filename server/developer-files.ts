import { Router } from 'express'
import { openApiDocument } from '#gateway/openapi/document.ts'
import { developerApiFiles } from '#gateway/openapi/files.ts'
import { downloadHeaders, routeBuiltFile } from './download-files.ts'
import { cacheControl } from './static-files.ts'

/**
 * `/developers/openapi.json` and the Postman downloads. A production build answers the
 * document from memory before Express (scripts/build/openapi.ts writes it); this route answers
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
  if (clientDir) {
    const { postmanCollection, postmanEnvironment } = developerApiFiles
    for (const download of [postmanCollection, postmanEnvironment]) {
      const headers = downloadHeaders('application/json; charset=utf-8', download.fileName)
      routeBuiltFile(router, clientDir, download.href, headers)
    }
  }
  return router
}
