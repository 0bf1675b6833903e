/**
 * Copy of the signature debugger, /developers/tools/signature (issue 14): the form's labels,
 * what each verdict, cause and note says, and the explanation shown without JavaScript. The
 * rule itself is the gateway's (core/protocol/fields.ts, docs/architecture.md#hash); the
 * steps are the Developers page's, so the two pages never tell it differently.
 */
import type { CauseId, Note } from '#app/components/developers/signature/diagnosis.ts'
import type { EncdataResult, KeyMistake } from '#app/components/developers/signature/encdata.ts'
import type {
  PasteProblem,
  PastedFormat,
} from '#app/components/developers/signature/pasted-fields.ts'
import { brand } from '#core/brand/brand.ts'
import { hashSteps } from './developers.ts'

/**
 * The published status-enquiry test vector of the protocol (core/protocol/vectors.json): a
 * merchant of the vectors, not one the sandbox knows, so its salt is no secret of this site.
 */
export const protocolVectorFields = {
  PAY_ID: '1001340526093022',
  ORDER_ID: 'SPIN020406172',
  TXNTYPE: 'STATUS',
  HASH: 'A3097C8B28D22786CFFB1466EC1340577CB1CAE98953E31577A57C3A277F36D1',
} as const

/** The test salt of that vector. */
export const protocolVectorSalt = '473531b173db4371'

export const signatureBanner = {
  eyebrow: 'Developer tools',
  title: 'Signature debugger',
  intro:
    'Paste a request or a response and your salt: see the exact text that is hashed, the HASH the gateway expects, and why yours is different. It all happens in your browser: nothing you paste is sent anywhere.',
} as const

/** Said in plain words above both tools. */
export const privacyNote = `Everything happens in this page, in your browser. Nothing you paste is sent to ${brand.name} or anywhere else, and nothing is kept after you close the page.`

export const needsJavaScript =
  'The debugger works out hashes in your browser and needs JavaScript, which is off or blocked here. You can still check a HASH by hand:'

/** The link after `needsJavaScript`, to the rule in words further down. */
export const ruleLink = { label: 'how the HASH is made', anchor: 'hash-rule' } as const

export const needsWebCrypto =
  'This browser does not offer Web Crypto on this page (it needs a secure https:// address), so the debugger cannot work out hashes here.'

export const hashForm = {
  title: 'Check a HASH',
  lead: 'Paste the fields exactly as they were posted or received, HASH included, and the salt they were signed with.',
  fieldsLabel: 'Fields',
  fieldsHint:
    'KEY=VALUE lines, a form body (PAY_ID=…&ORDER_ID=…, URL-encoded), JSON (a request or an answer, a settlement’s included, as it arrived) or a webhook event. Include HASH to check it.',
  fieldsPlaceholder: 'PAY_ID=1001340526093022\nORDER_ID=SPIN020406172\nTXNTYPE=STATUS\nHASH=…',
  saltLabel: 'Salt',
  saltHint: 'Your merchant salt from the portal, exactly as your code uses it: white space counts.',
  hashLabel: 'HASH to check (optional)',
  hashHint: 'Leave empty to check the HASH among the fields.',
  submit: 'Check HASH',
  examples: 'Fill in an example:',
} as const

/**
 * The salt the settlement examples are signed with: the protocol vector's published test salt,
 * not the demo merchant's configured salt, which the browser's files never carry.
 */
export const sandboxExampleSalt = protocolVectorSalt

/** One settlement of the sandbox's demo merchant, as the settlements list and the webhook give it. */
const settlement = {
  SETTLEMENT_ID: 'setl_8c41d07be2a95f3360d1',
  UTR: 'PYSTN26334518207',
  SETTLEMENT_DATE: '2026-11-30',
  CYCLE_FROM: '2026-11-27',
  CYCLE_TO: '2026-11-29',
  PAYMENTS_COUNT: '2',
  REFUNDS_COUNT: '1',
  GROSS_AMOUNT: '174900',
  REFUNDS_AMOUNT: '10000',
  FEES_AMOUNT: '3000',
  GST_AMOUNT: '540',
  CGST_AMOUNT: '270',
  SGST_AMOUNT: '270',
  IGST_AMOUNT: '0',
  PROVIDER_GSTIN: '09AAPCP4821K1ZW',
  MERCHANT_GSTIN: '09AAFCD5862R1ZT',
  ADJUSTMENTS_AMOUNT: '-5000',
  NET_AMOUNT: '156360',
  BANK_ACCOUNT: 'XXXXXXXXXX4321',
  STATUS: 'PROCESSED',
} as const

