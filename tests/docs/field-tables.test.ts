import { lexer, type Tokens } from 'marked'
import { beforeAll, describe, expect, it } from 'vitest'
import { developerDocuments } from '#app/guides/source/documents.ts'
import { openApiDocument } from '#gateway/openapi/document.ts'
import { column, type MarkedTable, markedTables, records } from '#tests/support/doc-tables.ts'
import { loadGuides } from './guides.ts'

/**
 * Statement 7 of issue 25: the guides' field tables and the OpenAPI document disagreed
 * (PAYMENT_TYPE without DC in the guides; CUST_PHONE and PRODUCT_DESC missing from the
 * requests). Every request or answer table of a JSON API names its schema in its marker,
 * `<!-- fields: status-request schema=StatusRequest -->` (`omit=A,B`: fields another section of
 * the guide describes), and lists exactly that schema's fields, with its required flags.
 */

interface JsonSchema {
  $ref?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  oneOf?: JsonSchema[]
  enum?: string[]
  const?: string
}
const schemas = openApiDocument().components.schemas as unknown as Record<string, JsonSchema>
const resolve = (schema: JsonSchema): JsonSchema =>
  schema.$ref ? { ...resolve(schemas[schema.$ref.split('/').pop()!]!), ...schema } : schema

/** A schema's fields (a oneOf: every variant's) and those every variant requires. */
function fieldsOf(name: string): { properties: Record<string, JsonSchema>; required: string[] } {
  const schema = schemas[name]
  if (!schema) throw new Error(`no schema ${name} in the OpenAPI document`)
  const variants = schema.oneOf ?? [schema]
  const properties = Object.assign({}, ...variants.map((variant) => variant.properties))
  const required = Object.keys(properties).filter((key) =>
    variants.every((variant) => variant.required?.includes(key)),
  )
  return { properties, required }
}

/**
 * Tables of no JSON API, checked against the sandbox itself by
 * tests/docs/developer-documents.test.ts: the browser forms and the Seamless plaintext, two
 * excerpts of the international guide (the fields a foreign currency adds), and the answer of
 * `POST /accounts`, which makes a sandbox account rather than call the gateway's APIs.
 */
const withoutSchema = [
  'hosted-request',
  'hosted-return',
  'seamless-form',
  'seamless-request',
  'seamless-return',
  'fx-payment-fields',
  'fx-settlement-line',
  'account-response',
]

const tables: Array<{ slug: string; table: MarkedTable }> = []
beforeAll(async () => {
  const guides = await loadGuides()
  for (const [slug, guide] of guides) {
    for (const table of markedTables(guide.body).filter((t) => t.kind === 'fields')) {
      tables.push({ slug, table })
    }
  }
})

const sorted = (values: Iterable<string>) => [...values].sort()

describe.each(developerDocuments.map((document) => document.slug))('%s', (slug) => {
  const ofGuide = () => tables.filter((entry) => entry.slug === slug).map((entry) => entry.table)

  it('names the OpenAPI schema of every field table of a JSON API', () => {
    for (const table of ofGuide()) {
      if (withoutSchema.includes(table.tag)) {
        expect(table.attributes.schema, table.tag).toBeUndefined()
        continue
      }
      expect(table.attributes.schema, `${table.tag} names no schema=`).toBeDefined()
    }
  })

  it('lists exactly the schema’s fields, and marks Required as the schema requires them', () => {
    for (const table of ofGuide().filter((t) => t.attributes.schema)) {
      const { properties, required } = fieldsOf(table.attributes.schema!)
      const omitted = table.attributes.omit?.split(',') ?? []
      for (const field of omitted) expect(Object.keys(properties), table.tag).toContain(field)
      expect(sorted(column(table, 'Field')), `${table.tag} = ${table.attributes.schema}`).toEqual(
        sorted(Object.keys(properties).filter((field) => !omitted.includes(field))),
      )
      if (!table.header.includes('Required')) continue
      for (const row of records(table)) {
        expect(row.Required === 'Yes', `${table.tag}: ${row.Field} required`).toBe(
          required.includes(row.Field!),
        )
      }
    }
  })
})

