import { describe, expect, it } from 'vitest'
import { encrypt } from '#core/protocol/cipher.ts'
import vectorFile from '#core/protocol/vectors.json'
import { checkSignature } from './diagnosis.ts'
import { findKeyMistake, merchantHostedKey, openEncdata } from './encdata.ts'

const [derivation, request, response, padded] = (
  vectorFile as unknown as { encdata: Array<Record<string, string>> }
).encdata as [
  Record<string, string>,
  Record<string, string>,
  Record<string, string>,
  Record<string, string>,
]

describe('ENCDATA in the browser (Web Crypto) on the shared vectors', () => {
  it(derivation.note!, async () => {
    expect(await merchantHostedKey(derivation.keySalt!, derivation.payId!)).toBe(
      derivation.merchantHostedKey,
    )
  })

  it(`${request.note}: from the key salt and PAY_ID, and its HASH verifies`, async () => {
    const result = await openEncdata(request.encdata!, {
      keySalt: derivation.keySalt!,
      payId: derivation.payId!,
    })
    expect(result).toMatchObject({ ok: true, key: request.key, plaintext: request.plaintext })
    if (!result.ok) return
    expect((await checkSignature(result.entries, request.salt!)).matches).toBe(true)
  })

  it(`${response.note}: from the key`, async () => {
    const result = await openEncdata(response.encdata!, { key: response.key! })
    expect(result).toMatchObject({ ok: true, plaintext: response.plaintext })
    if (!result.ok) return
    expect(result.entries[0]).toEqual(['RESPONSE_CODE', '000'])
    expect((await checkSignature(result.entries, response.salt!)).matches).toBe(true)
  })

  it(padded.note!, async () => {
    expect(await openEncdata(padded.encdataWithPadding!, { key: padded.key! })).toMatchObject({
      ok: true,
      plaintext: 'A=1',
    })
    const plaintext = Array.from({ length: 200 }, (_, index) => `A=${index}`).find((text) =>
      encrypt(text, padded.key!).includes('+'),
    )!
    const spaced = encrypt(plaintext, padded.key!).replaceAll('+', ' ')
    expect(await openEncdata(spaced, { key: padded.key! })).toMatchObject({ ok: true, plaintext })
  })

  it('says why it cannot open: a bad key, not Base64, another key, not fields', async () => {
    expect(await openEncdata(request.encdata!, { key: 'short' })).toMatchObject({ reason: 'key' })
    expect(await openEncdata('not base64!', { key: request.key! })).toMatchObject({
      reason: 'base64',
    })
    expect(
      await openEncdata(request.encdata!, { keySalt: 'another', payId: derivation.payId! }),
    ).toMatchObject({ ok: false, reason: 'undecryptable' })
    expect(
      await openEncdata(encrypt('no fields here', request.key!), { key: request.key! }),
    ).toMatchObject({
      ok: false,
      reason: 'malformed',
      plaintext: 'no fields here',
    })
  })
})

describe('names the mistake in the key', () => {
  const { keySalt, payId } = derivation as { keySalt: string; payId: string }
  const salt = request.salt!

  it('the key salt and the salt swapped', async () => {
    const given = { keySalt: salt, payId }
    expect((await openEncdata(request.encdata!, given)).ok).toBe(false)
    expect(await findKeyMistake(request.encdata!, given, keySalt)).toBe('salts-swapped')
  })

  it('ENCDATA made with the key in lower case, or from PAY_ID + key salt', async () => {
    const lower = encrypt('A=1', request.key!.toLowerCase())
    expect(await findKeyMistake(lower, { keySalt, payId }, salt)).toBe('lower-case-key')
    expect(await findKeyMistake(lower, { key: request.key! }, salt)).toBe('lower-case-key')
    const reversed = encrypt('A=1', await merchantHostedKey(payId, keySalt))
    expect(await findKeyMistake(reversed, { keySalt, payId }, salt)).toBe('pay-id-first')
  })

  it('none for another merchant’s ENCDATA', async () => {
    expect(await findKeyMistake(request.encdata!, { keySalt: 'other', payId }, salt)).toBeNull()
  })
})
