import { logoPalette, palette } from './brand.ts'

/** The site's icon, /favicon.svg: the logo's mark (app/components/Logo.tsx) in the brand's colours. */
export function faviconSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${logoPalette.brandBright}"/><stop offset="1" stop-color="${palette.brandStrong}"/></linearGradient></defs><rect x="2" y="2" width="36" height="36" rx="10" fill="url(#g)"/><path d="M13 29V11h8.5a6 6 0 010 12H17" fill="none" stroke="#fff" stroke-width="3.4" stroke-linecap="round" stroke-linejoin="round"/><circle cx="27.5" cy="28.5" r="3" fill="${logoPalette.mint}"/></svg>\n`
}