/** Its lines: a balance carried forward, a UPI payment, its partial refund, a credit card payment. */
const settlementLines = [
  {
    TYPE: 'CARRY_FORWARD',
    ORDER_ID: '',
    TXN_ID: '',
    PG_REF_NUM: '',
    PAYMENT_TYPE: '',
    MOP_TYPE: '',
    AMOUNT: '-5000',
    FEE: '0',
    GST: '0',
    NET: '-5000',
    DATE: '2026-11-27 11:00:00',
    DESCRIPTION: 'Balance carried forward from setl_3f9a0c71d2e84b65a013',
    DISPUTE_ID: '',
    SOURCE_SETTLEMENT_ID: 'setl_3f9a0c71d2e84b65a013',
  },
  {
    TYPE: 'PAYMENT',
    ORDER_ID: 'ORD-1001',
    TXN_ID: '7666903093527291',
    PG_REF_NUM: '202693801761231770',
    PAYMENT_TYPE: 'UP',
    MOP_TYPE: 'UP',
    AMOUNT: '24900',
    FEE: '0',
    GST: '0',
    NET: '24900',
    DATE: '2026-11-27 14:12:05',
    DESCRIPTION: 'UPI and RuPay Debit (0.00%)',
    DISPUTE_ID: '',
    SOURCE_SETTLEMENT_ID: '',
  },
  {
    TYPE: 'REFUND',
    ORDER_ID: 'ORD-1001',
    TXN_ID: '7075693554333476',
    PG_REF_NUM: '202693801761231770',
    PAYMENT_TYPE: 'UP',
    MOP_TYPE: 'UP',
    AMOUNT: '10000',
    FEE: '0',
    GST: '0',
    NET: '-10000',
    DATE: '2026-11-27 16:40:31',
    DESCRIPTION: 'Refund',
    DISPUTE_ID: '',
    SOURCE_SETTLEMENT_ID: '',
  },
  {
    TYPE: 'PAYMENT',
    ORDER_ID: 'ORD-1003',
    TXN_ID: '1183971256632547',
    PG_REF_NUM: '202641184508551874',
    PAYMENT_TYPE: 'CC',
    MOP_TYPE: 'VI',
    AMOUNT: '150000',
    FEE: '3000',
    GST: '540',
    NET: '146460',
    DATE: '2026-11-28 10:05:47',
    DESCRIPTION: 'Credit card (2.00%)',
    DISPUTE_ID: '',
    SOURCE_SETTLEMENT_ID: '',
  },
] as const

/**
 * The settlement as `/pgws/settlement` answers it, LINES as JSON text (written as the gateway
 * writes it), signed with the example salt.
 */
export const settlementAnswerExample = {
  PAY_ID: '1000000000000001',
  ...settlement,
  PAGE: '1',
  PAGE_SIZE: '1000',
  LINES_COUNT: String(settlementLines.length),
  PAGES: '1',
  LINES: JSON.stringify(settlementLines),
  RESPONSE_CODE: '000',
  RESPONSE_MESSAGE: 'Transaction successful',
  RESPONSE_DATE_TIME: '2026-11-30 11:02:14',
  HASH: 'BF59317C13ACD6F07EB56642B10191E80BE35F70D4ED48A3BA68DDACC78D72B4',
}

/** The settlement.processed webhook of the same settlement: its data carries its own HASH. */
export const settlementWebhookExample = {
  id: 'evt_5b2e90c4d71a3f86e0b4c219',
  type: 'settlement.processed',
  created: 1796016604,
  data: {
    PAY_ID: '1000000000000001',
    ...settlement,
    HASH: '6018DE15F3641DB3CB2C227F04B9F34DA7AA15CE65030E8E248A38309377F37B',
  },
}

export interface HashExample {
  id: string
  /** The button's label, after `hashForm.examples`. */
  label: string
  fields: string
  salt: string
  hash: string
}

/**
 * What the form can fill in: the protocol's published status-enquiry vector, a settlement answer
 * with its lines as JSON text, and a settlement.processed webhook.
 */
