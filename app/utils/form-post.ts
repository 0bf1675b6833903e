/**
 * A form posted to its own page before the page's scripts ran (JavaScript off, or a slow phone
 * still loading them). The server reads it through the same checks as the form APIs
 * (server/api/forms-api.ts) and then either sends the browser back to the page with a one-time
 * cookie saying it was sent (post/redirect/get: a refresh sends nothing again), or lets the page's
 * action render the form again with what the server answered.
 */
import { type AppLoadContext, createCookie, data } from 'react-router'
import { type ApiAnswer, apiMessages } from '#core/forms/api.ts'

export type PostedForm = 'contact' | 'career'

/** What the server made of a page's form post that it did not accept, for the page's action. */
export interface FormPostOutcome {
  form: PostedForm
  status: number
  answer: ApiAnswer
  /** What the visitor typed, to fill the form again (never a file). */
  values: Record<string, string>
}

/** A form page's own state from the server: accepted (`sent`) or sent back (`post`). */
export interface FormPageState {
  sent?: ApiAnswer
  post?: FormPostOutcome
}

declare module 'react-router' {
  interface AppLoadContext {
    /** Set by the server for a page's form post it did not accept (server/api/page-post.ts). */
    formPost?: FormPostOutcome
  }
}

/** "Sent": read once by the page after the redirect, then cleared. */
export const formSentCookie = createCookie('form_sent', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  maxAge: 300,
})

const sentMessages: Record<PostedForm, string> = {
  contact: apiMessages.contactSent,
  career: apiMessages.applicationSent,
}

/** The answer a page shows after the redirect of an accepted post of `form`, if this is one. */
export async function sentAnswer(
  request: Request,
  form: PostedForm,
): Promise<ApiAnswer | undefined> {
  const sent: unknown = await formSentCookie.parse(request.headers.get('Cookie'))
  if (sent !== form) return undefined
  return { RESPONSE_STATUS: 'SUCCESS', RESPONSE_MESSAGE: sentMessages[form] }
}

/**
 * A form page's loader: after the redirect of an accepted post, the "sent" answer once (the
 * cookie is cleared with it, so a refresh shows the empty form and sends nothing).
 */
export async function formPageLoader(request: Request, form: PostedForm) {
  const sent = await sentAnswer(request, form)
  if (!sent) return data<FormPageState>({})
  return data<FormPageState>(
    { sent },
    {
      headers: {
        'Set-Cookie': await formSentCookie.serialize('', { maxAge: 0 }),
        'Cache-Control': 'no-store',
      },
    },
  )
}

/** A form page's action: the form again with what the server made of the post. */
export function formPageAction(context: AppLoadContext, form: PostedForm) {
  const post = context.formPost
  if (post?.form === form) return data<FormPostOutcome>(post, { status: post.status })
  // Only the forms router reads a page's post; without its answer nothing was stored.
  const answer: ApiAnswer = { RESPONSE_STATUS: 'FAILED', RESPONSE_MESSAGE: apiMessages.serverError }
  return data<FormPostOutcome>({ form, status: 500, answer, values: {} }, { status: 500 })
}
