import { causeText, hashRule, ruleLink } from '#app/content/signature-tool.ts'

/** The rule in words, for everyone and for pages without JavaScript. */
export function HashRuleExplainer() {
  return (
    <section
      id={ruleLink.anchor}
      className="section section--alt"
      aria-labelledby="hash-rule-title"
    >
      <div className="container signature-rule">
        <div>
          <h2 id="hash-rule-title">{hashRule.title}</h2>
          <ol className="signature-rule__steps">
            {hashRule.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <p>{hashRule.exampleLabel}</p>
          <p className="signature-rule__example">
            <code>{hashRule.example}</code>
          </p>
          <p className="signature-rule__note">{hashRule.exampleResult}</p>
          <h2>{hashRule.encdataTitle}</h2>
          <ol className="signature-rule__steps">
            {hashRule.encdataSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </div>
        <div>
          <h2>{hashRule.mistakesTitle}</h2>
          <dl className="signature-rule__mistakes">
            {Object.entries(causeText).map(([id, cause]) => (
              <div key={id}>
                <dt>{cause.title}</dt>
                <dd>{cause.summary}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  )
}
