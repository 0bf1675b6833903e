import { ContentBlocks } from '#app/components/legal/ContentBlocks.tsx'
import type { FaqItem } from '#app/content/faq.ts'

interface FaqQuestionProps {
  item: FaqItem
  open: boolean
}

/**
 * One row of the accordion, a native disclosure: the summary holds the question's heading, the
 * answer is a region labelled by it. It opens and closes with a click, Enter and Space, and a
 * link to #question-id opens it (the browser reveals a closed <details> holding a link's
 * target), all without script.
 */
export function FaqQuestion({ item, open }: FaqQuestionProps) {
  const summaryId = `${item.id}-question`
  const panelId = `${item.id}-answer`
  return (
    <details className="faq-item" open={open}>
      <summary id={summaryId} className="faq-item__button">
        <h3 className="faq-item__heading">{item.question}</h3>
        <svg
          className="faq-item__icon"
          viewBox="0 0 20 20"
          width="20"
          height="20"
          aria-hidden="true"
        >
          <path
            d="M5 7.5l5 5 5-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </summary>
      <div id={panelId} role="region" aria-labelledby={summaryId} className="faq-item__answer">
        {/* The target of links to this question: inside the answer, so following one opens it. */}
        <span id={item.id} className="faq-item__target" />
        <ContentBlocks blocks={item.answer} />
      </div>
    </details>
  )
}
