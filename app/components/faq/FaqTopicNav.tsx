import type { FaqTopic } from '#app/content/faq.ts'
import './Faq.css'

/** Jump links to the FAQ's topics. */
export function FaqTopicNav({ topics }: { topics: readonly FaqTopic[] }) {
  return (
    <nav className="faq-nav" aria-labelledby="faq-nav-title">
      <h2 id="faq-nav-title" className="faq-nav__title">
        Topics
      </h2>
      <ul className="faq-nav__list">
        {topics.map((topic) => (
          <li key={topic.id}>
            <a href={`#${topic.id}`}>
              {topic.title}
              <span className="faq-nav__count">
                {topic.items.length}
                <span className="visually-hidden"> questions</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
