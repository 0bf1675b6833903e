/**
 * Enhancement module of the site header, loaded by every page (static or hydrated).
 *
 * The main navigation below 992 px and the Live Demo menu are native popovers: their buttons
 * open and close them, Escape and a click outside close them, and focus goes back to the button,
 * all without script. This module adds what the platform leaves out:
 * - `aria-expanded` on each button, in step with its popover (the accessibility tree already
 *   knows it from `popovertarget`; the attribute is for styles and older assistive technology);
 * - the arrow keys in the Live Demo menu, and Tab past its last entry closing it;
 * - closing the menus when one of their links is followed, for client navigations that keep
 *   the document.
 */
const header = document.querySelector<HTMLElement>('.site-header')

function linksOf(menu: HTMLElement): HTMLAnchorElement[] {
  return [...menu.querySelectorAll<HTMLAnchorElement>('a[href]')]
}

function focusLink(menu: HTMLElement, index: number) {
  const links = linksOf(menu)
  if (links.length > 0) links[(index + links.length) % links.length]!.focus()
}

for (const button of header?.querySelectorAll<HTMLButtonElement>('button[popovertarget]') ?? []) {
  const popover = document.getElementById(button.getAttribute('popovertarget') ?? '')
  if (!popover) continue
  button.setAttribute('aria-expanded', String(popover.matches(':popover-open')))
  popover.addEventListener('toggle', (event) => {
    button.setAttribute('aria-expanded', String((event as ToggleEvent).newState === 'open'))
  })
  popover.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a[href]')) popover.hidePopover()
  })
  if (!popover.matches('.demo-menu__list')) continue

  button.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown') return
    event.preventDefault()
    popover.showPopover()
    focusLink(popover, 0)
  })
  popover.addEventListener('keydown', (event) => {
    const links = linksOf(popover)
    const current = links.indexOf(document.activeElement as HTMLAnchorElement)
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      focusLink(popover, current + (event.key === 'ArrowDown' ? 1 : -1))
    } else if (event.key === 'Tab' && !event.shiftKey && current === links.length - 1) {
      popover.hidePopover()
    }
  })
}