/** The Format cells of a guide's marked field tables as written (code spans kept), by tag and field. */
function rawFormats(markdown: string): Map<string, Map<string, string>> {
  const formats = new Map<string, Map<string, string>>()
  let tag: string | undefined
  for (const token of lexer(markdown)) {
    if (token.type === 'html') {
      tag = /<!--\s*fields:\s*([\w-]+)/.exec(String(token.text))?.[1]
      continue
    }
    if (token.type === 'space' || !tag) continue
    const table = token as Tokens.Table
    const format = table.header.findIndex((cell) => cell.text === 'Format')
    if (token.type === 'table' && format !== -1) {
      formats.set(
        tag,
        new Map(table.rows.map((row) => [row[0]!.text.replaceAll('`', ''), row[format]!.text])),
      )
    }
    tag = undefined
  }
  return formats
}

/** The values a Format cell lists in code spans, when it lists several: `CC`, `DC` or `NB`. */
const listedValues = (raw: string) =>
  /^(`[^`]*`(, | or |, or )?)+( or empty)?$/.test(raw)
    ? [...raw.matchAll(/`([^`]*)`/g)].map((match) => match[1]!)
    : []

describe('the values a field takes', () => {
  it('are among the schema’s wherever a table lists several', async () => {
    const guides = await loadGuides()
    let compared = 0
    for (const { slug, table } of tables.filter((entry) => entry.table.attributes.schema)) {
      const formats = rawFormats(guides.get(slug)!.body).get(table.tag)
      if (!formats) continue
      const { properties } = fieldsOf(table.attributes.schema!)
      for (const [field, raw] of formats) {
        const schema = properties[field] && resolve(properties[field])
        const values = listedValues(raw)
        if (!schema?.enum || values.length < 2) continue
        compared += 1
        expect(schema.enum, `${slug} ${table.tag} ${field}`).toEqual(expect.arrayContaining(values))
      }
    }
    expect(compared).toBeGreaterThan(5)
  })

  it('has one list of payment types: CC, DC, NB, UP and WL wherever any method may have paid', async () => {
    const paymentType = resolve(fieldsOf('PaymentAnswer').properties.PAYMENT_TYPE!)
    expect(sorted(paymentType.enum ?? [])).toEqual(['', 'CC', 'DC', 'NB', 'UP', 'WL'])
    const guides = await loadGuides()
    for (const [slug, tag] of [
      ['pg-hosted', 'hosted-response'],
      ['api', 'status-response'],
    ] as const) {
      const raw = rawFormats(guides.get(slug)!.body).get(tag)!.get('PAYMENT_TYPE')!
      expect(sorted(listedValues(raw)), `${slug} ${tag}`).toEqual(
        sorted(paymentType.enum!.filter((value) => value !== '')),
      )
    }
  })
})

describe('the customer fields', () => {
  it('the hosted and Seamless requests take CUST_PHONE and PRODUCT_DESC, as the provider’s kits send them', () => {
    for (const tag of ['hosted-request', 'seamless-request']) {
      const { table } = tables.find((entry) => entry.table.tag === tag)!
      expect(column(table, 'Field'), tag).toEqual(
        expect.arrayContaining(['CUST_PHONE', 'CUST_MOBILE', 'PRODUCT_DESC']),
      )
    }
  })

  it('no table says CUST_PHONE is “sent as CUST_MOBILE”', () => {
    for (const { table } of tables) {
      for (const row of records(table).filter((r) => r.Field === 'CUST_PHONE')) {
        expect(row.Description, table.tag).not.toMatch(/sent as `?CUST_MOBILE/)
        expect(row.Description, table.tag).not.toMatch(/number \(`?CUST_MOBILE`?\)/)
      }
    }
  })
})
