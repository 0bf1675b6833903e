import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react'
import { attentionSummary } from '#app/content/forms.ts'
import type { FormPageState } from '#app/utils/form-post.ts'
import type { ApiAnswer } from '#core/forms/api.ts'

export interface SubmitPlan {
  /** Marks every field as a submit does; returns how many need attention. */
  validate: () => number
  /** Sends the form; never throws (see sendForm). */
  send: () => Promise<ApiAnswer>
  /** Shows the server's per-field messages; returns how many fields it marked. */
  showErrors: (errors: Record<string, string>) => number
  /** Locks or unlocks the fields (ADR 006: locked from a SUCCESS until the dialog closes). */
  lock: (locked: boolean) => void
  /** Empties the form, file input included. */
  reset: () => void
}

export interface FormSubmit {
  sending: boolean
  /** The last answer, shown by the result dialog; kept while the dialog closes. */
  answer: ApiAnswer | null
  dialogOpen: boolean
  /** Shown and announced under the form: what needs fixing before it can be sent. */
  summary: string
  onSubmit: (event: FormEvent<HTMLFormElement>) => void
  onDialogClose: () => void
}

/**
 * A form's sending cycle: validate, send once, show the answer in a dialog, then reset after a
 * success or keep everything typed after a failure.
 */
export function useFormSubmit(
  formRef: RefObject<HTMLFormElement | null>,
  plan: SubmitPlan,
  /** The server's answer to a post made before the scripts ran, shown in the dialog at once. */
  initialAnswer?: ApiAnswer,
): FormSubmit {
  const [sending, setSending] = useState(false)
  // State changes reach the next render only; a second press in the same tick must see this.
  const inFlight = useRef(false)
  const [answer, setAnswer] = useState<ApiAnswer | null>(initialAnswer ?? null)
  const [dialogOpen, setDialogOpen] = useState(initialAnswer !== undefined)
  const [summary, setSummary] = useState('')
  const [focusRequest, setFocusRequest] = useState(0)

  // Runs after the render that marked the fields, so the first invalid one (in page order) exists.
  useEffect(() => {
    if (focusRequest === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [focusRequest, formRef])

  function pointAtErrors(count: number) {
    setSummary(attentionSummary(count))
    setFocusRequest((request) => request + 1)
  }

  async function send() {
    inFlight.current = true
    setSending(true)
    const result = await plan.send()
    inFlight.current = false
    setSending(false)
    if (result.RESPONSE_STATUS === 'SUCCESS') plan.lock(true)
    const marked = result.ERRORS ? plan.showErrors(result.ERRORS) : 0
    setSummary(marked > 0 ? attentionSummary(marked) : '')
    setAnswer(result)
    setDialogOpen(true)
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (inFlight.current || dialogOpen) return
    const invalid = plan.validate()
    if (invalid > 0) {
      pointAtErrors(invalid)
      return
    }
    setSummary('')
    void send()
  }

  function onDialogClose() {
    setDialogOpen(false)
    if (answer?.RESPONSE_STATUS === 'SUCCESS') {
      plan.reset()
      setSummary('')
    } else if (answer?.ERRORS && summary !== '') {
      setFocusRequest((request) => request + 1)
    }
  }

  return { sending, answer, dialogOpen, summary, onSubmit, onDialogClose }
}

/**
 * What the dialog opens with when the page is the server's answer to a post made before the
 * scripts ran: "sent" after the redirect, or a failure that no field explains (the limit, a
 * fault on our side). Per-field errors are shown beside their fields and in the summary instead.
 */
export function dialogAnswer(page: FormPageState | undefined): ApiAnswer | undefined {
  if (page?.sent) return page.sent
  const answer = page?.post?.answer
  return answer && !answer.ERRORS ? answer : undefined
}
