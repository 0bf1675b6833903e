import { searchIndexPath } from '#app/guides/search-options.ts'

/**
 * Search across every guide and the API reference, as the reader types. The index is built at
 * build time; app/enhance/guide-search.ts loads it on first use. Without script the form is not
 * shown (guide.css: there is no server search to fall back on).
 */
export function GuideSearch() {
  return (
    <form className="guide-search" role="search" data-index={searchIndexPath}>
      <label className="guide-search__label" htmlFor="guide-search-input">
        Search the guides
      </label>
      <input
        id="guide-search-input"
        className="guide-search__input"
        type="search"
        name="q"
        autoComplete="off"
        spellCheck={false}
        aria-describedby="guide-search-status"
      />
      <p id="guide-search-status" className="guide-search__status" role="status" />
      <ol className="guide-search__results" aria-label="Search results" />
    </form>
  )
}
