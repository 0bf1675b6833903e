import type { LegalDocument, LegalSection } from '#app/content/legal/types.ts'
import { ContentBlocks } from './ContentBlocks.tsx'
import { LegalContents } from './LegalContents.tsx'
import './LegalDocument.css'

interface LegalDocumentViewProps {
  document: LegalDocument
}

/** A legal text as a page: a table of contents beside numbered sections. */
export function LegalDocumentView({ document }: LegalDocumentViewProps) {
  return (
    <div className="section">
      <div className="container legal-layout">
        <LegalContents sections={document.sections} />
        <article className="prose legal-document">
          <div className="legal-preamble">
            <ContentBlocks blocks={document.preamble} />
          </div>
          {document.sections.map((section, index) => (
            <LegalSectionView
              key={section.id}
              section={section}
              number={index + 1}
              clauseNumbers={document.clauseNumbers}
            />
          ))}
        </article>
      </div>
    </div>
  )
}

interface LegalSectionViewProps {
  section: LegalSection
  number: number
  clauseNumbers: boolean
}

function LegalSectionView({ section, number, clauseNumbers }: LegalSectionViewProps) {
  return (
    <section id={section.id} className="legal-section">
      <h2>
        <span className="legal-number">{number}.</span> {section.heading}
      </h2>
      <ContentBlocks
        blocks={section.blocks}
        clausePrefix={clauseNumbers ? String(number) : undefined}
      />
      {section.subsections?.map((subsection, index) => (
        <div key={subsection.heading} className="legal-subsection">
          <h3>
            <span className="legal-number">
              {number}.{index + 1}
            </span>{' '}
            {subsection.heading}
          </h3>
          <ContentBlocks blocks={subsection.blocks} />
        </div>
      ))}
    </section>
  )
}
