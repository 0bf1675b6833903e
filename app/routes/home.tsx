import { PageBanner } from '#app/components/PageBanner.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/')

export default function HomePage() {
  return <PageBanner title="Home" />
}
