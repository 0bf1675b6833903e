import { describe, expect, it } from 'vitest'
import { readPastedFields } from './pasted-fields.ts'

describe('readPastedFields', () => {
  it('reads KEY=VALUE lines, keeping = in values and spaces after them', () => {
    expect(readPastedFields('\n  PAY_ID=1001\r\nNOTE=a=b \n\nEMPTY=\n')).toEqual({
      ok: true,
      format: 'lines',
      entries: [
        ['PAY_ID', '1001'],
        ['NOTE', 'a=b '],
        ['EMPTY', ''],
      ],
    })
  })

  it('reads a form body as the gateway does: + is a space, %XX decoded', () => {
    expect(
      readPastedFields('CUST_NAME=Demo+Customer&RETURN_URL=http%3A%2F%2Fa.example%2Fr'),
    ).toEqual({
      ok: true,
      format: 'form',
      entries: [
        ['CUST_NAME', 'Demo Customer'],
        ['RETURN_URL', 'http://a.example/r'],
      ],
    })
  })

  it('reads JSON, and the data of a webhook event', () => {
    expect(readPastedFields('{"PAY_ID":"1","HASH":"AB"}')).toMatchObject({
      format: 'json',
      entries: [
        ['PAY_ID', '1'],
        ['HASH', 'AB'],
      ],
    })
    expect(
      readPastedFields('{"id":"evt_1","type":"payment.captured","created":1,"data":{"A":"1"}}'),
    ).toMatchObject({
      format: 'webhook',
      entries: [['A', '1']],
    })
  })

  it('reads the KEY=VALUE~… text of a decrypted ENCDATA', () => {
    expect(readPastedFields('B=2~A=x=y')).toMatchObject({
      format: 'tilde',
      entries: [
        ['B', '2'],
        ['A', 'x=y'],
      ],
    })
  })

  it('refuses what the gateway refuses, saying why', () => {
    expect(readPastedFields(' \n')).toEqual({ ok: false, problem: { kind: 'empty' } })
    expect(readPastedFields('A=1\nB=2\nA=3')).toEqual({
      ok: false,
      problem: { kind: 'repeated', key: 'A' },
    })
    expect(readPastedFields('{"A":"1","A":"2"}')).toEqual({
      ok: false,
      problem: { kind: 'repeated', key: 'A' },
    })
    expect(readPastedFields('{"AMOUNT":100}')).toEqual({
      ok: false,
      problem: { kind: 'not-string', key: 'AMOUNT' },
    })
    // A settlement answer whose list was parsed before it was pasted.
    expect(readPastedFields('{"PAY_ID":"1","LINES":[{"TYPE":"PAYMENT"}],"HASH":"AB"}')).toEqual({
      ok: false,
      problem: { kind: 'list-not-text', key: 'LINES' },
    })
    expect(readPastedFields('{"A":')).toMatchObject({ ok: false, problem: { kind: 'json' } })
    expect(readPastedFields('A=1\njust text')).toEqual({
      ok: false,
      problem: { kind: 'no-equals', line: 2, text: 'just text' },
    })
    expect(readPastedFields('A=1&B=x~y')).toEqual({
      ok: false,
      problem: { kind: 'tilde-in-value', key: 'B' },
    })
    expect(readPastedFields('=1')).toEqual({ ok: false, problem: { kind: 'bad-key', key: '' } })
  })

  it('takes an answer whose value holds ~, as the sandbox’s 323 with its HASHED_TEXT', () => {
    const answer = {
      PAY_ID: '1000000000000001',
      RESPONSE_CODE: '323',
      HASHED_TEXT: 'ORDER_ID=X1~PAY_ID=1000000000000001~TXNTYPE=STATUS<your salt>',
      HASH: 'AB',
    }
    const read = readPastedFields(JSON.stringify(answer))
    expect(read.ok && Object.fromEntries(read.entries)).toEqual(answer)
  })
})
