/**
 * Holds the sandbox to an OpenAPI document: an answer (path, method, HTTP status, JSON body)
 * or a webhook body is checked against the document's schema for it with Ajv's JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1. An answer whose status the document does not describe
 * fails too. Throws an Error naming what does not match, so it works in any test runner.
 * It takes the document as data: Vitest passes the module's (validate-answer.ts), the e2e
 * tests the one the site serves.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'

export interface SandboxAnswer {
  /** The URL (or path) the request went to. */
  url: string
  method?: string
  status: number
  body: unknown
}

interface DescribedDocument {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>
  webhooks: Record<string, unknown>
}

const DOCUMENT_ID = 'https://paystra.example/developers/openapi.json'

export function answerValidator(document: DescribedDocument) {
  // `strict: false`: the document's own keys (openapi, paths…) are not schema keywords.
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  ajv.addSchema(document, DOCUMENT_ID)
  const compiled = new Map<string, ValidateFunction>()

  const validatorAt = (parts: string[]): ValidateFunction => {
    const pointer = parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')
    const at = `${DOCUMENT_ID}#/${pointer}`
    let validate = compiled.get(at)
    if (!validate) compiled.set(at, (validate = ajv.compile({ $ref: at })))
    return validate
  }

  const check = (validate: ValidateFunction, body: unknown, what: string): void => {
    if (validate(body)) return
    const problems = (validate.errors ?? [])
      .map((error) => `${error.instancePath || '(body)'} ${error.message ?? ''}`)
      .join('; ')
    throw new Error(
      `${what} does not match the OpenAPI document: ${problems}\n${JSON.stringify(body)}`,
    )
  }

  /** The document's path for a URL or path the sandbox answered at (any mount path before it). */
  const documentedPath = (urlOrPath: string): string => {
    const pathname = new URL(urlOrPath, 'http://sandbox.invalid').pathname
    const path = Object.keys(document.paths).find((candidate) => pathname.endsWith(candidate))
    if (!path) throw new Error(`${pathname} is not a path of the OpenAPI document`)
    return path
  }

  /** Throws unless the document describes this answer: its path, method, status and body. */
  const expectDocumentedAnswer = (answer: SandboxAnswer): void => {
    const path = documentedPath(answer.url)
    const method = (answer.method ?? 'post').toLowerCase()
    const operation = document.paths[path]?.[method]
    const what = `${method.toUpperCase()} ${path} ${answer.status}`
    if (!operation)
      throw new Error(`${method.toUpperCase()} ${path} is not in the OpenAPI document`)
    if (!Object.hasOwn(operation.responses, String(answer.status))) {
      throw new Error(`${what}: the OpenAPI document describes no such status`)
    }
    const at = ['paths', path, method, 'responses', String(answer.status)]
    check(validatorAt([...at, 'content', 'application/json', 'schema']), answer.body, what)
  }

  /** Throws unless `body` (a parsed webhook) is an event the document's `webhooks` describe. */
  const expectDocumentedWebhook = (body: unknown): void => {
    const type = (body as { type?: unknown } | null)?.type
    if (typeof type !== 'string' || !Object.hasOwn(document.webhooks, type)) {
      throw new Error(`webhook type ${String(type)} is not in the OpenAPI document`)
    }
    const at = ['webhooks', type, 'post', 'requestBody', 'content', 'application/json', 'schema']
    check(validatorAt(at), body, `webhook ${type}`)
  }

  return { documentedPath, expectDocumentedAnswer, expectDocumentedWebhook }
}
