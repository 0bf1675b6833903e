import { describe, expect, it } from 'vitest'
import { bankHolidays, workingDaysSentence } from '#core/calendar/business-calendar.ts'
import { faqContact, faqTopics } from './faq.ts'
import { plainText } from './legal/inline.ts'

const items = faqTopics.flatMap((topic) => topic.items)

function answerText(answer: (typeof items)[number]['answer']): string {
  return answer
    .flatMap((block) => (typeof block === 'string' ? [block] : block.items))
    .map(plainText)
    .join('\n')
}

const answers = items.map((item) => answerText(item.answer))

describe('FAQ content', () => {
  it.each([
    ['activation review takes up to 48 hours', /up to 48 hours/],
    ['disputes within 30 days of payment', /within 30 days of the payment/],
    ['undelivered items: wait at least 7 days', /wait at least 7 days/],
    ['refunds take 5-7 business days', /5-7 business days/],
    ['failed debit reversal takes 3-5 working days', /3-5 working days/],
    ['over 30 foreign currencies', /over 30 foreign currencies/],
    ['payment links can have an expiry', /expiry/],
    ['drop shipping is not supported', /not support drop shipping/],
    ['settlement T+1', /T\+1/],
    ['80+ banks', /80\+ banks/],
    ['more than 10 languages', /more than 10 languages/],
  ])('states that %s', (_fact, pattern) => {
    expect(answers.some((answer) => pattern.test(answer))).toBe(true)
  })

  it('states the working days and every bank holiday of the business calendar settlements follow', () => {
    const answer = answerText(items.find((item) => item.id === 'settlement-time')!.answer)
    expect(answer).toContain(workingDaysSentence)
    expect(answer).toContain('Republic Day (26 January)')
    for (const holiday of bankHolidays) expect(answer).toContain(holiday.name)
    expect(answer.match(/\(\d{1,2} [A-Z][a-z]+\)/g)).toHaveLength(bankHolidays.length)
    // Each year whole, as its list was published: 2027 too, not only its fixed-date holidays.
    const of2027 = /^2027: (.*)$/m.exec(answer)?.[1] ?? ''
    expect(of2027.match(/\(\d{1,2} [A-Z][a-z]+\)/g)?.length).toBeGreaterThanOrEqual(15)
    expect(of2027).toContain('Id-ul-Fitr (10 March)')
  })

  it('lists the prohibited business types, ending in "and more"', () => {
    const answer = answerText(items.find((item) => item.id === 'prohibited-businesses')!.answer)
    for (const type of [
      'adult content',
      'alcohol',
      'gambling',
      'drugs',
      'weapons',
      'pyramid schemes',
      'unauthorized goods',
      'and more',
    ]) {
      expect(answer).toContain(type)
    }
    expect(answer).toMatch(/do not activate accounts/)
    expect(answer).toMatch(/deactivate/)
  })

  it("says what the sandbox does with a disputed payment's money: held at once, released on a win", () => {
    const answer = answerText(items.find((item) => item.id === 'chargebacks')!.answer)
    // A DISPUTE_HOLD line in the next settlement, a DISPUTE_RELEASE line once won
    // (gateway/README.md "Disputes").
    expect(answer).toMatch(/hold the disputed amount at once/)
    expect(answer).toMatch(/held back from your next settlement/)
    expect(answer).toMatch(/decided in your favour, the held amount is released/)
    expect(answer).not.toMatch(/deducted from your next settlement/)
  })

  it('gives different document lists for individuals and proprietorship firms', () => {
    const individual = answerText(items.find((item) => item.id === 'documents-individuals')!.answer)
    const proprietor = answerText(
      items.find((item) => item.id === 'documents-proprietorship')!.answer,
    )
    for (const document of ['PAN', 'Aadhaar', 'cancelled cheque']) {
      expect(individual).toContain(document)
      expect(proprietor).toContain(document)
    }
    for (const document of ['GST registration', 'Udyam', 'shop and establishment']) {
      expect(proprietor).toContain(document)
    }
    expect(individual).not.toBe(proprietor)
  })

  it('has unique ids and no empty answers', () => {
    const ids = [...faqTopics.map((topic) => topic.id), ...items.map((item) => item.id)]
    expect(new Set(ids).size).toBe(ids.length)
    for (const answer of answers) expect(answer.length).toBeGreaterThan(40)
  })

  it('ends by pointing to the contact page', () => {
    expect(faqContact.link.to).toBe('/contact')
  })
})
