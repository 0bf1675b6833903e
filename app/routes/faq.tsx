import { FaqAccordion } from '#app/components/faq/FaqAccordion.tsx'
import { FaqContactNote } from '#app/components/faq/FaqContactNote.tsx'
import { FaqTopicNav } from '#app/components/faq/FaqTopicNav.tsx'
import { PageBanner } from '#app/components/PageBanner.tsx'
import { faqTopics } from '#app/content/faq.ts'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/faq')

export default function FaqPage() {
  return (
    <>
      <PageBanner
        title="Frequently Asked Questions"
        intro="Answers on activation, documents, payments, settlements, refunds and disputes."
      />
      <div className="section">
        <div className="container faq-layout">
          <FaqTopicNav topics={faqTopics} />
          <div>
            <FaqAccordion topics={faqTopics} />
            <FaqContactNote />
          </div>
        </div>
      </div>
    </>
  )
}
