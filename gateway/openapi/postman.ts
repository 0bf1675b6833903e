/**
 * The Postman collection of the sandbox's JSON APIs, generated from the OpenAPI document with
 * openapi-to-postmanv2 (folders by tag, the answers as saved examples), then given one request
 * per signed request example, fresh order ids on every run, a pre-request script that signs
 * each body with HASH and tests that check each answer against what the document describes.
 * Build time and tests only: it needs the converter, a development dependency.
 */
import { readFileSync } from 'node:fs'
import { isDeepStrictEqual } from 'node:util'
import { convertV2 } from 'openapi-to-postmanv2'
import { demoMerchantDefaults } from '#gateway/merchants.ts'
import type { Fields } from '#core/protocol/fields.ts'
import { csvColumns } from '#core/settlement/csv.ts'
import { verifyHash } from '#core/protocol/hash.ts'
import recorded from './examples.json'
import {
  type DocumentedOperation,
  documentOperations,
  type HttpMethod,
  type OpenApiDocument,
  openApiDocument,
} from './document.ts'

/** Postman's collection format (v2.1), as far as this module touches it. */
interface PostmanItem {
  name: string
  item?: PostmanItem[]
  request?: {
    method?: string
    url: { path?: string[]; query?: Array<{ key: string; value: string; [key: string]: unknown }> }
    body?: { mode: string; raw?: string; options?: object }
  }
  event?: PostmanEvent[]
  [key: string]: unknown
}
interface PostmanEvent {
  listen: 'prerequest' | 'test'
  script: { type: 'text/javascript'; exec: string[] }
}
export interface PostmanCollection extends PostmanItem {
  item: PostmanItem[]
  variable?: Array<{ key: string; value: string }>
}

/**
 * The HASH function as the published scripts carry it: postman-hash.js without its opening
 * comment and lint directives (notes to this repository's reader: where the rule lives, which
 * test checks the copy), with one comment for the collection's reader instead.
 */
export function publishedHashFunction(source: string): string {
  const code = source
    .replace(/^\s*\/\*[\s\S]*?\*\/\n/, '')
    .split('\n')
    .filter((line) => !/^\s*\/\/\s*eslint-/.test(line))
    .join('\n')
    .trim()
  return `// HASH, as the API reference's signing section states it: every field but HASH, sorted by name,
// written NAME=value and joined with ~, the salt appended; SHA-256 of its UTF-8 bytes, upper-case hex.
${code}`
}

const hashFunction = publishedHashFunction(
  readFileSync(new URL('postman-hash.js', import.meta.url), 'utf8'),
)
const IDS = ['ORDER_ID', 'REFUND_ORDER_ID', 'PAYOUT_ID', 'REFERENCE_ID', 'SUBSCRIPTION_REF']

/** Each recorded example's place in the scenario that made it, by name. */
const recordedOrder = new Map(
  (recorded as unknown as Array<{ name: string }>).map((example, index) => [example.name, index]),
)

/**
 * The ids the sandbox draws for what a request makes (a payment link's PAYLINK_ID, a virtual
 * account's VA_ID, a subscription's SUBSCRIPTION_ID): each recorded one is a variable, named by
 * the merchant's reference it was made with (REFERENCE_ID, SUBSCRIPTION_REF), that the request
 * making it sets from its answer in this run. Its first value is the recorded id, so a request
 * sent on its own asks for a link, account or subscription this sandbox does not have.
 */
interface DrawnId {
  field: Maker['field']
  variable: string
  recorded: string
}

interface Maker {
  /** The variable's prefix. */
  prefix: string
  field: 'PAYLINK_ID' | 'VA_ID' | 'SUBSCRIPTION_ID'
  /** The merchant's own reference of what is made, which names its variable. */
  reference: 'REFERENCE_ID' | 'SUBSCRIPTION_REF'
}

/** The calls that make one, and what they make. */
const makers: Record<string, Maker> = {
  '/pgws/paylink': { prefix: 'paylink', field: 'PAYLINK_ID', reference: 'REFERENCE_ID' },
  '/pgws/virtual-account': { prefix: 'virtualAccount', field: 'VA_ID', reference: 'REFERENCE_ID' },
  '/pgws/subscription': {
    prefix: 'subscription',
    field: 'SUBSCRIPTION_ID',
    reference: 'SUBSCRIPTION_REF',
  },
}

