import { FormField } from '#app/components/forms/FormField.tsx'
import { encdataForm } from '#app/content/signature-tool.ts'
import { codeInputProps, codeTextareaProps } from './code-input.ts'
import { ToolForm } from './ToolForm.tsx'

/** The ENCDATA form: the cipher text, its PAY_ID and the keys that open and check it. */
export function EncdataOpener() {
  return (
    <ToolForm
      tool="encdata"
      title={encdataForm.title}
      lead={encdataForm.lead}
      submit={encdataForm.submit}
    >
      <FormField
        id="encdata-value"
        className="form-field--wide"
        label={encdataForm.encdataLabel}
        hint={encdataForm.encdataHint}
        textareaProps={codeTextareaProps('encdata', 5)}
      />
      <FormField
        id="encdata-pay-id"
        label={encdataForm.payIdLabel}
        inputProps={{ name: 'payId', type: 'text', inputMode: 'numeric', autoComplete: 'off' }}
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
    </ToolForm>
  )
}
