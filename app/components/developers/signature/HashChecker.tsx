import { FormField } from '#app/components/forms/FormField.tsx'
import { hashForm } from '#app/content/signature-tool.ts'
import { codeInputProps, codeTextareaProps } from './code-input.ts'
import { ToolForm } from './ToolForm.tsx'

/** The HASH form: pasted fields, a salt and the HASH to check. */
export function HashChecker() {
  return (
    <ToolForm
      tool="hash"
      title={hashForm.title}
      lead={hashForm.lead}
      submit={hashForm.submit}
      actions={
        <button type="button" className="btn btn--outline" data-action="example">
          {hashForm.example}
        </button>
      }
    >
      <FormField
        id="signature-fields"
        className="form-field--wide"
        label={hashForm.fieldsLabel}
        hint={hashForm.fieldsHint}
        textareaProps={codeTextareaProps('fields', 8, hashForm.fieldsPlaceholder)}
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
    </ToolForm>
  )
}
