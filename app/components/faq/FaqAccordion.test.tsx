// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { legalDocuments } from '#core/brand/brand.ts'
import { faqTopics } from '#app/content/faq.ts'
import { FaqAccordion } from './FaqAccordion.tsx'

const items = faqTopics.flatMap((topic) => topic.items)
const first = items[0]!
const second = items[1]!

// Answers link to other pages, so the accordion needs a router around it.
function renderAccordion() {
  return render(
    <MemoryRouter>
      <FaqAccordion topics={faqTopics} />
    </MemoryRouter>,
  )
}

function disclosure(id: string) {
  return document.getElementById(`${id}-question`)!.parentElement as HTMLDetailsElement
}

describe('FaqAccordion', () => {
  it('opens the first question only, in the HTML itself', () => {
    renderAccordion()
    expect(disclosure(first.id).open).toBe(true)
    expect(screen.getByRole('region', { name: first.question })).toBeTruthy()
    for (const item of items.slice(1)) expect(disclosure(item.id).open).toBe(false)
  })

  it('is a native disclosure per question: a heading in its summary, a labelled answer region', () => {
    renderAccordion()
    const summary = document.getElementById(`${second.id}-question`)!
    expect(summary.tagName).toBe('SUMMARY')
    expect(summary.parentElement?.tagName).toBe('DETAILS')
    // No shared name: any number of questions may be open at once.
    expect(summary.parentElement?.hasAttribute('name')).toBe(false)
    expect(summary.querySelector('h3')?.textContent).toBe(second.question)
    const panel = document.getElementById(`${second.id}-answer`)!
    expect(panel.getAttribute('role')).toBe('region')
    expect(panel.getAttribute('aria-labelledby')).toBe(summary.id)
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(faqTopics.map((topic) => topic.title))
  })

  it('puts the target of a link to a question inside its answer, so the browser opens it', () => {
    renderAccordion()
    const target = document.getElementById('refund-time')!
    expect(target.closest('details')?.querySelector('summary')?.textContent).toBe(
      'How long do refunds take?',
    )
    expect(target.closest('summary')).toBeNull()
  })

  it('links documents as files opening in a new tab, and pages through the router', () => {
    renderAccordion()
    const pdf = document.querySelector(`a[href="${legalDocuments.merchantTerms.href}"]`)
    expect(pdf?.getAttribute('target')).toBe('_blank')
    expect(pdf?.textContent).toContain('opens in a new tab')
    expect(document.querySelector('a[href="/pricing"]')?.getAttribute('target')).toBeNull()
  })
})
