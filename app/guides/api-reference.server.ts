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
  requestBody?: { description?: string; content: Record<string, MediaType> }
  responses: Record<string, { description: string; content?: Record<string, MediaType> }>
  parameters?: readonly {
    name: string
    in: string
    required?: boolean
    description?: string
    schema: Schema
  }[]
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

  /** A GET's signed fields, in its query: a field table as a request body's. */
  function queryTable(parameters: NonNullable<OperationObject['parameters']>): string {
    return fieldTable({
      properties: Object.fromEntries(
        parameters.map((p) => [p.name, { ...p.schema, description: p.description }]),
      ),
      required: parameters.filter((p) => p.required).map((p) => p.name),
    })
  }

  /** One Markdown block: the page joins blocks with blank lines, which would end a table. */
  function headerTable(parameters: NonNullable<OperationObject['parameters']>): string {
    return [
      '| Header | Format | Description |',
      '| --- | --- | --- |',
      ...parameters.map(
        (p) => `| \`${p.name}\` | ${cell(format(p.schema))} | ${cell(p.description ?? '')} |`,
      ),
    ].join('\n')
  }

  function schemaName(schema: Schema): string {
    return typeof schema.$ref === 'string' ? schema.$ref.split('/').pop()! : 'Answer'
  }

  /** The entries of the lists an answer carries as JSON text (EVENTS, SETTLEMENTS, LINES…). */
  function listTables(schema: Schema): string[] {
    const properties = (resolve(schema).properties ?? {}) as Record<string, Schema>
    return Object.entries(properties).flatMap(([name, field]) => {
      const items = (field.contentSchema as Schema | undefined)?.items as Schema | undefined
      if (!items) return []
      return [
        `Each entry of \`${name}\` (${schemaName(items)}), a JSON object of strings:`,
        fieldTable(items).replace(/^\| Field \| Required \|/, '| Key | Required |'),
      ]
    })
  }

  /** Answer schemas already shown with their operations, so a webhook's data need not repeat them. */
  const shown = new Set<string>()

  function answers(schema: Schema): string[] {
    const variants = Array.isArray(schema.oneOf) ? (schema.oneOf as Schema[]) : [schema]
    return variants.flatMap((variant) => {
      shown.add(schemaName(variant))
      return [
        `#### ${schemaName(variant)}`,
        String(resolve(variant).description ?? ''),
        fieldTable(variant),
        ...listTables(variant),
      ]
    })
  }

  /** A file answered instead of JSON (a settlement as CSV): what it holds and its example. */
  function files(content: Record<string, MediaType> | undefined): string[] {
    return Object.entries(content ?? {})
      .filter(([mediaType]) => mediaType !== 'application/json')
      .flatMap(([mediaType, media]) => [
        `Answered as \`${mediaType}\` instead: ${String(media.schema?.description ?? '')}`,
        ...Object.values(media.examples ?? {}).flatMap((example) => [
          `**Answer: ${example.summary ?? ''}**${example.description ? ` (${example.description})` : ''}`,
          '```text',
          String(example.value).trimEnd(),
          '```',
        ]),
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
    const query = op.parameters?.filter((p) => p.in === 'query') ?? []
    // Each answer's example says the query it was sent with.
    if (query.length > 0) lines.push('#### Query', queryTable(query))
    for (const [status, response] of Object.entries(op.responses)) {
      const media = response.content?.['application/json']
      lines.push(`#### HTTP ${status}`, response.description)
      if (media?.schema) lines.push(...answers(media.schema), ...examples(media, 'Answer'))
      lines.push(...files(response.content))
    }
    const headers = op.parameters?.filter((p) => p.in === 'header') ?? []
    if (headers.length > 0) lines.push('#### Headers', headerTable(headers))
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
  /** The fields of a webhook's data, unless its schema was shown as an answer above. */
  function dataTable(body: Schema): string[] {
    const data = ((resolve(body).properties ?? {}) as Record<string, Schema>).data
    if (!data || shown.has(schemaName(data))) return []
    return [`The fields of \`data\` (${schemaName(data)}):`, fieldTable(data)]
  }

  const webhooks = Object.entries(
    document.webhooks as Record<string, Record<string, OperationObject>>,
  ).flatMap(([type, item]) => [
    `### ${type}`,
    ...Object.entries(item).flatMap(([, op]) => [
      op.description ?? '',
      ...(op.requestBody?.content['application/json']?.schema
        ? [
            '#### Body',
            op.requestBody.description ?? '',
            fieldTable(op.requestBody.content['application/json'].schema),
            ...dataTable(op.requestBody.content['application/json'].schema),
          ]
        : []),
      '#### Headers',
      headerTable(op.parameters ?? []),
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
