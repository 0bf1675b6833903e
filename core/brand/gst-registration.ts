/**
 * The legal entity's GST registration (fictional, with a valid check character) and its state
 * code: the office (`contact` in brand.ts) is in Uttar Pradesh (09). A merchant in the same state
 * is charged CGST and SGST on the fees, any other IGST (core/tax/gst.ts). A module apart from
 * brand.ts, which every page's script carries, so that no page pays for bytes only the sandbox
 * and the FAQ read.
 */
export const providerGst = { gstin: '09AAPCP4821K1ZW', stateCode: '09' } as const
