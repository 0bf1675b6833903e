/**
 * A field people never see or fill, present on both forms: bots that fill every field fill it
 * too. The server answers such a submission normally but neither stores nor mails it.
 */
export const HONEYPOT_FIELD = 'website'

export function isHoneypotFilled(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== ''
}
