/**
 * The test helper that holds the sandbox's answers to its OpenAPI document (answer-validator.ts
 * does the checking). Every test that reads a sandbox JSON answer or webhook calls it.
 */
import { answerValidator, type SandboxAnswer } from './answer-validator.ts'
import { openApiDocument } from '#gateway/openapi/document.ts'

export type { SandboxAnswer }

export const { documentedPath, expectDocumentedAnswer, expectDocumentedWebhook } =
  answerValidator(openApiDocument())

/** Reads a fetch Response's JSON and checks it against the document; answers the body. */
export async function documentedJson<T = Record<string, string>>(
  url: string,
  response: { status: number; json(): Promise<unknown> },
): Promise<T> {
  const body = await response.json()
  expectDocumentedAnswer({ url, status: response.status, body })
  return body as T
}