export const hashExamples: readonly HashExample[] = [
  {
    id: 'status',
    label: 'Status enquiry',
    fields: Object.entries(protocolVectorFields)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n'),
    salt: protocolVectorSalt,
    hash: '',
  },
  {
    id: 'settlement',
    label: 'Settlement answer',
    fields: JSON.stringify(settlementAnswerExample, null, 2),
    salt: sandboxExampleSalt,
    hash: '',
  },
  {
    id: 'settlement-webhook',
    label: 'Settlement webhook',
    fields: JSON.stringify(settlementWebhookExample, null, 2),
    salt: sandboxExampleSalt,
    hash: '',
  },
]

/**
 * Said in a form's answer when a link from the sandbox's 323 refusal filled it in (the fields,
 * or an ENCDATA with its PAY_ID, in the link's fragment).
 */
export const linkedText = {
  hash: 'The fields the sandbox refused are filled in from the link. Enter your salt to see the HASH it expected and the likely mistake.',
  encdata:
    'The ENCDATA the sandbox could not decrypt is filled in from the link, with its PAY_ID. Enter your key salt to see whether it opens.',
} as const

export const encdataForm = {
  title: 'Open an ENCDATA',
  lead: 'Paste an ENCDATA from a merchant-hosted request or a response, with the PAY_ID and either the key salt or the merchant-hosted key, to see the fields inside and whether their HASH verifies.',
  encdataLabel: 'ENCDATA',
  encdataHint: 'Base64, as posted; spaces where a form post turned + into a space are fine.',
  payIdLabel: 'PAY_ID',
  keySaltLabel: 'Key salt',
  keySaltHint: 'The merchant-hosted key is made from it and the PAY_ID.',
  keyLabel: 'Or the merchant-hosted key',
  keyHint: '32 characters; used instead of the key salt when filled in.',
  saltLabel: 'Salt (to verify the HASH inside)',
  submit: 'Decrypt ENCDATA',
} as const

export const resultText = {
  matches: 'The HASH matches.',
  mismatch: 'The HASH does not match.',
  noHash: 'No HASH to compare: this is the one the gateway expects.',
  hashedText: 'Text that is hashed',
  hashedTextHint: (bytes: number) =>
    `${bytes} bytes of UTF-8. Marked: the salt, and characters you cannot see (· is a space next to = or ~, at either end or beside another space).`,
  expected: 'Expected HASH',
  claimed: 'Your HASH',
  saltMark: 'salt',
  likelyCause: 'Likely cause',
  theirText: 'Your HASH is the SHA-256 of this text',
  theirHmac: 'Your HASH is an HMAC, keyed with the salt, of this text',
  noCause:
    'None of the usual mistakes gives your HASH. Most likely the salt is another one (the sandbox and live salts differ, and so do two merchants’), or the fields posted are not the ones that were hashed.',
  format: {
    lines: 'Read as KEY=VALUE lines.',
    form: 'Read as a form body: + is a space and %XX a character, as the gateway reads it.',
    json: 'Read as JSON.',
    webhook: 'Read as a webhook event: its data fields are checked.',
    tilde: 'Read as KEY=VALUE~… text.',
  } satisfies Record<PastedFormat, string>,
  saltMissing: 'Enter the salt: the HASH cannot be worked out without it.',
} as const

/** What each known mistake is, for the cause box; `field` and `value` are the ones involved. */
export interface CauseDetail {
  field?: string
  hashedValue?: string
  postedValue?: string
  digest?: string
}

export const causeText: Record<
  CauseId,
  { title: string; summary: string; explain: (detail: CauseDetail) => string }
