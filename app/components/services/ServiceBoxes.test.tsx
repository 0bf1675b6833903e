// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { homeServices, services } from '#app/content/services.ts'
import { ServiceBoxes } from './ServiceBoxes.tsx'

describe('ServiceBoxes', () => {
  it('renders one box per service, each with its title as a heading and its summary', () => {
    render(<ServiceBoxes services={services} />)
    expect(screen.getAllByRole('listitem')).toHaveLength(12)
    const headings = screen.getAllByRole('heading', { level: 3 })
    expect(headings.map((heading) => heading.textContent)).toEqual(
      services.map((service) => service.title),
    )
    expect(screen.getByText(services[0]!.summary)).toBeTruthy()
  })

  it('renders only the boxes it is given (the home page passes the first 3)', () => {
    render(<ServiceBoxes services={homeServices} />)
    expect(screen.getAllByRole('listitem')).toHaveLength(3)
  })
})
