import { PageBanner } from '#app/components/PageBanner.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/about')

export default function AboutPage() {
  return <PageBanner title="About Us" />
}
