import { HashedString, RuleSteps } from '#app/components/developers/RuleExplainer.tsx'
import { causeText, hashRule, ruleLink } from '#app/content/signature-tool.ts'

/** The rule in words, for everyone and for pages without JavaScript. */
export function HashRuleExplainer() {
  return (
    <section
      id={ruleLink.anchor}
      className="section section--alt"
      aria-labelledby="hash-rule-title"
    >
      <div className="container rule-explainer signature-rule">
        <div>
          <h2 id="hash-rule-title">{hashRule.title}</h2>
          <RuleSteps steps={hashRule.steps} />
          <p>{hashRule.exampleLabel}</p>
          <HashedString value={hashRule.example} />
          <p className="rule-explainer__note">{hashRule.exampleResult}</p>
          <h2>{hashRule.encdataTitle}</h2>
          <RuleSteps steps={hashRule.encdataSteps} />
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
