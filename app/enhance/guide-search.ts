import MiniSearch from 'minisearch'
import {
  type GuideSection,
  indexOptions,
  maxResults,
  queryOptions,
  type StoredSection,
} from '#app/guides/search-options.ts'

/**
 * Enhancement module of the guides' search (app/components/guides/GuideSearch.tsx): shows the
 * form, loads the prebuilt index when the reader first focuses it, and lists the best sections
 * as they type; a result is a link to the section's heading. Enter follows the first result.
 */

export interface SearchView {
  status: HTMLElement
  results: HTMLOListElement
}

/** Lists the results of `query`, or says there are none. */
export function showResults(view: SearchView, search: MiniSearch<GuideSection>, query: string) {
  view.results.replaceChildren()
  if (query.trim().length < 2) {
    view.status.textContent = ''
    return
  }
  const found = search.search(query, queryOptions).slice(0, maxResults)
  view.status.textContent =
    found.length === 0
      ? `Nothing found for “${query}”.`
      : `${found.length} ${found.length === 1 ? 'section' : 'sections'} found.`
  for (const result of found as unknown as (StoredSection & { id: string })[]) {
    const link = document.createElement('a')
    link.href = result.id
    link.className = 'guide-search__result'
    const title = document.createElement('span')
    title.className = 'guide-search__result-title'
    title.textContent = result.title
    const guide = document.createElement('span')
    guide.className = 'guide-search__result-guide'
    guide.textContent = result.guide
    link.append(title, guide)
    const item = document.createElement('li')
    item.append(link)
    view.results.append(item)
  }
}

export function enhanceSearch(form: HTMLFormElement) {
  const input = form.querySelector<HTMLInputElement>('input[type="search"]')
  const status = form.querySelector<HTMLElement>('[role="status"]')
  const results = form.querySelector<HTMLOListElement>('ol')
  if (!input || !status || !results) return
  const view = { status, results }
  let index: Promise<MiniSearch<GuideSection>> | undefined

  function load() {
    index ??= fetch(form.dataset.index ?? '')
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
        return response.text()
      })
      .then((json) => MiniSearch.loadJSON<GuideSection>(json, indexOptions))
    index.catch(() => {
      view.status.textContent = 'Search is not available right now: use the contents instead.'
      index = undefined
    })
    return index
  }

  input.addEventListener('focus', () => void load(), { once: true })
  // Typed before this module ran: search it now.
  if (input.value) void load().then((search) => showResults(view, search, input.value))
  input.addEventListener('input', () => {
    void load().then((search) => showResults(view, search, input.value))
  })
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    results.querySelector('a')?.click()
  })
}

const form = document.querySelector<HTMLFormElement>('form.guide-search')
if (form) enhanceSearch(form)
