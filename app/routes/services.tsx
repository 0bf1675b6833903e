import { PageBanner } from '#app/components/PageBanner.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/services')

export default function ServicesPage() {
  return <PageBanner title="Services" />
}
