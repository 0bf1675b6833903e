import { PageBanner } from '#app/components/PageBanner.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/rbi-kehta-hai')

export default function RbiKehtaHaiPage() {
  return <PageBanner title="RBI Kehta Hai" />
}
