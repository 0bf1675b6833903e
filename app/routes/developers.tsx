import { DevelopersTitle } from '#app/components/developers/DevelopersTitle.tsx'
import { DownloadLists } from '#app/components/developers/DownloadLists.tsx'
import { GuideList } from '#app/components/developers/GuideList.tsx'
import { IntegrateSection } from '#app/components/developers/IntegrateSection.tsx'
import { IntegrationSteps } from '#app/components/developers/IntegrationSteps.tsx'
import { SandboxAccountExample } from '#app/components/developers/SandboxAccountExample.tsx'
import { StatusEnquiryExample } from '#app/components/developers/StatusEnquiryExample.tsx'
import { PageBanner } from '#app/components/PageBanner.tsx'
import { developersBanner } from '#app/content/developers.ts'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/developers')

export default function DevelopersPage() {
  return (
    <>
      <PageBanner
        eyebrow={developersBanner.eyebrow}
        title={<DevelopersTitle />}
        intro={developersBanner.intro}
      />
      <IntegrateSection />
      <DownloadLists />
      <GuideList />
      <IntegrationSteps />
      <StatusEnquiryExample />
      <SandboxAccountExample />
    </>
  )
}
