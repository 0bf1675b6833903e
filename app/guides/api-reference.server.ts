import type { OpenApiDocument } from '#gateway/openapi/document.ts'

type Schema = Record<string, unknown>

interface MediaType {
  schema?: Schema
  examples?: Record<string, { summary?: string; value: unknown; description?: string }>
}

interface OperationObject {
  tags?: readonly string[]
  summary: string
  description?: string
  requestBody?: { content: Record<string, MediaType> }
  responses: Record<string, { description: string; content?: Record<string, MediaType> }>
  parameters?: readonly { name: string; in: string; description?: string; schema: Schema }[]
}

/** A table cell: one line, pipes escaped. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ')
}

/**
 * The API reference page's Markdown, generated from the OpenAPI document the site serves
 * (gateway/openapi/document.ts), so the two cannot disagree: the document's description, then
 * each operation by tag with its request fields, its answers and their recorded examples, then
 * the webhooks.
 */
export function apiReferenceMarkdown(document: OpenApiDocument): string {
  const schemas = document.components.schemas as Record<string, Schema>
  const server = document.servers[0]?.url ?? ''

  function resolve(schema: Schema): Schema {
    const target =
      typeof schema.$ref === 'string' ? schemas[schema.$ref.split('/').pop()!] : undefined
    return target ? { ...target, ...schema, $ref: undefined } : schema
  }

  function format(schema: Schema): string {
    const resolved = resolve(schema)
    if (resolved.const !== undefined) return `\`${String(resolved.const)}\``
    if (Array.isArray(resolved.enum)) {
      const values = resolved.enum as string[]
      return values.length > 12
        ? `one of ${values.length} codes`
        : values.map((v) => `\`${v}\``).join(', ')
    }
    const parts = [String(resolved.type ?? 'object')]
    if (typeof resolved.pattern === 'string') parts.push(`\`${resolved.pattern}\``)
    if (typeof resolved.maxLength === 'number')
      parts.push(`at most ${resolved.maxLength} characters`)
    return parts.join(', ')
  }

  function fieldTable(schema: Schema): string {
    const resolved = resolve(schema)
    const properties = (resolved.properties ?? {}) as Record<string, Schema>
    const required = new Set((resolved.required ?? []) as string[])
    const rows = Object.entries(properties).map(([name, field]) => {
      const description = String(resolve(field).description ?? '')
      return `| \`${name}\` | ${required.has(name) ? 'Yes' : 'No'} | ${cell(format(field))} | ${cell(description)} |`
    })
    return [
      '| Field | Required | Format | Description |',
      '| --- | --- | --- | --- |',
      ...rows,
    ].join('\n')
  }

  function schemaName(schema: Schema): string {
    return typeof schema.$ref === 'string' ? schema.$ref.split('/').pop()! : 'Answer'
  }

  function answers(schema: Schema): string[] {
    const variants = Array.isArray(schema.oneOf) ? (schema.oneOf as Schema[]) : [schema]
    return variants.flatMap((variant) => [
      `#### ${schemaName(variant)}`,
      String(resolve(variant).description ?? ''),
      fieldTable(variant),
    ])
  }

  function examples(media: MediaType | undefined, what: string): string[] {
    return Object.values(media?.examples ?? {}).flatMap((example) => [
      `**${what}: ${example.summary ?? ''}**${example.description ? ` (${example.description})` : ''}`,
      '```json',
      JSON.stringify(example.value, null, 2),
      '```',
    ])
  }

  function operation(method: string, path: string, op: OperationObject): string[] {
    const request = op.requestBody?.content['application/json']
    const lines = [
      `### ${op.summary}`,
      `\`${method.toUpperCase()} ${server}${path}\``,
      op.description ?? '',
    ]
    if (request?.schema)
      lines.push('#### Request', fieldTable(request.schema), ...examples(request, 'Request'))
    for (const [status, response] of Object.entries(op.responses)) {
      const media = response.content?.['application/json']
      lines.push(`#### HTTP ${status}`, response.description)
      if (media?.schema) lines.push(...answers(media.schema), ...examples(media, 'Answer'))
    }
    if (op.parameters?.length) {
      lines.push(
        '#### Headers',
        '| Header | Format | Description |',
        '| --- | --- | --- |',
        ...op.parameters.map(
          (p) => `| \`${p.name}\` | ${cell(format(p.schema))} | ${cell(p.description ?? '')} |`,
        ),
      )
    }
    return lines
  }

  const paths = Object.entries(document.paths as Record<string, Record<string, OperationObject>>)
  const sections = document.tags.flatMap((tag) => [
    `## ${tag.name}`,
    tag.description,
    ...paths.flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => op.tags?.includes(tag.name))
        .flatMap(([method, op]) => operation(method, path, op)),
    ),
  ])
  const webhooks = Object.entries(
    document.webhooks as Record<string, Record<string, OperationObject>>,
  ).flatMap(([type, item]) => [
    `### ${type}`,
    ...Object.entries(item).flatMap(([, op]) => [
      op.description ?? '',
      ...(op.requestBody?.content['application/json']?.schema
        ? ['#### Body', fieldTable(op.requestBody.content['application/json'].schema)]
        : []),
      '#### Headers',
      '| Header | Format | Description |',
      '| --- | --- | --- |',
      ...(op.parameters ?? []).map(
        (p) => `| \`${p.name}\` | ${cell(format(p.schema))} | ${cell(p.description ?? '')} |`,
      ),
    ]),
  ])
  return [
    '## Overview',
    document.info.description,
    ...sections,
    '## Webhooks sent to NOTIFY_URL',
    ...webhooks,
  ].join('\n\n')
}
