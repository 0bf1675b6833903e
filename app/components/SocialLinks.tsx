import { socialLinks } from '#core/brand/brand.ts'
import { SocialIcon } from './SocialIcon.tsx'
import './SocialLinks.css'

export function SocialLinks({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <ul className="social-links" data-tone={tone}>
      {socialLinks.map((link) => (
        <li key={link.name}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${link.label} (opens in a new tab)`}
          >
            <SocialIcon network={link.name} />
          </a>
        </li>
      ))}
    </ul>
  )
}
