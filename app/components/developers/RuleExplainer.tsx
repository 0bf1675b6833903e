import './RuleExplainer.css'

/** The numbered steps of a rule, such as how the HASH is made. */
export function RuleSteps({ steps }: { steps: readonly string[] }) {
  return (
    <ol className="rule-explainer__steps">
      {steps.map((step) => (
        <li key={step}>{step}</li>
      ))}
    </ol>
  )
}

/** A string exactly as it is hashed, wrapped anywhere so it never widens the page. */
export function HashedString({ value }: { value: string }) {
  return (
    <p className="rule-explainer__string">
      <code>{value}</code>
    </p>
  )
}
