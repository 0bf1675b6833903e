/**
 * Enhancement module of the home page's kit list (app/components/home/IntegrationKitList.tsx).
 *
 * Before it runs every kit shows and the toggle is hidden. It collapses the list to the kits
 * not marked `data-extra`, shows the toggle, and lets it switch between the two, keeping the
 * button (and the focus on it) in view when collapsing pulls it up the page.
 */
export function enhanceKitList(button: HTMLButtonElement) {
  const list = document.getElementById(button.getAttribute('aria-controls') ?? '')
  if (!list) return
  const labels = { more: button.dataset.showMore ?? '', less: button.dataset.showLess ?? '' }

  function show(expanded: boolean) {
    list!.toggleAttribute('data-collapsed', !expanded)
    button.setAttribute('aria-expanded', String(expanded))
    button.textContent = expanded ? labels.less : labels.more
  }

  show(false)
  button.hidden = false
  button.addEventListener('click', () => {
    show(button.getAttribute('aria-expanded') !== 'true')
    button.scrollIntoView({ block: 'nearest' })
  })
}

for (const button of document.querySelectorAll<HTMLButtonElement>('.kit-list__toggle')) {
  enhanceKitList(button)
}
