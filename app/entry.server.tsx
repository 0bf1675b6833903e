import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import type { AppLoadContext, EntryContext } from 'react-router'
import { ServerRouter } from 'react-router'
import { hydratesAfterLoad } from './content/pages.ts'
import { deferHydration } from './utils/deferred-hydration.ts'

export const streamTimeout = 5_000

/**
 * React Router's default Node entry, plus the Content Security Policy nonce of this response
 * (server/security-headers.ts): on ServerRouter for <Scripts>, <Links> and the streamed data,
 * and on React's own inline scripts. Prerendering runs without one; those pages are allowed by
 * their scripts' hashes instead (docs/decisions/011).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const nonce = loadContext.cspNonce
  if (hydratesAfterLoad(new URL(request.url).pathname)) {
    return renderWhole(routerContext, request.url, nonce).then((html) => {
      responseHeaders.set('Content-Type', 'text/html')
      return new Response(deferHydration(html), {
        headers: responseHeaders,
        status: responseStatusCode,
      })
    })
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // Crawlers and prerendering get the whole document at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    )

    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        [readyOption]() {
          shellRendered = true
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId)
              timeoutId = undefined
              callback()
            },
          })
          const stream = createReadableStreamFromReadable(body)
          responseHeaders.set('Content-Type', 'text/html')
          pipe(body)
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors before the shell are logged by React Router's handler.
          if (shellRendered) console.error(error)
        },
      },
    )
  })
}

/**
 * The whole document as one string, for a page whose scripts wait until it has loaded
 * (app/utils/deferred-hydration.ts): small pages without anything to stream.
 */
function renderWhole(
  routerContext: EntryContext,
  url: string,
  nonce: string | undefined,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const body = new PassThrough()
    body.on('data', (chunk: Buffer) => chunks.push(chunk))
    body.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    body.on('error', reject)
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={url} nonce={nonce} />,
      {
        nonce,
        onAllReady() {
          clearTimeout(timeoutId)
          pipe(body)
        },
        onShellError: reject,
        onError(error: unknown) {
          console.error(error)
        },
      },
    )
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000)
  })
}
