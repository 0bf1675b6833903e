import type { FaqTopic } from '#app/content/faq.ts'
import { FaqQuestion } from './FaqQuestion.tsx'
import './Faq.css'

interface FaqAccordionProps {
  topics: readonly FaqTopic[]
}

/**
 * Questions grouped by topic; any number may be open at once (so the <details> share no
 * `name`). The first question starts open, in the HTML itself. Plain HTML: it needs no script.
 */
export function FaqAccordion({ topics }: FaqAccordionProps) {
  const firstId = topics[0]?.items[0]?.id
  return (
    <div className="faq-topics">
      {topics.map((topic) => (
        <section key={topic.id} id={topic.id} className="faq-topic">
          <h2 className="faq-topic__title">{topic.title}</h2>
          <div className="faq-list">
            {topic.items.map((item) => (
              <FaqQuestion key={item.id} item={item} open={item.id === firstId} />
            ))}
          </div>
        </section>
      ))}
    </div>
  )
}
