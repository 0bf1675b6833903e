import type { Ref } from 'react'
import type { SignedForm } from '#app/content/demo-api.ts'

interface HiddenPaymentFormProps {
  form: SignedForm | null
  formRef: Ref<HTMLFormElement>
}

/**
 * The form the browser posts to the gateway: the server's signed or encrypted fields, exactly
 * as it sent them. The page never computes or changes a value in it.
 */
export function HiddenPaymentForm({ form, formRef }: HiddenPaymentFormProps) {
  return (
    <form ref={formRef} method="post" action={form?.action} hidden>
      {Object.entries(form?.fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </form>
  )
}
