import { type FormEvent, useState } from 'react'
import { payInterimNote } from '#app/content/demo.ts'

/**
 * Stand-in for the demos' payment behaviour: Pay submits nothing yet and says so.
 * Replace this hook (and `payInterimNote`) when the signed request is wired in.
 */
export function usePayInterim() {
  const [pressed, setPressed] = useState(false)
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setPressed(true)
  }
  return { onSubmit, status: pressed ? payInterimNote : null }
}
