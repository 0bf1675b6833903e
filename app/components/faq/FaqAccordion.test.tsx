// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { legalDocuments } from '#app/content/brand.ts'
import { faqTopics } from '#app/content/faq.ts'
import { FaqAccordion } from './FaqAccordion'

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

function question(text: string) {
  return screen.getByRole('button', { name: text })
}

describe('FaqAccordion', () => {
  it('opens the first question only', () => {
    renderAccordion()
    expect(question(first.question)).toHaveProperty('ariaExpanded', 'true')
    expect(screen.getByRole('region', { name: first.question })).toBeTruthy()
    for (const item of items.slice(1)) {
      expect(question(item.question)).toHaveProperty('ariaExpanded', 'false')
      expect(document.getElementById(`${item.id}-answer`)?.hidden).toBe(true)
    }
  })

  it('puts each question in a heading, its button controlling a labelled answer region', () => {
    renderAccordion()
    const button = question(second.question)
    expect(button.parentElement?.tagName).toBe('H3')
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!
    expect(panel.getAttribute('role')).toBe('region')
    expect(panel.getAttribute('aria-labelledby')).toBe(button.id)
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(faqTopics.map((topic) => topic.title))
  })

  it('toggles with a click, Enter and Space, leaving the others as they were', async () => {
    const user = userEvent.setup()
    renderAccordion()
    await user.click(question(second.question))
    expect(question(second.question)).toHaveProperty('ariaExpanded', 'true')
    expect(question(first.question)).toHaveProperty('ariaExpanded', 'true')

    question(first.question).focus()
    await user.keyboard('{Enter}')
    expect(question(first.question)).toHaveProperty('ariaExpanded', 'false')
    expect(document.getElementById(`${first.id}-answer`)?.hidden).toBe(true)
    await user.keyboard(' ')
    expect(question(first.question)).toHaveProperty('ariaExpanded', 'true')
  })

  it('opens the question a link points to, and scrolls to it', () => {
    // jsdom does not lay out pages, so it has no scrollIntoView.
    const scrollIntoView = vi.fn()
    Element.prototype.scrollIntoView = scrollIntoView
    window.location.hash = '#refund-time'
    renderAccordion()
    expect(question('How long do refunds take?')).toHaveProperty('ariaExpanded', 'true')
    expect(scrollIntoView).toHaveBeenCalled()
    window.location.hash = ''
  })

  it('links documents as files opening in a new tab, and pages through the router', () => {
    renderAccordion()
    const pdf = document.querySelector(`a[href="${legalDocuments.merchantTerms.href}"]`)
    expect(pdf?.getAttribute('target')).toBe('_blank')
    expect(pdf?.textContent).toContain('opens in a new tab')
    expect(document.querySelector('a[href="/pricing"]')?.getAttribute('target')).toBeNull()
  })
})
