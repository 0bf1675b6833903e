import { encdataForm as text } from '#app/content/signature-tool.ts'
import { ToolForm } from './ToolForm.tsx'

/** The ENCDATA form: the cipher text, its PAY_ID and the keys that open and check it. */
export function EncdataOpener() {
  return (
    <ToolForm
      tool="encdata"
      title={text.title}
      lead={text.lead}
      submit={text.submit}
      pasted={{
        id: 'encdata-value',
        name: 'encdata',
        label: text.encdataLabel,
        hint: text.encdataHint,
        rows: 5,
      }}
      fields={[
        { id: 'encdata-pay-id', name: 'payId', label: text.payIdLabel, inputMode: 'numeric' },
        {
          id: 'encdata-key-salt',
          name: 'keySalt',
          label: text.keySaltLabel,
          hint: text.keySaltHint,
        },
        { id: 'encdata-key', name: 'key', label: text.keyLabel, hint: text.keyHint },
        { id: 'encdata-salt', name: 'salt', label: text.saltLabel },
      ]}
    />
  )
}