function drawnIds(document: OpenApiDocument): Map<string, DrawnId> {
  const ids = new Map<string, DrawnId>()
  for (const [path, { prefix, field, reference }] of Object.entries(makers)) {
    const answers = document.paths[path]?.post?.responses['200'].content['application/json'] as {
      examples?: Examples
    }
    for (const { value } of Object.values(answers?.examples ?? {})) {
      const answer = value as Fields
      const id = answer[field]
      if (answer.RESPONSE_CODE !== '000' || !id || !answer[reference]) continue
      ids.set(id, { field, variable: `${prefix}-${answer[reference]}`, recorded: id })
    }
  }
  return ids
}

/** The test of a request that makes a link or an account: its id, for the requests after it. */
function rememberDrawn(drawn: DrawnId): PostmanEvent {
  return script(
    'test',
    `
const made = pm.response.json()
if (made.RESPONSE_CODE === '000' && made.${drawn.field}) pm.collectionVariables.set('${drawn.variable}', made.${drawn.field})
`,
  )
}

const script = (listen: PostmanEvent['listen'], code: string): PostmanEvent => ({
  listen,
  script: { type: 'text/javascript', exec: code.trim().split('\n') },
})

/**
 * Signs every request: HASH of the body's fields (variables filled in) with `{{salt}}`; the
 * event stream, a GET, with HASH of its query's, TIMESTAMP being now.
 */
const signRequest = `
${hashFunction}
const cryptoJs = require('crypto-js')
const sha256Hex = (text) => cryptoJs.SHA256(text).toString()
if (pm.request.method === 'GET') {
  pm.variables.set('timestamp', String(Math.floor(Date.now() / 1000)))
  const fields = {}
  pm.request.url.query.each((param) => {
    if (param.key !== 'HASH' && !param.disabled) fields[param.key] = pm.variables.replaceIn(param.value)
  })
  pm.request.url.query.upsert({ key: 'HASH', value: paystraHash(fields, pm.variables.get('salt'), sha256Hex) })
} else {
  const signBody = () => {
    const fields = JSON.parse(pm.variables.replaceIn(pm.request.body.raw))
    delete fields.HASH
    fields.HASH = paystraHash(fields, pm.variables.get('salt'), sha256Hex)
    pm.request.body.update({ mode: 'raw', raw: JSON.stringify(fields, null, 2), options: { raw: { language: 'json' } } })
  }
  if (/{{(today|tomorrow)}}/.test(pm.request.body.raw)) {
    // A subscription's START_DATE is a date of the merchant's clock, which a run may have moved:
    // read it first (IST), then sign.
    const clock = { PAY_ID: pm.variables.replaceIn('{{payId}}') }
    clock.HASH = paystraHash(clock, pm.variables.get('salt'), sha256Hex)
    pm.sendRequest({
      url: pm.variables.replaceIn('{{baseUrl}}') + '/pgws/clock',
      method: 'POST',
      header: { 'Content-Type': 'application/json' },
      body: { mode: 'raw', raw: JSON.stringify(clock) },
    }, (error, response) => {
      const now = error ? Date.now() : Date.parse(response.json().NOW)
      const istDate = (instant) => new Date(instant + 330 * 60000).toISOString().slice(0, 10)
      pm.variables.set('today', istDate(now))
      pm.variables.set('tomorrow', istDate(now + 86400000))
      signBody()
    })
  } else {
    signBody()
  }
}
`

/**
 * What every answer is tested for: a status and code the document describes, and its HASH. A
 * settlement asked for as CSV is a file, not signed fields: its header row is tested instead.
 */
