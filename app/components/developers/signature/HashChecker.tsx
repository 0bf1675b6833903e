import { FormField } from '#app/components/forms/FormField.tsx'
import '#app/components/forms/Form.css'
import { hashForm } from '#app/content/signature-tool.ts'
import { ToolResult } from './ToolResult.tsx'
import { codeInputProps } from './code-input.ts'

/**
 * The HASH form. Its fieldset is disabled in the HTML: app/enhance/signature-tool.ts enables it
 * and does the work, so without JavaScript nothing pretends to.
 */
export function HashChecker() {
  return (
    <section className="card signature-tool" aria-labelledby="hash-checker-title">
      <h2 id="hash-checker-title" className="signature-tool__title">
        {hashForm.title}
      </h2>
      <p className="signature-tool__lead">{hashForm.lead}</p>
      <form className="signature-tool__form" data-tool="hash" noValidate>
        <fieldset className="signature-tool__fieldset" disabled>
          <legend className="visually-hidden">{hashForm.title}</legend>
          <div className="form-grid">
            <FormField
              id="signature-fields"
              className="form-field--wide"
              label={hashForm.fieldsLabel}
              hint={hashForm.fieldsHint}
              textareaProps={{
                name: 'fields',
                rows: 8,
                spellCheck: false,
                autoComplete: 'off',
                placeholder: hashForm.fieldsPlaceholder,
                className: 'form-field__input signature-tool__code-input',
              }}
            />
            <FormField
              id="signature-salt"
              label={hashForm.saltLabel}
              hint={hashForm.saltHint}
              inputProps={codeInputProps('salt')}
            />
            <FormField
              id="signature-hash"
              label={hashForm.hashLabel}
              hint={hashForm.hashHint}
              inputProps={codeInputProps('hash')}
            />
          </div>
          <div className="form-actions">
            <button type="submit" className="btn btn--primary">
              {hashForm.submit}
            </button>
            <button type="button" className="btn btn--outline" data-action="example">
              {hashForm.example}
            </button>
          </div>
        </fieldset>
      </form>
      <ToolResult />
    </section>
  )
}
