import { PageBanner } from '#app/components/PageBanner.tsx'
import { AwarenessTips } from '#app/components/rbi/AwarenessTips.tsx'
import { ExternalSiteNotice } from '#app/components/rbi/ExternalSiteNotice.tsx'
import { rbiNotice } from '#app/content/rbi.ts'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/rbi-kehta-hai')

export default function RbiKehtaHaiPage() {
  return (
    <>
      <PageBanner title={rbiNotice.bannerTitle} />
      <ExternalSiteNotice />
      <AwarenessTips />
    </>
  )
}
