import { useCallback, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { portalLoginUrl } from '#app/config/public-config.ts'
import {
  headerLinksAfterDemo,
  headerLinksBeforeDemo,
  liveDemoLinks,
} from '#app/content/navigation.ts'
import { useDismiss } from '#app/hooks/useDismiss.ts'
import { Logo } from './Logo'
import { NavItemLink } from './NavItemLink'
import './SiteHeader.css'

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false)
  const headerRef = useRef<HTMLElement>(null)
  const menuButtonRef = useRef<HTMLButtonElement>(null)
  const navId = useId()
  const location = useLocation()
  const closeMenu = useCallback(() => setMenuOpen(false), [])

  useDismiss(menuOpen, closeMenu, headerRef, menuButtonRef)

  // A navigation closes the menu; adjusting state while rendering avoids an extra effect pass.
  const [menuPath, setMenuPath] = useState(location.pathname)
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname)
    setMenuOpen(false)
  }

  return (
    <header className="site-header" ref={headerRef}>
      <div className="container site-header__bar">
        <Link to="/" className="site-header__brand">
          <Logo />
        </Link>
        <button
          ref={menuButtonRef}
          type="button"
          className="site-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls={navId}
          aria-label="Menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="hamburger" aria-hidden="true" data-open={menuOpen} />
        </button>
        <nav id={navId} className="site-nav" data-open={menuOpen} aria-label="Main">
          <ul className="site-nav__list">
            {headerLinksBeforeDemo.map((item) => (
              <li key={item.to}>
                <NavItemLink item={item} className="site-nav__link" onNavigate={closeMenu} />
              </li>
            ))}
            <li>
              <LiveDemoMenu />
            </li>
            {headerLinksAfterDemo.map((item) => (
              <li key={item.to}>
                <NavItemLink item={item} className="site-nav__link" onNavigate={closeMenu} />
              </li>
            ))}
          </ul>
          <a
            className="btn btn--primary site-nav__login"
            href={portalLoginUrl}
            target="_blank"
            rel="noopener"
          >
            Login<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </nav>
      </div>
    </header>
  )
}

function LiveDemoMenu() {
  const [open, setOpen] = useState(false)
  const containerRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const listId = useId()
  const location = useLocation()
  const close = useCallback(() => setOpen(false), [])
  const isDemoPage = liveDemoLinks.some((item) => location.pathname.startsWith(item.to))

  useDismiss(open, close, containerRef, buttonRef)

  function onButtonKeyDown(event: React.KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      setOpen(true)
      requestAnimationFrame(() => focusItem(0))
    }
  }

  function focusItem(index: number) {
    const links = containerRef.current?.querySelectorAll<HTMLAnchorElement>('.demo-menu__link')
    if (!links || links.length === 0) return
    links[(index + links.length) % links.length]?.focus()
  }

  function onListKeyDown(event: React.KeyboardEvent<HTMLUListElement>) {
    const links = Array.from(
      containerRef.current?.querySelectorAll<HTMLAnchorElement>('.demo-menu__link') ?? [],
    )
    const current = links.indexOf(document.activeElement as HTMLAnchorElement)
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      focusItem(current + 1)
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      focusItem(current - 1)
    } else if (event.key === 'Tab' && !event.shiftKey && current === links.length - 1) {
      close()
    }
  }

  return (
    <div className="demo-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="site-nav__link demo-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        data-active={isDemoPage || undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
      >
        Live Demo
        <svg
          className="demo-menu__chevron"
          viewBox="0 0 12 12"
          width="12"
          height="12"
          aria-hidden="true"
        >
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      <ul id={listId} className="demo-menu__list" hidden={!open} onKeyDown={onListKeyDown}>
        {liveDemoLinks.map((item) => (
          <li key={item.to}>
            <NavItemLink item={item} className="demo-menu__link" onNavigate={close} />
          </li>
        ))}
      </ul>
    </div>
  )
}
