/**
 * Writes the sandbox's OpenAPI document and the Postman collection generated from it, with an
 * environment for the site's own sandbox (`SITE_URL` + `/sandbox`), into the client build:
 *   node --import tsx scripts/build/openapi.ts [clientDir]
 * Runs before build-compress.ts, so the document is served precompressed like every build file.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { readPublicConfig } from '#app/config/public-config.build.ts'
import { openApiDocument } from '#gateway/openapi/document.ts'
import { developerApiFiles } from '#gateway/openapi/files.ts'
import { postmanCollection } from '#gateway/openapi/postman.ts'

export async function buildOpenApi(clientDir = 'build/client'): Promise<string[]> {
  const { SITE_URL } = readPublicConfig(process.env)
  const { collection, environment } = await postmanCollection({ baseUrl: `${SITE_URL}/sandbox` })
  const files: Array<[string, unknown]> = [
    [developerApiFiles.openApi.href, openApiDocument()],
    [developerApiFiles.postmanCollection.href, collection],
    [developerApiFiles.postmanEnvironment.href, environment],
  ]
  return files.map(([href, content]) => {
    const file = path.resolve(clientDir, href.replace(/^\//, ''))
    mkdirSync(path.dirname(file), { recursive: true })
    writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`)
    return file
  })
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const written = await buildOpenApi(process.argv[2])
  console.log(`Built the OpenAPI document and the Postman collection (${written.length} files)`)
}