function checkAnswer(document: OpenApiDocument): string {
  const statuses = Object.fromEntries(
    documentOperations(document).map(({ path, operation }) => [
      path,
      Object.keys(operation.responses),
    ]),
  )
  // The settlement's own three, then every line field, each amount with its rupees beside it.
  const columns = csvColumns
  return `
${hashFunction}
const cryptoJs = require('crypto-js')
const documentedStatuses = ${JSON.stringify(statuses)}
const documentedCodes = ${JSON.stringify(document.components.schemas.ResponseCode.enum)}
const requestPath = pm.request.url.getPath()
const path = Object.keys(documentedStatuses)
  .filter((candidate) => requestPath.endsWith(candidate))
  .sort((a, b) => b.length - a.length)[0]
pm.test('HTTP status is one the API reference describes', () => {
  pm.expect(documentedStatuses[path] || []).to.include(String(pm.response.code))
})
if ((pm.response.headers.get('Content-Type') || '').startsWith('text/csv')) {
  pm.test('the CSV starts with the documented columns', () => {
    pm.expect(pm.response.text().split('\\r\\n')[0]).to.equal(${JSON.stringify(columns.join(','))})
  })
} else if ((pm.response.headers.get('Content-Type') || '').startsWith('text/event-stream')) {
  pm.test('the event stream starts with its ready event', () => {
    pm.expect(pm.response.text().startsWith('event: ready\\n')).to.equal(true)
  })
} else {
  const answer = pm.response.json()
  pm.test('RESPONSE_CODE is one the API reference lists', () => {
    pm.expect(documentedCodes).to.include(answer.RESPONSE_CODE)
  })
  pm.test('the sandbox accepted the request HASH (not 323)', () => {
    pm.expect(answer.RESPONSE_CODE).to.not.equal('323')
  })
  pm.test('the answer is signed with the salt (324, and 326 for an unreadable body, cannot be)', () => {
    if (answer.RESPONSE_CODE === '324' || (answer.RESPONSE_CODE === '326' && pm.response.code === 400)) pm.expect(answer.HASH).to.equal(undefined)
    else pm.expect(answer.HASH).to.equal(paystraHash(answer, pm.variables.get('salt'), (text) => cryptoJs.SHA256(text).toString()))
  })
  if (answer.EVENTS) pm.collectionVariables.set('eventId', JSON.parse(answer.EVENTS)[0].id)
  if (answer.NOW) {
    // A payment link's EXPIRE_BY: two hours after the merchant's clock, which a clock request moved.
    const expiry = new Date(Date.parse(answer.NOW) + 2 * 3600000 + 330 * 60000)
    pm.collectionVariables.set('expireBy', expiry.toISOString().slice(0, 16) + ':00+05:30')
  }
  if (answer.SETTLEMENTS) {
    // The later requests ask for the newest settlement that was paid (a carried-forward one has no UTR).
    const paid = JSON.parse(answer.SETTLEMENTS).filter((settlement) => settlement.UTR !== '')
    const newest = paid[paid.length - 1]
    if (newest) {
      pm.collectionVariables.set('settlementId', newest.SETTLEMENT_ID)
      pm.collectionVariables.set('utr', newest.UTR)
    }
  }
}
`
}

const runNote = `Run the collection in order against the Paystra sandbox: a pre-request script
signs every body with HASH (the environment's salt), and each request's tests check that the
answer is one the API reference (/developers/openapi.json) describes and that its HASH verifies.
Order, refund and payout ids and REFERENCE_IDs get a prefix new on every run (runId), so the
collection runs again.
Paying needs a browser, so the captured-payment requests answer 328 here: pay an order in the
site's demos and send its ORDER_ID to see 000. The settlement test run settles, as of a week from
now, every payment the sandbox has taken for the merchant (the demos' too); the settlement
requests after it ask for the newest settlement it answered (338 when there is none yet). A
dispute comes from a payment by a dispute test card (4000 0000 0000 1976 or 4000 0000 0000 0259,
in any currency) that a settlement run settled: until one is, the dispute lists are empty and the
dispute requests answer 346; put its DISPUTE_ID in them to accept or contest it. The event
stream (GET /pgws/events/stream), which paystra listen holds open, is signed in its query with
TIMESTAMP now: the demo merchant's is refused (369); with a sandbox account's PAY_ID and salt in
the environment it stays open, showing each event as it comes, until you stop it, so send it on
its own rather than in a run. A payment link is paid on its page, in a browser: in a run the
requests of the paid link find it CREATED (and cancel it), and the expiring link, whose EXPIRE_BY
is two hours after the merchant's clock, is still CREATED. Each link and virtual account a run
makes is named by its REFERENCE_ID, this run's like its order ids, and the requests after it use
its PAYLINK_ID or VA_ID; the sandbox's test credit pays into the account. A subscription is
named by its SUBSCRIPTION_REF the same way, and starts on the merchant clock's date, read just
before it is made; its mandate is registered on its AUTH_URL, in a browser: in a run the
subscriptions stay CREATED, so the customer's actions, the charge and the resume answer 385 and
the cancel cancels one. The recorded 429 answers are not requests of the run: one run stays under
the sandbox's limits.`

