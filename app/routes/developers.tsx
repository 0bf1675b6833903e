import { PageBanner } from '#app/components/PageBanner.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/developers')

export default function DevelopersPage() {
  return <PageBanner title="Integration made…Easier" />
}
