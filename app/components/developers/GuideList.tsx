import { findPage } from '#app/content/pages.ts'
import { developerApiFiles } from '#gateway/openapi/files.ts'
import { guideLinks } from '#app/guides/guide-links.ts'
import './GuideList.css'

/** The integration guides to read on the site, each with its PDF beside it. */
export function GuideList() {
  return (
    <section className="section" aria-labelledby="guides-title">
      <div className="container">
        <div className="section-head">
          <span className="eyebrow">Read online</span>
          <h2 id="guides-title">Integration guides</h2>
          <p className="lead">
            The same guides as the PDFs above, as web pages you can link to a section of and copy
            samples from.
          </p>
        </div>
        <ul className="grid grid--3 guide-list">
          {guideLinks.map((guide) => (
            <li key={guide.path} className="card guide-list__item">
              <h3 className="guide-list__title">
                <a href={guide.path}>{guide.title}</a>
              </h3>
              <p className="guide-list__summary">{findPage(guide.path)?.description}</p>
              <a className="guide-list__pdf" href={guide.pdf} download={guide.pdfFileName}>
                PDF<span className="visually-hidden"> of the {guide.label} guide</span>
              </a>
            </li>
          ))}
        </ul>
        <p className="guide-list__api">
          <a href="/developers/docs/api-reference">API reference</a> of the sandbox's JSON APIs,
          generated from its <a href={developerApiFiles.openApi.href}>OpenAPI document</a>, with a{' '}
          <a
            href={developerApiFiles.postmanCollection.href}
            download={developerApiFiles.postmanCollection.fileName}
          >
            Postman collection
          </a>{' '}
          and its{' '}
          <a
            href={developerApiFiles.postmanEnvironment.href}
            download={developerApiFiles.postmanEnvironment.fileName}
          >
            sandbox environment
          </a>
          .
        </p>
      </div>
    </section>
  )
}