/**
 * A new prefix for this run's order ids, so the collection can run again (no 018), and the
 * settlement test run's dates: AS_OF a week from now, so that everything paid so far is due, the
 * 92 days up to its IST date for the list, and its month for the tax invoice.
 */
const newRun = `
pm.collectionVariables.set('runId', Date.now().toString(36).toUpperCase())
const asOf = new Date(Date.now() + 7 * 86400000)
const istDate = (instant) => new Date(instant.getTime() + 330 * 60000).toISOString().slice(0, 10)
pm.collectionVariables.set('asOf', asOf.toISOString())
pm.collectionVariables.set('to', istDate(asOf))
pm.collectionVariables.set('from', istDate(new Date(asOf.getTime() - 91 * 86400000)))
pm.collectionVariables.set('month', istDate(asOf).slice(0, 7))
const expiry = new Date(Date.now() + 2 * 3600000 + 330 * 60000)
pm.collectionVariables.set('expireBy', expiry.toISOString().slice(0, 16) + ':00+05:30')
`

/**
 * Fields a successful request takes from this run: the settlement's (newRun, the test run's
 * answer), a link's expiry, a subscription's start (the merchant clock's date, read just before).
 */
const runValues: Record<string, string> = {
  AS_OF: '{{asOf}}',
  FROM: '{{from}}',
  TO: '{{to}}',
  SETTLEMENT_ID: '{{settlementId}}',
  UTR: '{{utr}}',
  MONTH: '{{month}}',
  EXPIRE_BY: '{{expireBy}}',
}

/**
 * A request example as fields of variables: this run's ids, the environment's merchant, the
 * time the request is signed at and, for an example that succeeded, this run's settlement dates
 * and ids (a refusal keeps the values that make it one). HASH is the pre-request script's.
 */
function variablesOf(
  example: Fields,
  answer: Fields | undefined,
  drawn: ReadonlyMap<string, DrawnId>,
): Fields {
  const succeeded = answer === undefined || answer.RESPONSE_CODE === '000'
  const { HASH: _signedByTheScript, ...fields } = example
  const variables: Fields = {}
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'PAY_ID' && value === demoMerchantDefaults.payId) variables[key] = '{{payId}}'
    else if (drawn.has(value)) variables[key] = `{{${drawn.get(value)!.variable}}}`
    else if (key === 'EVENT_ID') variables[key] = '{{eventId}}'
    else if (key === 'TIMESTAMP') variables[key] = '{{timestamp}}'
    else if (key === 'START_DATE') variables[key] = startDateOf(value, answer)
    else if (IDS.includes(key)) variables[key] = `{{runId}}-${value}`
    else if (succeeded && runValues[key]) variables[key] = runValues[key]
    else variables[key] = value
  }
  return variables
}

/**
 * A subscription's START_DATE, of the merchant clock's date when the request is signed: the day
 * after it for an example that started the day after it was made, else that day (a refusal's too,
 * so that it is refused for what it was refused for, not for a date gone by: 388).
 */
function startDateOf(recorded: string, answer: Fields | undefined): string {
  const made = answer?.CREATED_AT?.slice(0, 10)
  return made !== undefined && recorded > made ? '{{tomorrow}}' : '{{today}}'
}

type Examples = Record<string, { summary?: string; value: unknown }>

