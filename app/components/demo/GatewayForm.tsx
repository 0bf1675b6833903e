import type { ReactNode, Ref } from 'react'
import type { SignedForm } from '#app/content/demo-api.ts'

interface GatewayFormProps {
  form: SignedForm | null
  formRef?: Ref<HTMLFormElement>
  /** The visitor's own way to post it (a button); without one the form is hidden. */
  children?: ReactNode
}

/**
 * The form the browser posts to the gateway: the server's signed or encrypted fields, exactly
 * as it sent them. The page never computes or changes a value in it.
 */
export function GatewayForm({ form, formRef, children }: GatewayFormProps) {
  return (
    <form ref={formRef} method="post" action={form?.action} hidden={!children}>
      {Object.entries(form?.fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  )
}
