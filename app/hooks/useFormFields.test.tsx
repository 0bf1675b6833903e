// @vitest-environment jsdom
import { act, render, renderHook, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, test } from 'vitest'
import { contactFormRules } from '#core/forms/contact-form.ts'
import { type FormFields, useFormFields } from './useFormFields.ts'

type ContactName = keyof typeof contactFormRules

/** Plain inputs bound to the hook, so the test sees exactly what the hook does. */
function Harness({ onState }: { onState?: (state: FormFields<ContactName>) => void }) {
  const fields = useFormFields(contactFormRules)
  onState?.(fields)
  return (
    <form>
      {(Object.keys(contactFormRules) as ContactName[]).map((name) => {
        const { error, valid, ...control } = fields.field(name)
        return (
          <div key={name}>
            <label htmlFor={name}>{contactFormRules[name].label}</label>
            <input
              id={name}
              {...control}
              aria-invalid={error ? true : valid ? false : undefined}
              data-valid={valid || undefined}
            />
            {error ? <p data-testid={`${name}-error`}>{error}</p> : null}
          </div>
        )
      })}
    </form>
  )
}

function field(label: string) {
  return screen.getByLabelText(label) as HTMLInputElement
}

function errorOf(name: string) {
  return screen.queryByTestId(`${name}-error`)?.textContent
}

describe('useFormFields: filtering as typed', () => {
  test('name keeps letters and spaces only', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.type(field('Name'), 'Pr1ya_ Me-hta!')
    expect(field('Name').value).toBe('Prya Mehta')
  })

  test('phone keeps digits only and at most 10', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.type(field('Phone'), '+91 98765-432109')
    expect(field('Phone').value).toBe('9198765432')
    expect(field('Phone').maxLength).toBe(10)
  })

  test('email keeps letters, digits and @ . _ - and a single @', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.type(field('Email'), 'priya+one @@mail.exam@ple.co!m')
    expect(field('Email').value).toBe('priyaone@mail.example.com')
  })

  test('text fields stop at their maximum length', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    for (const label of ['Name', 'Company', 'Subject', 'Email']) {
      await user.type(field(label), 'a'.repeat(55))
      expect(field(label).value).toHaveLength(50)
    }
    expect(field('Message').maxLength).toBe(5000)
  })

  test('a paste is filtered too, and one longer than the limit loses no digit', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(field('Phone'))
    await user.paste('98765 43210')
    expect(field('Phone').value).toBe('9876543210')
    await user.click(field('Name'))
    await user.paste('Priya Mehta (Sales)')
    expect(field('Name').value).toBe('Priya Mehta Sales')
  })

  test('a value of a single space is cleared', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.type(field('Company'), ' ')
    expect(field('Company').value).toBe('')
    await user.type(field('Name'), ' ')
    expect(field('Name').value).toBe('')
  })

  test('a stripped character leaves the caret where the person is typing', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.type(field('Name'), 'Pya')
    await user.type(field('Name'), '4r', { initialSelectionStart: 1, initialSelectionEnd: 1 })
    expect(field('Name').value).toBe('Prya')
    expect(field('Name').selectionStart).toBe(2)
  })
})

describe('useFormFields: validation', () => {
  test('on blur an empty field shows its empty message', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const expected = {
      name: 'Please enter your Name',
      company: 'Please enter your Company',
      phone: 'Please enter your Phone',
      email: 'Please enter your Email',
      subject: 'Please enter your Subject',
      message: 'Please enter your Message',
    }
    for (const [name, message] of Object.entries(expected)) {
      await user.click(field(contactFormRules[name as ContactName].label))
      await user.tab()
      expect(errorOf(name)).toBe(message)
    }
  })

  test('on blur a wrong value shows its invalid message', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    const cases: [string, string, string][] = [
      ['Company', '!!!', 'Please enter valid Company'],
      ['Phone', '98765', 'Please enter valid Mobile Number'],
      ['Email', 'priya@mail', 'Please enter valid Email ID'],
      ['Subject', '???', 'Please enter valid Subject'],
      ['Message', '...', 'Please enter valid Message'],
    ]
    for (const [label, value, message] of cases) {
      await user.type(field(label), value)
      await user.tab()
      expect(errorOf(label.toLowerCase())).toBe(message)
      expect(field(label).getAttribute('aria-invalid')).toBe('true')
    }
  })

  test('the error hides while the field is edited, and a passing value is marked valid', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.click(field('Email'))
    await user.tab()
    expect(errorOf('email')).toBe('Please enter your Email')

    await user.type(field('Email'), 'p')
    expect(errorOf('email')).toBeUndefined()
    expect(field('Email').hasAttribute('aria-invalid')).toBe(false)

    await user.type(field('Email'), 'riya@paystra.in')
    expect(errorOf('email')).toBeUndefined()
    await user.tab()
    expect(field('Email').getAttribute('aria-invalid')).toBe('false')
    expect(field('Email').dataset.valid).toBe('true')

    await user.type(field('Email'), 'x')
    expect(field('Email').dataset.valid).toBeUndefined()
  })

  test('blur trims the value it judges', async () => {
    const user = userEvent.setup()
    render(<Harness />)
    await user.type(field('Company'), 'Acme Retail  ')
    await user.tab()
    expect(field('Company').value).toBe('Acme Retail')
    expect(field('Company').getAttribute('aria-invalid')).toBe('false')
  })

  test('validateAll marks every field and returns trimmed values', async () => {
    const user = userEvent.setup()
    let state: FormFields<ContactName> | undefined
    render(<Harness onState={(s) => (state = s)} />)
    await user.type(field('Name'), 'Priya ')
    let result: ReturnType<FormFields<ContactName>['validateAll']> | undefined
    act(() => {
      result = state!.validateAll()
    })
    expect(result!.ok).toBe(false)
    expect(result!.values.name).toBe('Priya')
    expect(Object.keys(result!.errors)).toEqual(['company', 'phone', 'email', 'subject', 'message'])
    expect(field('Name').getAttribute('aria-invalid')).toBe('false')
    expect(field('Phone').getAttribute('aria-invalid')).toBe('true')
  })
})

describe('useFormFields: server messages, locking and reset', () => {
  test('showErrors marks the named fields and ignores unknown names', () => {
    const { result } = renderHook(() => useFormFields(contactFormRules))
    act(() => result.current.showErrors({ name: 'Please enter valid Name', file: 'x' }))
    expect(result.current.errors).toEqual({ name: 'Please enter valid Name' })
    expect(result.current.field('name').error).toBe('Please enter valid Name')
  })

  test('setDisabled disables every field; reset empties values, marks and the lock', async () => {
    const user = userEvent.setup()
    let state: FormFields<ContactName> | undefined
    render(<Harness onState={(s) => (state = s)} />)
    await user.type(field('Name'), 'Priya')
    await user.tab()
    await user.tab()
    act(() => state!.setDisabled(true))
    expect(field('Name').disabled).toBe(true)
    expect(field('Message').disabled).toBe(true)

    act(() => state!.reset())
    expect(field('Name').value).toBe('')
    expect(field('Name').disabled).toBe(false)
    expect(field('Name').hasAttribute('aria-invalid')).toBe(false)
    expect(errorOf('company')).toBeUndefined()
  })
})
