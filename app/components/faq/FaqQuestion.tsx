import { ContentBlocks } from '#app/components/legal/ContentBlocks.tsx'
import type { FaqItem } from '#app/content/faq.ts'

interface FaqQuestionProps {
  item: FaqItem
  open: boolean
  onToggle: () => void
}

/** One row of the accordion: the question is a button inside a heading, the answer its panel. */
export function FaqQuestion({ item, open, onToggle }: FaqQuestionProps) {
  const buttonId = `${item.id}-question`
  const panelId = `${item.id}-answer`
  return (
    <div id={item.id} className="faq-item" data-open={open}>
      <h3 className="faq-item__heading">
        <button
          type="button"
          id={buttonId}
          className="faq-item__button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <span>{item.question}</span>
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
        </button>
      </h3>
      <div
        id={panelId}
        role="region"
        aria-labelledby={buttonId}
        className="faq-item__answer"
        hidden={!open}
      >
        <ContentBlocks blocks={item.answer} />
      </div>
    </div>
  )
}
