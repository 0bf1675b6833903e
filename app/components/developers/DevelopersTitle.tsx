import { developersBanner } from '#app/content/developers.ts'
import './DevelopersTitle.css'

/** "Integration made…Easier", with the last word highlighted; the text itself stays exact. */
export function DevelopersTitle() {
  return (
    <>
      {developersBanner.titleLead}
      <span className="developers-title__emphasis">{developersBanner.titleEmphasis}</span>
    </>
  )
}
