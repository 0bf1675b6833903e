import { PageBanner } from '#app/components/PageBanner.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/contact')

export default function ContactPage() {
  return <PageBanner title="Contact Us" />
}
