import { palette } from '#core/brand/brand.ts'
import type { ReactNode } from 'react'
import { redirectMessage } from '#app/content/demo.ts'
import './RedirectLoader.css'

interface RedirectLoaderProps {
  /** `overlay` covers the whole window while a payment page loads; `inline` sits in the page. */
  variant?: 'overlay' | 'inline'
  message?: string
  /** Shown under the message, outside the live region: a way forward if nothing happens. */
  children?: ReactNode
}

/** The "You are being redirected to Payment Page…" screen (docs/product.md#routes-and-screens). */
export function RedirectLoader({
  variant = 'inline',
  message = redirectMessage,
  children,
}: RedirectLoaderProps) {
  return (
    <div className={`redirect-loader redirect-loader--${variant}`}>
      <div className="redirect-loader__body">
        <div className="redirect-loader__status" role="status" aria-live="polite">
          <svg
            className="redirect-loader__spinner"
            viewBox="0 0 48 48"
            width="56"
            height="56"
            aria-hidden="true"
            focusable="false"
          >
            <circle cx="24" cy="24" r="20" fill="none" stroke={palette.brandSoft} strokeWidth="5" />
            <path
              d="M24 4a20 20 0 0120 20"
              fill="none"
              stroke={palette.brand}
              strokeWidth="5"
              strokeLinecap="round"
            />
          </svg>
          <p className="redirect-loader__message">{message}</p>
        </div>
        {children ? <div className="redirect-loader__actions">{children}</div> : null}
      </div>
    </div>
  )
}