> = {
  unsorted: {
    title: 'Keys not sorted',
    summary: 'The fields joined in the order they were posted, not sorted.',
    explain: () =>
      'Your HASH was made with the fields in the order they were posted. Sort the keys first (code-unit order, as JavaScript’s default sort), then join them.',
  },
  'locale-sorted': {
    title: 'Keys sorted by the wrong rule',
    summary:
      'Keys sorted in dictionary order instead of by code unit (TXNTYPE comes before TXN_ID).',
    explain: () =>
      'Your HASH was made with the keys in dictionary order (ignoring case or punctuation). Sort by code unit: upper-case letters before _, so TXNTYPE comes before TXN_ID.',
  },
  'hash-included': {
    title: 'HASH included in the text',
    summary: 'HASH itself, or an empty HASH=, among the hashed fields.',
    explain: () =>
      'Your HASH was made over the fields with HASH among them. Leave HASH out of the text: hash every other field, then add HASH to what you post.',
  },
  'salt-whitespace': {
    title: 'White space around the salt',
    summary: 'A space or a line break around the salt.',
    explain: () =>
      'Your HASH was made with a space or a line break around the salt (often read from a file or an environment variable). Trim the salt, here and in your code.',
  },
  'value-whitespace': {
    title: 'White space around a value',
    summary: 'White space around a value in the HASH but not in the post, or the other way round.',
    explain: ({ field }) =>
      field
        ? `Your HASH was made with ${field} having white space the posted value does not have (or the other way round). Hash each value exactly as you post it, and trim values before you do both.`
        : 'Your HASH was made with the values trimmed, but the posted values have white space around them. Trim the values before you hash and post them.',
  },
  'amount-units': {
    title: 'Amount in rupees instead of paise',
    summary:
      'An amount in rupees (1.00) where whole paise (100) belong, in the HASH or in the field.',
    explain: ({ field = 'AMOUNT', hashedValue, postedValue }) =>
      `Your HASH was made with ${field}=${hashedValue}, but the fields say ${postedValue}: one of them is in rupees (or the amount was changed after signing). Amounts are whole paise, in the HASH and in the field: ₹1.00 is 100.`,
  },
  'plus-as-space': {
    title: 'A + turned into a space',
    summary: 'A + in a value posted without URL-encoding, which the gateway reads as a space.',
    explain: ({ field }) =>
      `Your HASH was made with a + in ${field}, but a form post without URL-encoding turned it into a space. URL-encode every value you post (+ is %2B); the hash is over the value before encoding.`,
  },
  'url-encoded': {
    title: 'Values hashed URL-encoded',
    summary: 'Values hashed after URL-encoding them instead of before.',
    explain: () =>
      'Your HASH was made over the URL-encoded values. Hash the values themselves, then encode them only to post them.',
  },
  'separator-before-salt': {
    title: 'A ~ before the salt',
    summary: 'A ~ between the last field and the salt.',
    explain: () =>
      'Your HASH was made with ~ between the last field and the salt. Append the salt with no separator.',
  },
  'salt-first': {
    title: 'Salt in front',
    summary: 'The salt before the fields instead of after them.',
    explain: () => 'Your HASH was made with the salt before the fields. The salt goes at the end.',
  },
  'empty-left-out': {
    title: 'Empty fields left out',
    summary: 'Fields with an empty value left out of the text.',
    explain: () =>
      'Your HASH was made without the fields that have an empty value. Every posted field counts, an empty one as KEY=; or do not post empty fields at all.',
  },
  hmac: {
    title: 'HMAC instead of SHA-256',
    summary: 'HMAC-SHA256 keyed with the salt instead of SHA-256 of the text and the salt.',
    explain: () =>
      'Your HASH is an HMAC-SHA256 keyed with the salt. The HASH is a plain SHA-256 of the fields with the salt appended.',
  },
  'list-reserialised': {
    title: 'A list parsed and written again',
    summary:
      'A list sent as JSON text (SETTLEMENTS, LINES, RECON) hashed after it was parsed and serialised again.',
    explain: ({ field }) =>
      `Your HASH was made with ${field ?? 'a list'} parsed and written out again (other spacing, indentation or escapes). The HASH covers the JSON text exactly as the gateway sent it: verify the HASH over the answer as it arrived, then parse ${field ?? 'the list'}.`,
  },
  'other-digest': {
    title: 'Another digest than SHA-256',
    summary: 'SHA-1 or SHA-512 instead of SHA-256.',
    explain: ({ digest }) =>
      `Your HASH is ${digest} of the right text. Use SHA-256, written in upper-case hex (64 characters).`,
  },
}

export function noteText(note: Note): string {
  switch (note.kind) {
    case 'no-hash':
      return 'There is no HASH among the fields and none given apart.'
    case 'not-hex':
      return `Your HASH has ${note.length} characters; a HASH is 64 hex digits.`
    case 'lower-case':
      return 'Your HASH is in lower case. The gateway accepts it, but sends upper case.'
    case 'salt-whitespace':
      return 'The salt has white space at one end. It counts as part of the salt: check it is really there.'
    case 'value-whitespace':
      return `${note.field} has white space at one end. It is hashed as it is; the gateway does not trim it.`
    case 'invisible':
      return note.field === null
        ? 'The salt holds a character you cannot see (marked in the hashed text).'
        : `${note.field} holds a character you cannot see (marked in the hashed text).`
    case 'amount-not-paise':
      return `${note.field} is ${note.value}: amounts are whole paise without a leading zero (₹1.00 is 100). The gateway refuses it (320).`
    case 'plus-in-value':
      return `${note.field} holds a +. Posted in a form body without URL-encoding (%2B), the gateway reads a space and the HASH will not match.`
    case 'json-text':
      return `${note.field} is a list sent as JSON text: the HASH covers that text exactly as it arrived. Parse it only once the HASH matches.`
  }
}

