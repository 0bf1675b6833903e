import { formatIsoDate, istInstant } from '#core/calendar/business-calendar.ts'
import {
  currencies,
  currencyByCode,
  foreignCurrencyCodes,
  isForeign,
  toMinorUnits,
} from '#core/currency/currencies.ts'
import { RATES_DATE, toRupees } from '#core/currency/exchange.ts'
import { describeSlab, formatCharge } from '#core/pricing/fees.ts'
import { paymentFee } from '#core/pricing/payment-fee.ts'
import { gstPercent, paymentGatewayTab } from '#core/pricing/pricing.ts'
import { type ResponseCode, responseCodes } from '#core/protocol/codes.ts'
import { extensionsOfKind } from '#core/files/file-kind.ts'
import { JSON_LIMIT } from '#gateway/api/json.ts'
import {
  DISPUTE_BODY_LIMIT,
  MAX_EVIDENCE_CHARACTERS,
  MAX_EVIDENCE_FILE_BYTES,
} from '#gateway/disputes/evidence.ts'
import { decide, RESPONSE_WORKING_DAYS, respondByOf } from '#gateway/disputes/outcome.ts'
import { disputeCards, disputeReasonOf, disputeReasons, testCards } from '#gateway/methods.ts'

/**
 * Facts a guide states that live in a module: a document writes `{{RATES_DATE}}` or
 * `<!-- generate currencies -->` instead of retyping the figure, so a rate, a card or a code
 * changed in its module changes the web page and the PDF with it.
 */

const internationalRow = paymentGatewayTab.rows.find((row) => row.id === 'international-cards')!

/** `3mb` → `3 MB`, as a body limit reads to a person. */
const sizeOf = (limit: string) =>
  limit.replace(/^(\d+)\s*([kmg]b)$/i, (_, n: string, unit: string) => `${n} ${unit.toUpperCase()}`)
const extensions = Object.values(extensionsOfKind)
  .flat()
  .map((extension) => `\`${extension}\``)

const grouped = (cardNumber: string) => cardNumber.replace(/(\d{4})(?=\d)/g, '$1 ')
const winnable = disputeReasons.find((reason) => reason.winnable)!
const notWinnable = disputeReasons.find((reason) => !reason.winnable)!
const cardOf = (reasonCode: string) =>
  disputeCards.find((card) => card.reasonCode === reasonCode)!.number

const rowOf = (id: string) => paymentGatewayTab.rows.find((row) => row.id === id)!
/** `0.40% up to ₹2,000, 0.90% above ₹2,000`; one rate alone: `0.00%`. */
function ratesOf(id: string): string {
  const { slabs } = rowOf(id)
  if (slabs.length === 1) return formatCharge(slabs[0]!.charge)
  return slabs
    .map((slab) => `${formatCharge(slab.charge)} ${describeSlab(slab).toLowerCase()}`)
    .join(', ')
}
/** The test card of each card row other than a credit card's. */
const visaDebit = testCards.find((card) => card.paymentType === 'DC' && card.mopType === 'VI')!
const rupayDebit = testCards.find((card) => card.paymentType === 'DC' && card.mopType === 'RU')!
const issuedAbroad = testCards.find((card) => 'issuedAbroad' in card)!

