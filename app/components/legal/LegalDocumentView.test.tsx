// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { contact } from '#core/brand/brand.ts'
import { privacyPolicy } from '#app/content/legal/privacy-policy.ts'
import { LegalDocumentView } from './LegalDocumentView.tsx'

function renderPolicy() {
  const Stub = createRoutesStub([
    { path: '/policy', Component: () => <LegalDocumentView document={privacyPolicy} /> },
  ])
  return render(<Stub initialEntries={['/policy']} />)
}

describe('LegalDocumentView', () => {
  it('lists every section in the table of contents, linked to its numbered heading', () => {
    renderPolicy()
    const contents = screen.getByRole('navigation', { name: 'On this page' })
    const links = within(contents).getAllByRole('link')
    expect(links).toHaveLength(privacyPolicy.sections.length)
    privacyPolicy.sections.forEach((section, index) => {
      expect(links[index]?.getAttribute('href')).toBe(`#${section.id}`)
      const target = document.getElementById(section.id)
      expect(target?.querySelector('h2')?.textContent).toBe(`${index + 1}. ${section.heading}`)
    })
  })

  it('numbers subsections under their section', () => {
    renderPolicy()
    expect(screen.getByRole('heading', { level: 3, name: '2.1 Data you give us' })).toBeTruthy()
  })

  it('renders the cookie table with a caption and the grievance contact as an address', () => {
    renderPolicy()
    expect(screen.getByRole('table', { name: 'Cookies we set' })).toBeTruthy()
    const address = document.querySelector('#grievance-officer address')!
    expect(address.textContent).toContain(contact.grievanceOfficer)
    expect(
      within(address as HTMLElement).getByRole('link', { name: contact.grievanceEmail }),
    ).toHaveProperty('href', `mailto:${contact.grievanceEmail}`)
  })
})
