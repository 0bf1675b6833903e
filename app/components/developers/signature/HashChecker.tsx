import { hashExamples, hashForm as text } from '#app/content/signature-tool.ts'
import { ToolForm } from './ToolForm.tsx'

/** The HASH form: pasted fields, a salt and the HASH to check. */
export function HashChecker() {
  return (
    <ToolForm
      tool="hash"
      title={text.title}
      lead={text.lead}
      submit={text.submit}
      pasted={{
        id: 'signature-fields',
        name: 'fields',
        label: text.fieldsLabel,
        hint: text.fieldsHint,
        rows: 8,
        placeholder: text.fieldsPlaceholder,
      }}
      fields={[
        { id: 'signature-salt', name: 'salt', label: text.saltLabel, hint: text.saltHint },
        { id: 'signature-hash', name: 'hash', label: text.hashLabel, hint: text.hashHint },
      ]}
      actions={
        <div className="signature-tool__examples" role="group" aria-labelledby="hash-examples">
          <span id="hash-examples" className="signature-tool__examples-label">
            {text.examples}
          </span>
          {hashExamples.map((example) => (
            <button
              key={example.id}
              type="button"
              className="btn btn--outline signature-tool__example"
              data-action="example"
              data-example={example.id}
            >
              {example.label}
            </button>
          ))}
        </div>
      }
    />
  )
}
