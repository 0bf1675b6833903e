import { describe, expect, it } from 'vitest'
import { contact } from '#core/brand/brand.ts'
import { careerTracks, hiringProcess } from './careers.ts'

describe('careers content', () => {
  it('offers the two tracks of docs/product.md#routes-and-screens, each applying through /career-form', () => {
    expect(careerTracks.map((track) => track.title)).toEqual([
      'Freshers / Interns',
      'Experienced / Professionals',
    ])
    for (const track of careerTracks) {
      expect(track.applyLabel).toBe('Apply Now')
      expect(track.applyHref).toBe('/career-form')
      expect(track.lookFor.length).toBeGreaterThanOrEqual(3)
    }
  })

  it('gives each track a unique id for its heading', () => {
    expect(new Set(careerTracks.map((track) => track.id)).size).toBe(careerTracks.length)
  })

  it('explains how we hire and where to ask', () => {
    expect(hiringProcess.steps.map((step) => step.title)[0]).toBe('Apply')
    expect(hiringProcess.hrEmail).toBe(contact.hrEmail)
  })
})
