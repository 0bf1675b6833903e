import type { ReactNode } from 'react'
import { FormField } from '#app/components/forms/FormField.tsx'
import '#app/components/forms/Form.css'
import { CodeField, type CodeFieldProps } from './CodeField.tsx'
import { ToolResult } from './ToolResult.tsx'

interface PastedText {
  id: string
  name: string
  label: string
  hint: string
  rows: number
  placeholder?: string
}

interface ToolFormProps {
  /** Which of app/enhance/signature-tool.ts's tools takes this form. */
  tool: 'hash' | 'encdata'
  title: string
  lead: string
  submit: string
  /** The box for what is pasted: fields or an ENCDATA, across the whole form. */
  pasted: PastedText
  /** The keys, salts and ids beside it, two by two on a wide screen. */
  fields: readonly CodeFieldProps[]
  /** Buttons beside the submit button. */
  actions?: ReactNode
}

/**
 * One of the signature tools: a titled card whose fieldset is disabled in the HTML.
 * app/enhance/signature-tool.ts enables it and does the work, so without JavaScript nothing
 * pretends to.
 */
export function ToolForm({ tool, title, lead, submit, pasted, fields, actions }: ToolFormProps) {
  const titleId = `${tool}-tool-title`
  return (
    <section className="card signature-tool" aria-labelledby={titleId}>
      <h2 id={titleId} className="signature-tool__title">
        {title}
      </h2>
      <p className="signature-tool__lead">{lead}</p>
      <form className="signature-tool__form" data-tool={tool} noValidate>
        <fieldset className="signature-tool__fieldset" disabled>
          <legend className="visually-hidden">{title}</legend>
          <div className="form-grid">
            <FormField
              id={pasted.id}
              className="form-field--wide"
              label={pasted.label}
              hint={pasted.hint}
              textareaProps={{
                name: pasted.name,
                rows: pasted.rows,
                placeholder: pasted.placeholder,
                spellCheck: false,
                autoComplete: 'off',
                className: 'form-field__input signature-tool__code-input',
              }}
            />
            {fields.map((field) => (
              <CodeField key={field.id} {...field} />
            ))}
          </div>
          <div className="form-actions">
            <button type="submit" className="btn btn--primary">
              {submit}
            </button>
            {actions}
          </div>
        </fieldset>
      </form>
      <ToolResult />
    </section>
  )
}
