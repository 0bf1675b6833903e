import { FormField } from '#app/components/forms/FormField.tsx'
import '#app/components/forms/Form.css'
import { encdataForm } from '#app/content/signature-tool.ts'
import { ToolResult } from './ToolResult.tsx'
import { codeInputProps } from './code-input.ts'

/** The ENCDATA form; like the HASH form, enabled by app/enhance/signature-tool.ts. */
export function EncdataOpener() {
  return (
    <section className="card signature-tool" aria-labelledby="encdata-opener-title">
      <h2 id="encdata-opener-title" className="signature-tool__title">
        {encdataForm.title}
      </h2>
      <p className="signature-tool__lead">{encdataForm.lead}</p>
      <form className="signature-tool__form" data-tool="encdata" noValidate>
        <fieldset className="signature-tool__fieldset" disabled>
          <legend className="visually-hidden">{encdataForm.title}</legend>
          <div className="form-grid">
            <FormField
              id="encdata-value"
              className="form-field--wide"
              label={encdataForm.encdataLabel}
              hint={encdataForm.encdataHint}
              textareaProps={{
                name: 'encdata',
                rows: 5,
                spellCheck: false,
                autoComplete: 'off',
                className: 'form-field__input signature-tool__code-input',
              }}
            />
            <FormField
              id="encdata-pay-id"
              label={encdataForm.payIdLabel}
              inputProps={{
                name: 'payId',
                type: 'text',
                inputMode: 'numeric',
                autoComplete: 'off',
              }}
            />
            <FormField
              id="encdata-key-salt"
              label={encdataForm.keySaltLabel}
              hint={encdataForm.keySaltHint}
              inputProps={codeInputProps('keySalt')}
            />
            <FormField
              id="encdata-key"
              label={encdataForm.keyLabel}
              hint={encdataForm.keyHint}
              inputProps={codeInputProps('key')}
            />
            <FormField
              id="encdata-salt"
              label={encdataForm.saltLabel}
              inputProps={codeInputProps('salt')}
            />
          </div>
          <div className="form-actions">
            <button type="submit" className="btn btn--primary">
              {encdataForm.submit}
            </button>
          </div>
        </fieldset>
      </form>
      <ToolResult />
    </section>
  )
}
