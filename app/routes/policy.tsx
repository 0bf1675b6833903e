import { PageBanner } from '#app/components/PageBanner.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/policy')

export default function PolicyPage() {
  return <PageBanner title="Privacy Policy" />
}
