/**
 * GST on the provider's fees by place of supply (docs/decisions/039-gst-by-place-of-supply-and-pdf-frame-in-core.md):
 * the states and union territories by their GST state code, the GSTIN's format and check
 * character, and how the GST a settlement or an invoice line charges divides into CGST and SGST
 * (or UTGST) within one state, or is IGST between two. The GST itself is computed elsewhere,
 * per payment (core/pricing/fees.ts gstOn: 18 % of the fee, half up); this module only divides
 * an amount already charged, so the parts always add up to it.
 */
import { gstPercent } from '#core/pricing/pricing.ts'

export interface GstState {
  /** Two digits, the first two characters of every GSTIN registered there. */
  code: string
  name: string
  /**
   * A union territory without a legislature: the second half of intra-territory tax is UTGST,
   * not SGST (Delhi and Puducherry have legislatures and levy SGST).
   */
  unionTerritory?: true
}

/** The GST state codes 01–38, as the GST portal lists them. */
export const gstStates: readonly GstState[] = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh', unionTerritory: true },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  // 25 was Daman and Diu until it merged with Dadra and Nagar Haveli (26) in 2020; GSTINs
  // issued under it remain.
  { code: '25', name: 'Daman and Diu', unionTerritory: true },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', unionTerritory: true },
  { code: '27', name: 'Maharashtra' },
  // 28 is Andhra Pradesh before Telangana (36) was made of it; today's Andhra Pradesh is 37.
  { code: '28', name: 'Andhra Pradesh (before division)' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep', unionTerritory: true },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands', unionTerritory: true },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh', unionTerritory: true },
]

const statesByCode = new Map(gstStates.map((state) => [state.code, state]))

/** The state or union territory of a two-digit GST state code, or undefined. */
export function gstStateOf(code: string): GstState | undefined {
  return statesByCode.get(code)
}

const gstinCharacters = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/**
 * The GSTIN's 15th character: a Luhn mod 36 check over the first 14. Each character's value
 * (0–9, then A–Z as 10–35) is multiplied by 1 and 2 in turn from the left, each product's two
 * base-36 digits are added, and the check is what brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0
  for (let index = 0; index < 14; index++) {
    const value = gstinCharacters.indexOf(first14[index] ?? '')
    if (value < 0) throw new RangeError(`Not a GSTIN character: ${JSON.stringify(first14[index])}`)
    const product = value * (index % 2 === 0 ? 1 : 2)
    sum += Math.floor(product / 36) + (product % 36)
  }
  return gstinCharacters[(36 - (sum % 36)) % 36]!
}

/**
 * State code (two digits), the holder's PAN (five letters, four digits, a letter), the
 * registration's number within that PAN and state (1–9, then A–Z), `Z`, the check character.
 */
const gstinPattern = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/

export type GstinCheck = { ok: true; stateCode: string } | { ok: false; reason: string }

/** Whether `gstin` is a well-formed GSTIN of a known state whose check character holds. */
export function checkGstin(gstin: string): GstinCheck {
  const match = gstinPattern.exec(gstin)
  if (!match) {
    return {
      ok: false,
      reason:
        'a GSTIN is 15 characters: the state code, the PAN, the entity number, Z and the check character',
    }
  }
  const stateCode = match[1]!
  if (!gstStateOf(stateCode)) return { ok: false, reason: `no state has the code ${stateCode}` }
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) {
    return { ok: false, reason: 'its check character (the 15th) does not match' }
  }
  return { ok: true, stateCode }
}

export function isGstin(gstin: string): boolean {
  return checkGstin(gstin).ok
}

/** The supplier and the recipient of a fee, for GST: their state codes and GSTINs. */
export interface GstParties {
  provider: { stateCode: string; gstin: string }
  /** An unregistered merchant has no GSTIN (''): the place of supply is still its state. */
  merchant: { stateCode: string; gstin: string }
}

/** How a GST amount is charged: the three parts in paise, adding up to it. */
export interface GstSplit {
  cgst: bigint
  sgst: bigint
  igst: bigint
  /** The second half's name within one state: SGST, or UTGST in a union territory without a legislature. */
  stateTax: 'SGST' | 'UTGST'
}

/**
 * Where the provider's services to a merchant are supplied: a registered business recipient's
 * state (IGST Act, section 12(2)), its GSTIN's first two digits, so the merchant's state code.
 */
export function placeOfSupply(parties: GstParties): GstState {
  const state = gstStateOf(parties.merchant.stateCode)
  if (!state) throw new RangeError(`No GST state has the code ${parties.merchant.stateCode}`)
  return state
}

export function intraState(parties: GstParties): boolean {
  return parties.provider.stateCode === placeOfSupply(parties).code
}

/** Each half of the GST rate within one state: 9 % CGST and 9 % SGST of 18 %. */
export const halfGstPercent = gstPercent / 2

/**
 * Divides `gst` paise already charged: all IGST between two states; within one, halves, the odd
 * paisa to CGST.
 *
 * The GST was rounded once per payment (half up to the paisa) and summed; the halves are split
 * from that sum, not from each payment, so CGST and SGST of a document never differ by more than
 * one paisa, however many payments it covers, and they add up exactly to the GST charged. The
 * odd paisa must go to one side for the sum to hold; CGST takes it so that the split depends
 * on the amount alone and every document, kit and test makes the same one.
 */
export function splitGst(gst: bigint, parties: GstParties): GstSplit {
  if (gst < 0n) throw new RangeError(`GST cannot be negative: ${gst}`)
  const state = placeOfSupply(parties)
  const stateTax = state.unionTerritory ? 'UTGST' : 'SGST'
  if (!intraState(parties)) return { cgst: 0n, sgst: 0n, igst: gst, stateTax }
  const sgst = gst / 2n
  return { cgst: gst - sgst, sgst, igst: 0n, stateTax }
}
