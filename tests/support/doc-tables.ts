import { lexer, type Token, type Tokens } from 'marked'
import { plainText } from '#core/pdf/text-layout.ts'

/**
 * A table a document marks for the tests with a comment right before it:
 * `<!-- fields: hosted-request -->`, `<!-- codes: refund -->`, `<!-- methods: banks -->`,
 * `<!-- refusals: webhook -->` (the reasons a webhook is refused, with the kits' messages),
 * `<!-- examples: fees -->` (worked examples the tests recompute) or
 * `<!-- commands: reconcile -->` (the kits' commands, as each kit declares them) or
 * `<!-- checks: webhook-data -->` (what to compare in each webhook event's data).
 * A marker may end with attributes: `<!-- fields: status-request schema=StatusRequest -->` names
 * the OpenAPI schema the table describes (tests/docs/field-tables.test.ts), `omit=A,B` the
 * schema's fields the table leaves to another section.
 */
export interface MarkedTable {
  kind: 'fields' | 'codes' | 'methods' | 'refusals' | 'examples' | 'commands' | 'checks'
  tag: string
  /** The marker's `name=value` attributes. */
  attributes: Record<string, string>
  header: string[]
  rows: string[][]
}

const marker =
  /^\s*<!--\s*(fields|codes|methods|refusals|examples|commands|checks):\s*([\w-]+)((?:\s+\w+=[\w,.-]*)*)\s*-->\s*$/

/** Every marked table of a Markdown body, cells as plain text (backticks and bold removed). */
export function markedTables(markdown: string): MarkedTable[] {
  const tables: MarkedTable[] = []
  let pending: Pick<MarkedTable, 'kind' | 'tag' | 'attributes'> | undefined
  const visit = (tokens: readonly Token[]) => {
    for (const token of tokens) {
      if (token.type === 'space') continue
      if (token.type === 'html') {
        const match = marker.exec(String(token.text))
        if (match) {
          if (pending) throw new Error(`marker "${pending.tag}" is not followed by a table`)
          const attributes = Object.fromEntries(
            (match[3] ?? '')
              .trim()
              .split(/\s+/)
              .filter(Boolean)
              .map((pair) => pair.split('=') as [string, string]),
          )
          pending = { kind: match[1] as MarkedTable['kind'], tag: match[2]!, attributes }
        }
        continue
      }
      if (pending) {
        if (token.type !== 'table')
          throw new Error(`marker "${pending.tag}" is not followed by a table`)
        const table = token as Tokens.Table
        tables.push({
          ...pending,
          header: table.header.map((cell) => plainText(cell.tokens).trim()),
          rows: table.rows.map((row) => row.map((cell) => plainText(cell.tokens).trim())),
        })
        pending = undefined
      }
    }
  }
  visit(lexer(markdown))
  if (pending) throw new Error(`marker "${pending.tag}" is not followed by a table`)
  return tables
}

/** The values of one column, by its header (`Field`, `Code`, `RESPONSE_MESSAGE` …). */
export function column(table: MarkedTable, header: string): string[] {
  const index = table.header.indexOf(header)
  if (index === -1) {
    throw new Error(`table "${table.tag}" has no column "${header}" (${table.header.join(', ')})`)
  }
  return table.rows.map((row) => row[index]!)
}

/** Rows as objects keyed by header. */
export function records(table: MarkedTable): Array<Record<string, string>> {
  return table.rows.map((row) =>
    Object.fromEntries(table.header.map((header, index) => [header, row[index] ?? ''])),
  )
}
