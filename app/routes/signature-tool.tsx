import { EncdataOpener } from '#app/components/developers/signature/EncdataOpener.tsx'
import { HashChecker } from '#app/components/developers/signature/HashChecker.tsx'
import { HashRuleExplainer } from '#app/components/developers/signature/HashRuleExplainer.tsx'
import { PageBanner } from '#app/components/PageBanner.tsx'
import {
  needsJavaScript,
  privacyNote,
  ruleLink,
  signatureBanner,
} from '#app/content/signature-tool.ts'
import type { PageHandle } from '#app/enhance/modules.ts'
import { pageMeta } from '#app/utils/meta.ts'
import '#app/components/developers/signature/SignatureTool.css'

export const meta = () => pageMeta('/developers/tools/signature')

export const handle: PageHandle = { enhancements: ['signatureTool'] }

export default function SignatureToolPage() {
  return (
    <>
      <PageBanner
        eyebrow={signatureBanner.eyebrow}
        title={signatureBanner.title}
        intro={signatureBanner.intro}
      />
      <section className="section" aria-label="Debugger">
        <div className="container signature-tools">
          {/* Both texts share one place, so the page does not move when the module swaps them. */}
          <p className="signature-tools__status" data-tool-status>
            <span className="signature-tools__no-script">
              {needsJavaScript} <a href={`#${ruleLink.anchor}`}>{ruleLink.label}</a>.
            </span>
            <span className="signature-tools__ready">{privacyNote}</span>
          </p>
          <HashChecker />
          <EncdataOpener />
        </div>
      </section>
      <HashRuleExplainer />
    </>
  )
}
