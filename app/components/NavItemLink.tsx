import { NavLink } from 'react-router'
import type { NavLinkItem } from '#app/content/navigation.ts'

interface NavItemLinkProps {
  item: NavLinkItem
  className?: string
}

/** A navigation entry: an app route (marked with aria-current when active) or a document. */
export function NavItemLink({ item, className }: NavItemLinkProps) {
  const newTab = item.newTab ? { target: '_blank', rel: 'noopener' } : {}
  if (item.document) {
    return (
      <a href={item.to} className={className} {...newTab}>
        {item.label}
        {item.newTab ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
      </a>
    )
  }
  return (
    <NavLink to={item.to} end={item.to === '/'} className={className} {...newTab}>
      {item.label}
      {item.newTab ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
    </NavLink>
  )
}
