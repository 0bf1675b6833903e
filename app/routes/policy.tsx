import { LegalDocumentView } from '#app/components/legal/LegalDocumentView.tsx'
import { RelatedDocuments } from '#app/components/legal/RelatedDocuments.tsx'
import { PageBanner } from '#app/components/PageBanner.tsx'
import { privacyPolicy } from '#app/content/legal/privacy-policy.ts'
import { formatLegalDate } from '#app/content/legal/types.ts'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/policy')

export default function PolicyPage() {
  return (
    <>
      <PageBanner
        title="Privacy Policy"
        intro={
          <>
            Last updated:{' '}
            <time dateTime={privacyPolicy.lastUpdated}>
              {formatLegalDate(privacyPolicy.lastUpdated)}
            </time>
          </>
        }
      />
      <LegalDocumentView document={privacyPolicy} />
      <RelatedDocuments />
    </>
  )
}
