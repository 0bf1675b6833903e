import { ResultDialog } from '#app/components/ResultDialog.tsx'
import { formTexts, type ResultHeadings } from '#app/content/forms.ts'
import type { FormSubmit } from '#app/hooks/useFormSubmit.ts'
import { FormStatus } from './FormStatus.tsx'
import { HoneypotField } from './HoneypotField.tsx'
import { SubmitButton } from './SubmitButton.tsx'

interface FormFooterProps {
  submitLabel: string
  submit: FormSubmit
  /** Whether a field still shows an error; the summary line goes once every one is fixed. */
  stillWrong: boolean
}

/** The end of every form, inside it: the honeypot, the submit button and the error summary. */
export function FormFooter({ submitLabel, submit, stillWrong }: FormFooterProps) {
  return (
    <>
      <HoneypotField />
      <div className="form-actions">
        <SubmitButton label={submitLabel} sending={submit.sending} />
      </div>
      <FormStatus>{stillWrong ? submit.summary : null}</FormStatus>
    </>
  )
}

/** The dialog after a submission, placed after the form so its Close button never submits it. */
export function FormResultDialog({
  submit,
  headings,
}: {
  submit: FormSubmit
  headings: ResultHeadings
}) {
  const status = submit.answer?.RESPONSE_STATUS ?? 'SUCCESS'
  return (
    <ResultDialog
      open={submit.dialogOpen}
      status={status}
      heading={headings[status]}
      message={submit.answer?.RESPONSE_MESSAGE ?? ''}
      closeLabel={formTexts.closeLabel}
      onClose={submit.onDialogClose}
    />
  )
}
