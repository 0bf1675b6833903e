import { PageBanner } from '#app/components/PageBanner.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/career-form')

export default function CareerFormPage() {
  return <PageBanner title="Apply Now" />
}
