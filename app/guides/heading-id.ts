/** `HASH and ENCDATA` → `hash-and-encdata`, as GitHub makes heading anchors; the guides link to these. */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
}
