import { Link } from 'react-router'
import { PageBanner } from '#app/components/PageBanner.tsx'
import { RedirectLoader } from '#app/components/RedirectLoader.tsx'
import { demoFlows, demoPages } from '#app/content/demo.ts'
import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/merchant-hosted-demo')

export default function MerchantHostedDemoPage() {
  return (
    <>
      <PageBanner
        eyebrow={demoPages.eyebrow}
        title={demoPages.merchantHosted.title}
        intro={demoFlows.merchantHosted.intro}
      />
      <section className="section">
        <div className="container">
          <RedirectLoader>
            <Link to="/merchant-hosted-checkout" className="btn btn--primary">
              {demoPages.merchantHosted.proceedLabel}
            </Link>
            <p className="redirect-loader__note">{demoPages.merchantHosted.redirectNote}</p>
          </RedirectLoader>
        </div>
      </section>
    </>
  )
}
