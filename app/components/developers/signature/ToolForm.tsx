import type { ReactNode } from 'react'
import '#app/components/forms/Form.css'
import { ToolResult } from './ToolResult.tsx'

type ToolFormProps = {
  /** Which of app/enhance/signature-tool.ts's tools takes this form. */
  tool: 'hash' | 'encdata'
  title: string
  lead: string
  submit: string
  /** The form's fields, laid out on the form grid. */
  children: ReactNode
  /** Buttons beside the submit button. */
  actions?: ReactNode
}

/**
 * One of the signature tools: a titled card whose fieldset is disabled in the HTML.
 * app/enhance/signature-tool.ts enables it and does the work, so without JavaScript nothing
 * pretends to.
 */
export function ToolForm({ tool, title, lead, submit, children, actions }: ToolFormProps) {
  const titleId = `${tool}-tool-title`
  return (
    <section className="card signature-tool" aria-labelledby={titleId}>
      <h2 id={titleId} className="signature-tool__title">
        {title}
      </h2>
      <p className="signature-tool__lead">{lead}</p>
      <form className="signature-tool__form" data-tool={tool} noValidate>
        <fieldset className="signature-tool__fieldset" disabled>
          <legend className="visually-hidden">{title}</legend>
          <div className="form-grid">{children}</div>
          <div className="form-actions">
            <button type="submit" className="btn btn--primary">
              {submit}
            </button>
            {actions}
          </div>
        </fieldset>
      </form>
      <ToolResult />
    </section>
  )
}
