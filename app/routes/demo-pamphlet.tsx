import { pageMeta } from '#app/utils/meta.ts'

export const meta = () => pageMeta('/demo-pamphlet')

export default function DemoPamphletPage() {
  return (
    <section className="section">
      <div className="container">
        <h1>Pamphlet</h1>
      </div>
    </section>
  )
}
