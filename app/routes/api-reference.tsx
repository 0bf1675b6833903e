import { useLoaderData } from 'react-router'
import { GuideContents, OtherGuides } from '#app/components/guides/GuideContents.tsx'
import { PageBanner } from '#app/components/PageBanner.tsx'
import type { PageHandle } from '#app/enhance/modules.ts'
import { apiReferenceMarkdown } from '#app/guides/api-reference.server.ts'
import { guideHtml } from '#app/guides/guide-html.server.ts'
import { pageMeta } from '#app/utils/meta.ts'
import { openApiDocument } from '#gateway/openapi/document.ts'
import { developerApiFiles } from '#gateway/openapi/files.ts'
import '#app/components/guides/guide.css'

export const meta = () => pageMeta('/developers/docs/api-reference')

export const handle: PageHandle = { enhancements: ['guide', 'guideSearch'] }

/** Prerendered at build time from the OpenAPI document the site serves. */
export function loader() {
  const document = openApiDocument()
  return {
    title: document.info.title,
    version: document.info.version,
    ...guideHtml(apiReferenceMarkdown(document)),
  }
}

export default function ApiReferencePage() {
  const reference = useLoaderData<typeof loader>()
  return (
    <>
      <PageBanner
        eyebrow="API reference"
        title={reference.title}
        intro="Every JSON API of the sandbox, its fields, answers and recorded examples, generated from the OpenAPI document."
      />
      <div className="container guide">
        <GuideContents
          source={`OpenAPI 3.1 · version ${reference.version}`}
          downloads={[
            { label: 'OpenAPI document', href: developerApiFiles.openApi.href },
            { label: 'Postman collection', href: developerApiFiles.postmanCollection.href },
            { label: 'Postman environment', href: developerApiFiles.postmanEnvironment.href },
          ]}
          headings={reference.headings}
        />
        <article
          className="guide__article prose"
          // Rendered at build time from the OpenAPI document (app/guides/api-reference.server.ts).
          dangerouslySetInnerHTML={{ __html: reference.html }}
        />
        <OtherGuides slug="" />
      </div>
    </>
  )
}
