// @vitest-environment jsdom
import { render, screen } from '@testing-library/react'
import { describe, expect, test } from 'vitest'
import { FormField } from './FormField.tsx'

describe('FormField', () => {
  test('ties the label to the control and marks a required field', () => {
    render(<FormField id="f-name" label="Name" required inputProps={{ maxLength: 50 }} />)
    const input = screen.getByRole('textbox', { name: 'Name' })
    expect(input).toHaveProperty('required', true)
    expect(input.getAttribute('aria-required')).toBe('true')
    expect(input.getAttribute('maxlength')).toBe('50')
    const asterisk = screen.getByText('*')
    expect(asterisk.getAttribute('aria-hidden')).toBe('true')
  })

  test('describes the control by its error only while there is one', () => {
    const { rerender } = render(<FormField id="f-email" label="Email" inputProps={{}} />)
    const input = screen.getByRole('textbox', { name: 'Email' })
    expect(input.hasAttribute('aria-describedby')).toBe(false)
    expect(input.hasAttribute('aria-invalid')).toBe(false)
    expect(document.getElementById('f-email-error')).toBeNull()

    rerender(
      <FormField id="f-email" label="Email" error="Please enter your Email" inputProps={{}} />,
    )
    expect(input.getAttribute('aria-describedby')).toBe('f-email-error')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById('f-email-error')?.textContent).toBe('Please enter your Email')
  })

  test('keeps the hint described alongside an error', () => {
    render(
      <FormField
        id="f-resume"
        label="Resume"
        hint="DOC, DOCX or PDF, up to 5 MB"
        error="Please upload your resume"
        inputProps={{ type: 'file' }}
      />,
    )
    const input = screen.getByLabelText('Resume')
    expect(input.getAttribute('aria-describedby')).toBe('f-resume-hint f-resume-error')
  })

  test('renders a text area and a valid state', () => {
    const { container } = render(
      <FormField id="f-message" label="Message" valid textareaProps={{ rows: 5 }} />,
    )
    const textarea = screen.getByRole('textbox', { name: 'Message' })
    expect(textarea.tagName).toBe('TEXTAREA')
    expect(textarea.getAttribute('rows')).toBe('5')
    expect(container.querySelector('.form-field')?.getAttribute('data-state')).toBe('valid')
    expect(textarea.getAttribute('aria-invalid')).toBe('false')
    expect(container.querySelector('.form-field__valid-mark')?.getAttribute('aria-hidden')).toBe(
      'true',
    )
  })
})
