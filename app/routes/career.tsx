import { PageBanner } from '#app/components/PageBanner.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/career')

export default function CareerPage() {
  return <PageBanner title="Careers" />
}
