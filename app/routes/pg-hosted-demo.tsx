import { PageBanner } from '#app/components/PageBanner.tsx'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/pg-hosted-demo')

export default function PgHostedDemoPage() {
  return <PageBanner title="Live Demo - PG Hosted" />
}
