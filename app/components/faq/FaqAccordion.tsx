import { useEffect, useState } from 'react'
import type { FaqTopic } from '#app/content/faq.ts'
import { FaqQuestion } from './FaqQuestion'
import './Faq.css'

interface FaqAccordionProps {
  topics: readonly FaqTopic[]
}

/**
 * Questions grouped by topic; any number may be open at once. The first question starts open
 * (SPEC §2), also in the prerendered HTML. A link to #question-id opens that question.
 */
export function FaqAccordion({ topics }: FaqAccordionProps) {
  const firstId = topics[0]?.items[0]?.id
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(
    () => new Set(firstId ? [firstId] : []),
  )

  useEffect(() => {
    const ids = new Set(topics.flatMap((topic) => topic.items.map((item) => item.id)))
    function openFromHash() {
      const id = decodeURIComponent(window.location.hash.slice(1))
      if (!ids.has(id)) return
      setOpenIds((current) => new Set(current).add(id))
      document.getElementById(id)?.scrollIntoView()
    }
    openFromHash()
    window.addEventListener('hashchange', openFromHash)
    return () => window.removeEventListener('hashchange', openFromHash)
  }, [topics])

  function toggle(id: string) {
    setOpenIds((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  }

  return (
    <div className="faq-topics">
      {topics.map((topic) => (
        <section key={topic.id} id={topic.id} className="faq-topic">
          <h2 className="faq-topic__title">{topic.title}</h2>
          <div className="faq-list">
            {topic.items.map((item) => (
              <FaqQuestion
                key={item.id}
                item={item}
                open={openIds.has(item.id)}
                onToggle={() => toggle(item.id)}
              />
            ))}
          </div>
        </section>
      ))}
    </div>
  )
}
