import type { LegalSection } from '#app/content/legal/types.ts'

/** The table of contents of a legal text: in-page links to its numbered sections. */
export function LegalContents({ sections }: { sections: readonly LegalSection[] }) {
  return (
    <nav className="legal-contents" aria-labelledby="legal-contents-title">
      <h2 id="legal-contents-title" className="legal-contents__title">
        On this page
      </h2>
      <ol className="legal-contents__list">
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{section.heading}</a>
          </li>
        ))}
      </ol>
    </nav>
  )
}
