import { demoCopy, sandboxTestData } from '#app/content/demo.ts'
import './TestDataPanel.css'

/** What to type on the sandbox payment page to see a success, a decline or a pending payment. */
export function TestDataPanel() {
  const copy = demoCopy.testData
  return (
    <section className="test-data" aria-labelledby="test-data-heading">
      <h2 id="test-data-heading" className="test-data__title">
        {copy.heading}
      </h2>
      <p className="test-data__intro">{copy.intro}</p>
      {sandboxTestData.map((group) => (
        <div key={group.method} className="test-data__group">
          <h3>{group.method}</h3>
          <table className="test-data__table">
            <thead>
              <tr>
                <th scope="col">{copy.valueColumn}</th>
                <th scope="col">{copy.outcomeColumn}</th>
              </tr>
            </thead>
            <tbody>
              {group.rows.map((row) => (
                <tr key={row.value}>
                  <td>
                    <code>{row.value}</code>
                  </td>
                  <td>{row.outcome}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {group.note ? <p className="test-data__note">{group.note}</p> : null}
        </div>
      ))}
    </section>
  )
}