/** `{{NAME}}` in a guide: the value of the fact, as the guide prints it. */
export const guideFacts: Readonly<Record<string, string>> = {
  RATES_DATE,
  FOREIGN_CURRENCY_COUNT: String(foreignCurrencyCodes.length),
  INTERNATIONAL_CARDS_ROW: internationalRow.label,
  INTERNATIONAL_CARDS_RATE: formatCharge(internationalRow.slabs[0]!.charge),
  GST_PERCENT: `${gstPercent} %`,
  RESPOND_WORKING_DAYS: String(RESPONSE_WORKING_DAYS),
  EVIDENCE_MAX_CHARACTERS: MAX_EVIDENCE_CHARACTERS.toLocaleString('en-IN'),
  EVIDENCE_FILE_MAX: `${MAX_EVIDENCE_FILE_BYTES / 1024 / 1024} MB`,
  EVIDENCE_FILE_EXTENSIONS: `${extensions.slice(0, -1).join(', ')} or ${extensions.at(-1)}`,
  DISPUTE_BODY_LIMIT: sizeOf(DISPUTE_BODY_LIMIT),
  JSON_BODY_LIMIT: sizeOf(JSON_LIMIT),
  DISPUTE_CARD_WINNABLE: grouped(cardOf(winnable.code)),
  DISPUTE_REASON_WINNABLE: `\`${winnable.code}\` ${winnable.reason}`,
  DISPUTE_CARD_NOT_WINNABLE: grouped(cardOf(notWinnable.code)),
  DISPUTE_REASON_NOT_WINNABLE: `\`${notWinnable.code}\` ${notWinnable.reason}`,
  DEBIT_CARD: grouped(visaDebit.number),
  DEBIT_CARD_ROW: rowOf('debit-card').label,
  DEBIT_CARD_RATES: ratesOf('debit-card'),
  RUPAY_DEBIT_CARD: grouped(rupayDebit.number),
  RUPAY_DEBIT_ROW: rowOf('upi-rupay-debit').label,
  RUPAY_DEBIT_RATE: ratesOf('upi-rupay-debit'),
  ABROAD_CARD: grouped(issuedAbroad.number),
}

type Row = readonly string[]
const code = (text: string) => (text === '' ? '' : `\`${text}\``)

function table(header: Row, rows: readonly Row[]): string {
  const line = (cells: Row) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}

/** Every currency: its codes, minor units and the sandbox's rate, the rupee first. */
function currencyTable(): string {
  return table(
    ['Currency', 'Code', '`CURRENCY_CODE`', 'Minor units', '`FX_RATE` (₹ per unit)'],
    currencies.map((currency) => [
      currency.name,
      currency.code,
      code(currency.number),
      String(currency.minorUnits),
      code(toRupees(1n, currency).rate),
    ]),
  )
}

/** Amounts in three currencies of 2, 0 and 3 minor units, to rupees and through the fee. */
const fxSamples = [
  ['USD', '12.34'],
  ['JPY', '500'],
  ['KWD', '1.250'],
  ['EUR', '249.99'],
] as const

function fxExampleTable(): string {
  return table(
    ['Price', '`CURRENCY_CODE`', '`AMOUNT`', '`FX_RATE`', '`INR_AMOUNT`', 'Fee', 'GST', 'Net'],
    fxSamples.map(([alpha, major]) => {
      const currency = currencyByCode(alpha)!
      const minor = toMinorUnits(major, currency)
      if (!minor.ok) throw new Error(`${alpha} ${major}: ${minor.reason}`)
      const rupees = toRupees(minor.minor, currency)
      const fee = paymentFee(
        { paymentType: 'CC', mopType: 'VI', foreignCurrency: isForeign(currency) },
        rupees.paise,
      )
      return [
        `${alpha} ${major}`,
        code(currency.number),
        code(String(minor.minor)),
        code(rupees.rate),
        code(String(rupees.paise)),
        code(String(fee.fee)),
        code(String(fee.gst)),
        code(String(fee.net)),
      ]
    }),
  )
}

/** The sandbox cards that are disputed, and what evidence can do for each reason. */
function disputeCardTable(): string {
  return table(
    ['Card', 'Reason (`REASON_CODE`, `REASON`)', 'Can evidence win it?'],
    disputeCards.map((card) => {
      const reason = disputeReasonOf(card.reasonCode)!
      return [
        code(grouped(card.number)),
        `${code(reason.code)} ${reason.reason}`,
        reason.winnable ? 'Yes, with a document' : 'No',
      ]
    }),
  )
}

