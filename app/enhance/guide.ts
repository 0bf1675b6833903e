/**
 * Enhancement module of the integration guides (app/routes/developer-guide.tsx).
 *
 * Before it runs a guide reads in full, every sample in every kit language, and its contents
 * link to every section. This module adds a Copy button to each code sample (the sample's exact
 * text, announced when copied), shows each group of kit samples in the reader's language (chosen
 * once, remembered for every guide) and marks in the contents the section being read.
 */

export const languageKey = 'kit-language'

function rememberedLanguage(): string | null {
  try {
    return localStorage.getItem(languageKey)
  } catch {
    return null
  }
}

/** Shows, in every group, the samples in `language` (a group without it keeps its own). */
export function showLanguage(groups: HTMLElement[], language: string) {
  for (const group of groups) {
    const samples = [...group.querySelectorAll<HTMLElement>('.code-sample')]
    if (!samples.some((sample) => sample.dataset.language === language)) continue
    for (const sample of samples) sample.hidden = sample.dataset.language !== language
    group.dataset.chosen = language
    for (const button of group.querySelectorAll<HTMLButtonElement>('.code-samples__language')) {
      button.setAttribute('aria-pressed', String(button.dataset.language === language))
    }
  }
}

/** Wires the language buttons above a group of samples: pressing one sets it for every group. */
export function wireLanguagePicker(group: HTMLElement, choose: (language: string) => void) {
  for (const button of group.querySelectorAll<HTMLButtonElement>('.code-samples__language')) {
    button.addEventListener('click', () => choose(button.dataset.language ?? ''))
  }
}

export const copiedMessage = 'Copied'

export function addCopyButton(sample: HTMLElement, status: HTMLElement) {
  const code = sample.querySelector('code')
  if (!code) return
  const language = sample.dataset.language ?? ''
  const button = document.createElement('button')
  button.type = 'button'
  button.className = 'code-sample__copy'
  button.textContent = 'Copy'
  button.setAttribute('aria-label', `Copy the ${language} sample`)
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(code.textContent ?? '')
      status.textContent = `${copiedMessage}: ${language} sample`
      button.textContent = copiedMessage
    } catch {
      status.textContent = 'Copying is not allowed here: select the sample and copy it.'
    }
    window.setTimeout(() => {
      button.textContent = 'Copy'
    }, 2000)
  })
  sample.prepend(button)
}

/** Marks the contents link of the last section whose heading has passed the top third. */
export function followSections(contents: HTMLElement, headings: HTMLElement[]) {
  const links = new Map(
    [...contents.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')].map((link) => [
      link.hash.slice(1),
      link,
    ]),
  )
  const above = new Set<string>()
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const id = entry.target.id
        // Out of the band by having scrolled above it, or back below it.
        if (entry.isIntersecting || entry.boundingClientRect.top < 0) above.add(id)
        else above.delete(id)
      }
      const current = headings.filter((heading) => above.has(heading.id)).pop()
      for (const [id, link] of links) {
        if (id === current?.id) link.setAttribute('aria-current', 'location')
        else link.removeAttribute('aria-current')
      }
    },
    { rootMargin: '0px 0px -66% 0px' },
  )
  for (const heading of headings) if (links.has(heading.id)) observer.observe(heading)
}

const article = document.querySelector<HTMLElement>('.guide__article')
if (article) {
  const status = document.createElement('p')
  status.className = 'visually-hidden'
  status.setAttribute('role', 'status')
  article.after(status)
  for (const sample of article.querySelectorAll<HTMLElement>('.code-sample')) {
    addCopyButton(sample, status)
  }
  const groups = [...article.querySelectorAll<HTMLElement>('.code-samples')]
  const choose = (language: string) => {
    showLanguage(groups, language)
    try {
      localStorage.setItem(languageKey, language)
    } catch {
      // Storage refused: the choice lasts for this page.
    }
  }
  for (const group of groups) wireLanguagePicker(group, choose)
  const remembered = rememberedLanguage()
  if (remembered) showLanguage(groups, remembered)
  const contents = document.querySelector<HTMLElement>('.guide__toc')
  if (contents && typeof IntersectionObserver !== 'undefined') {
    followSections(contents, [...article.querySelectorAll<HTMLElement>('h2[id]')])
  }
}
