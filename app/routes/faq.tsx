import { PageBanner } from '#app/components/PageBanner.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/faq')

export default function FaqPage() {
  return <PageBanner title="Frequently Asked Questions" />
}
