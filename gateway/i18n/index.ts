import { bn } from './bn.ts'
import { en } from './en.ts'
import { gu } from './gu.ts'
import { hi } from './hi.ts'
import { kn } from './kn.ts'
import type { Messages } from './messages.ts'
import { ml } from './ml.ts'
import { mr } from './mr.ts'
import { or } from './or.ts'
import { pa } from './pa.ts'
import { ta } from './ta.ts'
import { te } from './te.ts'
import { ur } from './ur.ts'

export type { MessageKey, Messages } from './messages.ts'

/** The languages of the payment pages, each named in its own script. */
export const languages = [
  { code: 'en', name: 'English', dir: 'ltr', messages: en },
  { code: 'hi', name: 'हिन्दी', dir: 'ltr', messages: hi },
  { code: 'bn', name: 'বাংলা', dir: 'ltr', messages: bn },
  { code: 'mr', name: 'मराठी', dir: 'ltr', messages: mr },
  { code: 'te', name: 'తెలుగు', dir: 'ltr', messages: te },
  { code: 'ta', name: 'தமிழ்', dir: 'ltr', messages: ta },
  { code: 'gu', name: 'ગુજરાતી', dir: 'ltr', messages: gu },
  { code: 'kn', name: 'ಕನ್ನಡ', dir: 'ltr', messages: kn },
  { code: 'ml', name: 'മലയാളം', dir: 'ltr', messages: ml },
  { code: 'pa', name: 'ਪੰਜਾਬੀ', dir: 'ltr', messages: pa },
  { code: 'or', name: 'ଓଡ଼ିଆ', dir: 'ltr', messages: or },
  { code: 'ur', name: 'اردو', dir: 'rtl', messages: ur },
] as const satisfies ReadonlyArray<{
  code: string
  name: string
  dir: 'ltr' | 'rtl'
  messages: Messages
}>

export type Language = (typeof languages)[number]
export type LanguageCode = Language['code']

export const defaultLanguage: Language = languages[0]

export function isLanguageCode(value: unknown): value is LanguageCode {
  return languages.some((language) => language.code === value)
}

export function language(code: string | undefined): Language {
  return languages.find((candidate) => candidate.code === code) ?? defaultLanguage
}

/**
 * The first supported language of an Accept-Language header, by quality; English when none
 * is supported. `hi-IN` counts as `hi`.
 */
export function negotiateLanguage(header: string | undefined): LanguageCode {
  if (!header) return defaultLanguage.code
  const wanted = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const quality = params
        .map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1])
        .find((value) => value !== undefined)
      return { tag: tag.trim().toLowerCase(), q: quality ? Number(quality) : 1, index }
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  for (const { tag } of wanted) {
    const base = tag.split('-')[0]
    if (isLanguageCode(base)) return base
  }
  return defaultLanguage.code
}

/** Fills `{name}` placeholders; a placeholder without a value is left as it is. */
export function format(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}

/** The placeholders a text uses, sorted, so languages can be compared with English. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort()
}