export function problemText(problem: PasteProblem): string {
  switch (problem.kind) {
    case 'empty':
      return 'Paste the fields first.'
    case 'json':
      return `This is not JSON the gateway could read: ${problem.detail}.`
    case 'not-string':
      return `${problem.key} is not a string. The gateway takes every value as a string ("100", not 100) and refuses other types (326).`
    case 'list-not-text':
      return `${problem.key} is a list or an object here, but the gateway sends it as JSON text inside a string, and the HASH covers that text as it arrived. Paste the answer before anything parses ${problem.key}.`
    case 'no-equals':
      return `Line ${problem.line} (“${problem.text}”) is not KEY=VALUE.`
    case 'repeated':
      return `${problem.key} appears twice. The gateway refuses a request that names a field twice (326).`
    case 'bad-key':
      return `“${problem.key}” is not a field name: a key is never empty and holds no = or ~.`
    case 'tilde-in-value':
      return `${problem.key} holds a ~, which separates fields in the hashed text. The gateway refuses such a request (326).`
  }
}

export const encdataText = {
  keyUsed: 'Key used',
  plaintext: 'Decrypted text',
  fields: 'Fields',
  hashVerifies: 'The HASH inside verifies with this salt.',
  hashFails: 'The HASH inside does not verify with this salt.',
  noSalt: 'Enter the salt to check the HASH inside.',
  needKey: 'Enter the PAY_ID and the key salt, or the merchant-hosted key.',
  failure: {
    key: 'The merchant-hosted key must be 32 printable ASCII characters (the first 32 hex digits of SHA-256 of key salt + PAY_ID, in upper case).',
    base64:
      'This ENCDATA is not Base64: only letters, digits, + and /, with at most two = at the end.',
    undecryptable:
      'This ENCDATA does not decrypt with this key: check the PAY_ID and the key salt (not the salt), or that it was encrypted for this merchant.',
    malformed: 'It decrypts, but the text is not KEY=VALUE~… fields:',
  } satisfies Record<Exclude<EncdataResult, { ok: true }>['reason'], string>,
  /** Why it does not decrypt, when a known mistake in making the key explains it. */
  keyMistakes: {
    'salts-swapped':
      'Likely cause: the key salt and the salt are swapped. It decrypts with the key made from what you entered as the salt: the merchant-hosted key comes from the key salt.',
    'pay-id-first':
      'Likely cause: the key was made from PAY_ID followed by the key salt. It is SHA-256 of the key salt followed by the PAY_ID.',
    'lower-case-key':
      'Likely cause: the key was used in lower case. It is the first 32 characters of the upper-case hex digest, and its exact characters are the AES key.',
  } satisfies Record<KeyMistake, string>,
} as const

/** The explanation the page shows with or without JavaScript. */
export const hashRule = {
  title: 'How the HASH is made',
  steps: hashSteps,
  exampleLabel:
    'For the protocol’s published status-enquiry test vector, the text before the salt is',
  example: `ORDER_ID=${protocolVectorFields.ORDER_ID}~PAY_ID=${protocolVectorFields.PAY_ID}~TXNTYPE=${protocolVectorFields.TXNTYPE}`,
  exampleResult: `With its test salt ${protocolVectorSalt} its HASH is ${protocolVectorFields.HASH}.`,
  encdataTitle: 'How ENCDATA is made',
  encdataSteps: [
    'The merchant-hosted key is the first 32 characters of the upper-case hex SHA-256 of your key salt followed by your PAY_ID.',
    'The text is the fields as for the HASH (sorted KEY=VALUE joined by ~), then ~HASH= and their HASH.',
    'It is encrypted with AES-256-CBC: the key is those 32 characters as bytes, the IV their first 16, with PKCS#7 padding, and written in Base64 without = padding.',
  ],
  mistakesTitle: 'Mistakes the debugger recognises',
} as const
