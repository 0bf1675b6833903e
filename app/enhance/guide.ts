/**
 * Enhancement module of the integration guides (app/routes/developer-guide.tsx).
 *
 * Before it runs a guide reads in full and its contents link to every section. This module adds
 * a Copy button to each code sample (the sample's exact text, announced when copied) and marks
 * in the contents the section being read.
 */

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
  const contents = document.querySelector<HTMLElement>('.guide__toc')
  if (contents && typeof IntersectionObserver !== 'undefined') {
    followSections(contents, [...article.querySelectorAll<HTMLElement>('h2[id]')])
  }
}
