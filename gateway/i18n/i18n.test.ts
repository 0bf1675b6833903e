import { describe, expect, it } from 'vitest'
import { responseCodes } from '#core/protocol/codes.ts'
import { en } from './en.ts'
import {
  format,
  isLanguageCode,
  language,
  languages,
  negotiateLanguage,
  placeholders,
} from './index.ts'

const englishKeys = Object.keys(en).sort()

describe('the dictionary', () => {
  it('offers more than ten languages, each named in its own script', () => {
    expect(languages.length).toBeGreaterThanOrEqual(11)
    expect(languages.map((entry) => entry.name)).toEqual(
      expect.arrayContaining([
        'English',
        'हिन्दी',
        'বাংলা',
        'मराठी',
        'తెలుగు',
        'தமிழ்',
        'ગુજરાતી',
        'ಕನ್ನಡ',
        'മലയാളം',
        'ਪੰਜਾਬੀ',
        'ଓଡ଼ିଆ',
        'اردو',
      ]),
    )
    expect(new Set(languages.map((entry) => entry.code)).size).toBe(languages.length)
  })

  for (const { code, messages } of languages) {
    describe(code, () => {
      it('has every key, none empty', () => {
        expect(Object.keys(messages).sort()).toEqual(englishKeys)
        for (const [key, value] of Object.entries(messages)) {
          if (key === 'codes') continue
          expect(value, key).toEqual(expect.any(String))
          expect((value as string).trim(), key).not.toBe('')
        }
      })

      it('explains every response code', () => {
        expect(Object.keys(messages.codes).sort()).toEqual(Object.keys(responseCodes).sort())
        for (const text of Object.values(messages.codes)) expect(text.trim()).not.toBe('')
      })

      it('keeps the placeholders of English', () => {
        for (const key of englishKeys) {
          if (key === 'codes') continue
          const k = key as Exclude<keyof typeof en, 'codes'>
          expect(placeholders(messages[k]), `${code}.${key}`).toEqual(placeholders(en[k]))
        }
      })

      if (code !== 'en') {
        it('is translated: the sentences differ from English', () => {
          // Short labels such as "UPI" or "CVV" are the same everywhere; sentences are not.
          const same = englishKeys.filter((key) => {
            if (key === 'codes') return false
            const k = key as Exclude<keyof typeof en, 'codes'>
            return en[k].length > 12 && messages[k] === en[k]
          })
          expect(same).toEqual([])
        })

        it('translates every response code, keeping its figures and field names', () => {
          const codes = messages.codes as Record<string, string>
          const untranslated = Object.entries(en.codes)
            .filter(([key, text]) => text.length > 12 && codes[key] === text)
            .map(([key]) => key)
          expect(untranslated).toEqual([])
          for (const [key, text] of Object.entries(en.codes)) {
            for (const kept of text.match(/\b[A-Z][A-Z0-9_]*[A-Z0-9]\b|\d(?:[\d,.-]*\d)?/g) ?? []) {
              expect(codes[key], `${code} ${key}: ${kept}`).toContain(kept)
            }
          }
        })
      }
    })
  }
})

describe('choosing a language', () => {
  it('reads Accept-Language by quality and falls back to English', () => {
    expect(negotiateLanguage('ta-IN,ta;q=0.9,en;q=0.8')).toBe('ta')
    expect(negotiateLanguage('fr-FR, hi;q=0.5, en;q=0.4')).toBe('hi')
    expect(negotiateLanguage('en;q=0.3, bn;q=0.9')).toBe('bn')
    expect(negotiateLanguage('de, fr')).toBe('en')
    expect(negotiateLanguage('hi;q=0')).toBe('en')
    expect(negotiateLanguage(undefined)).toBe('en')
  })

  it('knows its codes and falls back to English for others', () => {
    expect(isLanguageCode('ur')).toBe(true)
    expect(isLanguageCode('xx')).toBe(false)
    expect(language('ur').dir).toBe('rtl')
    expect(language('xx').code).toBe('en')
  })

  it('fills placeholders and leaves unknown ones', () => {
    expect(format('Pay {amount} to {merchant}', { amount: '₹1.00' })).toBe(
      'Pay ₹1.00 to {merchant}',
    )
  })
})
