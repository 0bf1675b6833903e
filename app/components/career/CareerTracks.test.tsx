// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { careerTracks } from '#app/content/careers.ts'
import { CareerTracks } from './CareerTracks.tsx'

describe('CareerTracks', () => {
  it('shows both cards, each with an Apply Now link to the application form', async () => {
    const Stub = createRoutesStub([{ path: '/career', Component: CareerTracks }])
    render(<Stub initialEntries={['/career']} />)
    for (const track of careerTracks) {
      const card = await screen.findByRole('article', { name: track.title })
      const link = card.querySelector('a')
      expect(link?.getAttribute('href')).toBe('/career-form')
      expect(link?.textContent).toMatch(/^Apply Now/)
    }
  })
})
