import deferredApp from './deferred-app.ts?worker&url'
import guide from './guide.ts?worker&url'
import guideSearch from './guide-search.ts?worker&url'
import header from './header.ts?worker&url'
import kitList from './kit-list.ts?worker&url'
import launchPopup from './launch-popup.ts?worker&url'
import percentCircles from './percent-circles.ts?worker&url'
import pricing from './pricing.ts?worker&url'
import signatureTool from './signature-tool.ts?worker&url'

/**
 * The URLs of the enhancement modules, built by Vite as standalone ES modules with hashed names
 * (`?worker&url` bundles a file on its own and gives its URL; vite.config.ts builds workers as
 * ES modules). A page loads them with `<script type="module" src>`, allowed by `script-src
 * 'self'` with no hash or nonce.
 */
export const enhancementModules = {
  deferredApp,
  guide,
  guideSearch,
  header,
  kitList,
  launchPopup,
  percentCircles,
  pricing,
  signatureTool,
} as const

export type EnhancementName = keyof typeof enhancementModules

/** What a route module's `handle` may say about its page. */
export interface PageHandle {
  /** Enhancement modules this page loads, besides the header's. */
  enhancements?: EnhancementName[]
}