/**
 * An operation's request examples by name: a POST's bodies; a GET's queries, gathered from the
 * examples of that name of its parameters.
 */
function requestExamples(operation: DocumentedOperation | undefined): Examples {
  const body = operation?.requestBody?.content['application/json'] as { examples?: Examples }
  if (body) return body.examples ?? {}
  const queries: Examples = {}
  for (const parameter of operation?.parameters ?? []) {
    for (const [name, example] of Object.entries(parameter.examples ?? {})) {
      queries[name] ??= { summary: example.summary, value: {} }
      ;(queries[name].value as Fields)[parameter.name] = String(example.value)
    }
  }
  return queries
}

interface SavedResponse {
  name?: string
  code?: number
  header?: Array<{ key: string; value: string }>
  body?: string
  [key: string]: unknown
}

/**
 * One request per request example the demo merchant signed (a forged HASH is not re-signed),
 * each with its place in the recorded scenario.
 */
function requestsOf(
  item: PostmanItem,
  document: OpenApiDocument,
  drawn: ReadonlyMap<string, DrawnId>,
): Array<PostmanItem & { order: number }> {
  const path = `/${item.request!.url.path!.join('/')}`
  const method = (item.request!.method ?? 'POST').toLowerCase() as HttpMethod
  const operation = document.paths[path]?.[method]
  const responses = Object.values(operation?.responses ?? {}) as Array<{
    content: Record<string, { examples?: Examples }>
  }>
  const answerOf = (name: string) => {
    for (const response of responses) {
      for (const [mediaType, media] of Object.entries(response.content)) {
        const found = media.examples?.[name]
        if (found) return { mediaType, value: found.value }
      }
    }
    return undefined
  }
  const saved = (item.response ?? []) as SavedResponse[]
  // Each request keeps the saved response of its own example, not all of the operation's. The
  // converter saves JSON answers only; a file answered instead is saved here, as it was recorded.
  const savedResponses = (name: string): SavedResponse[] => {
    const answer = answerOf(name)
    if (!answer) return []
    if (answer.mediaType !== 'application/json') {
      const [template] = saved
      if (!template) return []
      return [
        {
          ...template,
          name: 'Answered as a file',
          header: [{ key: 'Content-Type', value: answer.mediaType }],
          body: String(answer.value),
          _postman_previewlanguage: 'text',
        },
      ]
    }
    const same = saved.find((response) =>
      isDeepStrictEqual(JSON.parse(response.body ?? 'null'), answer.value),
    )
    return same ? [same] : []
  }
  // A recorded 429 (344) is no request of a run: a run never reaches the merchant's limit, and
  // sending it again repeats the first request of its path, using up the address's limit of a
  // minute (120) that a whole run must stay under.
  const limited = operation?.responses['429'].content['application/json'] as
    { examples?: Examples } | undefined
  return Object.entries(requestExamples(operation))
    .filter(([name]) => !limited?.examples?.[name])
    .filter(([, example]) => verifyHash(example.value as Fields, demoMerchantDefaults.salt))
    .map(([name, example]) => {
      const answer = answerOf(name)
      const fields = variablesOf(
        example.value as Fields,
        answer?.mediaType === 'application/json' ? (answer.value as Fields) : undefined,
        drawn,
      )
      const request = item.request!
      const made = [...drawn.values()].find(
        (id) => answer && (answer.value as Fields)[id.field] === id.recorded && path in makers,
      )
      return {
        ...item,
        id: undefined,
        name: example.summary ?? name,
        order: recordedOrder.get(name) ?? Number.MAX_SAFE_INTEGER,
        ...(made ? { event: [...(item.event ?? []), rememberDrawn(made)] } : {}),
        response: savedResponses(name),
        request:
          method === 'get'
            ? {
                ...request,
                url: {
                  ...request.url,
                  // HASH is left empty for the pre-request script.
                  query: (request.url.query ?? []).map((param) => ({
                    ...param,
                    value: fields[param.key] ?? '',
                  })),
                },
                body: undefined,
              }
            : {
                ...request,
                body: {
                  mode: 'raw',
                  raw: JSON.stringify(fields, null, 2),
                  options: { raw: { language: 'json' } },
                },
              },
      }
    })
}