/** Disputes created by runs at a few times, and their last day to answer. */
const respondBySamples = [
  ['2026-11-30', 12],
  ['2026-12-04', 11],
  ['2026-12-18', 11],
] as const

function respondByTable(): string {
  return table(
    ['Dispute created (IST)', '`RESPOND_BY`', 'Decided by the first run after'],
    respondBySamples.map(([date, hour]) => {
      const respondBy = respondByOf(istInstant(date, hour))
      return [
        `${date} ${String(hour).padStart(2, '0')}:00, ${formatIsoDate(date, 'full').split(',')[0]}`,
        `${code(respondBy)}, ${formatIsoDate(respondBy, 'full').split(',')[0]}`,
        `${respondBy} 23:59:59 IST`,
      ]
    }),
  )
}

/** What the rule decides for each state a dispute can be in at its deadline (gateway/disputes/outcome.ts). */
function disputeRuleTable(): string {
  const cases = [
    ['`OPEN`: never answered', { status: 'OPEN', reasonCode: winnable.code, hasDocument: false }],
    ...disputeReasons.flatMap((reason) =>
      (reason.winnable ? [true, false] : [true]).map(
        (hasDocument) =>
          [
            `\`UNDER_REVIEW\`, reason \`${reason.code}\`${reason.winnable ? (hasDocument ? ', with a document' : ', without a document') : ''}`,
            { status: 'UNDER_REVIEW', reasonCode: reason.code, hasDocument },
          ] as const,
      ),
    ),
  ] as const
  return table(
    ['The dispute at the deadline', 'Becomes', '`RESOLUTION`'],
    cases.map(([label, dispute]) => {
      const decision = decide(dispute)
      return [label, code(decision.status), decision.resolution]
    }),
  )
}

/** `<!-- codes: tag -->` and the codes' messages and STATUS, as core/protocol/codes.ts has them. */
function codeTable(tag: string, codes: readonly string[]): string {
  const rows = codes.map((number) => {
    const known = responseCodes[number as ResponseCode]
    if (!known) throw new Error(`no response code ${number} in core/protocol/codes.ts`)
    return [code(number), known.message, code(known.status)]
  })
  return `<!-- codes: ${tag} -->\n\n${table(['Code', 'RESPONSE_MESSAGE', 'STATUS'], rows)}`
}

const generators: Record<string, (args: string[]) => string> = {
  currencies: () => currencyTable(),
  'fx-examples': () => fxExampleTable(),
  'dispute-cards': () => disputeCardTable(),
  'respond-by': () => respondByTable(),
  'dispute-rule': () => disputeRuleTable(),
  codes: ([tag, ...codes]) => {
    if (!tag || codes.length === 0) throw new Error('generate codes needs a tag and codes')
    return codeTable(tag, codes)
  },
}

/** `<!-- generate name arg… -->` on a line of its own. */
export const generatePattern = /^[ \t]*<!--\s*generate\s+([\w-]+)((?:\s+[\w.-]+)*)\s*-->[ \t]*$/gm

/** Replaces every generate directive with the Markdown its generator makes from the modules. */
export function fillGenerated(markdown: string, source: string): string {
  return markdown.replace(generatePattern, (directive, name: string, args: string) => {
    const generator = generators[name]
    if (!generator) {
      const known = Object.keys(generators).join(', ')
      throw new Error(`${source}: unknown generated section "${name}" (known: ${known})`)
    }
    return generator(args.trim() === '' ? [] : args.trim().split(/\s+/))
  })
}

/**
 * Fills `{{NAME}}` with a guide fact or a fact of the site's configuration (site-facts.ts);
 * names that are neither stay for the caller to refuse.
 */
export function fillFacts(
  markdown: string,
  siteFacts: Readonly<Record<string, string>> = {},
): string {
  const facts = { ...guideFacts, ...siteFacts }
  return markdown.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
    Object.hasOwn(facts, name) ? facts[name]! : placeholder,
  )
}
