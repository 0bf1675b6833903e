// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { PamphletHero } from './PamphletHero.tsx'

describe('PamphletHero', () => {
  it('holds the page h1 with the product name and a meeting link to /contact', async () => {
    const Stub = createRoutesStub([{ path: '/demo-pamphlet', Component: PamphletHero }])
    render(<Stub initialEntries={['/demo-pamphlet']} />)
    const heading = await screen.findByRole('heading', { level: 1 })
    expect(heading.textContent).toBe('Unlock Efficiency And Revenue With Paystra')
    expect(screen.getByRole('link', { name: 'Book Your Meeting Now' }).getAttribute('href')).toBe(
      '/contact',
    )
  })
})