/** The settlement test run goes first in its folder, so the settlement requests find what it made. */
const runsFirst = (item: PostmanItem) =>
  item.request?.url.path?.join('/') === 'pgws/settlement/run' ? 0 : 1

/**
 * The folders, each request in the order the recorded scenario made it, so that it finds what
 * the requests before it made (a link to cancel, an account to credit).
 */
function expand(
  items: PostmanItem[],
  document: OpenApiDocument,
  drawn: ReadonlyMap<string, DrawnId>,
): PostmanItem[] {
  return items
    .flatMap((item): Array<PostmanItem & { order?: number }> =>
      item.item
        ? [{ ...item, item: expand(item.item, document, drawn) }]
        : requestsOf(item, document, drawn),
    )
    .sort((a, b) => runsFirst(a) - runsFirst(b) || (a.order ?? 0) - (b.order ?? 0))
    .map(({ order: _placed, ...item }) => item)
}

function convert(document: OpenApiDocument): Promise<PostmanCollection> {
  return new Promise((resolve, reject) => {
    convertV2(
      { type: 'json', data: document },
      { folderStrategy: 'Tags', parametersResolution: 'Example', includeWebhooks: false },
      (error, result) => {
        if (error) return reject(error)
        const collection = result?.result ? result.output?.[0]?.data : undefined
        if (!collection)
          return reject(new Error(`OpenAPI to Postman: ${result?.reason ?? 'no collection'}`))
        resolve(collection as PostmanCollection)
      },
    )
  })
}

/**
 * The settlement variables before a run sets them: the recorded examples' values, so that a
 * settlement request sent on its own asks for a settlement this sandbox does not have (338).
 */
function settlementVariables(document: OpenApiDocument) {
  const content = document.paths['/pgws/settlement']?.post?.requestBody?.content['application/json']
  const examples = (content as { examples?: Examples } | undefined)?.examples
  const byId = (examples?.settlementById?.value ?? {}) as Fields
  const byUtr = (examples?.settlementByUtr?.value ?? {}) as Fields
  return [
    { key: 'settlementId', value: byId.SETTLEMENT_ID ?? '' },
    { key: 'utr', value: byUtr.UTR ?? '' },
    { key: 'asOf', value: '' },
    { key: 'from', value: '' },
    { key: 'to', value: '' },
    { key: 'month', value: '' },
  ]
}

export interface SandboxEnvironment {
  /** The gateway's base, e.g. `http://localhost:3000/sandbox`. */
  baseUrl: string
  payId?: string
  salt?: string
}

/** The Postman collection and its environment (the sandbox and the demo merchant). */
export async function postmanCollection(sandbox: SandboxEnvironment) {
  const document = openApiDocument()
  const converted = await convert(document)
  const drawn = drawnIds(document)
  const item = expand(converted.item, document, drawn)
  const first = item[0]?.item?.[0]
  if (first) first.event = [...(first.event ?? []), script('prerequest', newRun)]
  const values = {
    baseUrl: sandbox.baseUrl,
    payId: sandbox.payId ?? demoMerchantDefaults.payId,
    salt: sandbox.salt ?? demoMerchantDefaults.salt,
  }
  const collection: PostmanCollection = {
    ...converted,
    info: {
      ...(converted.info as object),
      description: { content: `${runNote}\n\n${document.info.description}`, type: 'text/markdown' },
    },
    item,
    event: [script('prerequest', signRequest), script('test', checkAnswer(document))],
    variable: [
      ...Object.entries(values).map(([key, value]) => ({ key, value })),
      { key: 'runId', value: 'RUN' },
      { key: 'eventId', value: '' },
      ...settlementVariables(document),
      { key: 'expireBy', value: '' },
      ...[...drawn.values()].map((id) => ({ key: id.variable, value: id.recorded })),
    ],
  }
  const environment = {
    name: 'Paystra sandbox',
    values: Object.entries(values).map(([key, value]) => ({ key, value, enabled: true })),
  }
  return { collection, environment }
}
