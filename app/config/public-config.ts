import type { PublicConfig } from './public-config.build.ts'

declare const __PUBLIC_CONFIG__: PublicConfig

/** Public configuration, fixed at build time (see public-config.build.ts). */
export const publicConfig: PublicConfig = __PUBLIC_CONFIG__

export const portalLoginUrl = `${publicConfig.PORTAL_URL}/login`
export const portalSignupUrl = `${publicConfig.PORTAL_URL}/signup`

/** Absolute URL of a path on this site, for canonical links and the sitemap. */
export function siteUrl(path: string): string {
  return `${publicConfig.SITE_URL}${path === '/' ? '/' : path}`
}

/** Address the browser posts a form API call to: `API_URL` + path. */
export function apiUrl(path: string): string {
  return `${publicConfig.API_URL}${path}`
}
