import { brand } from '#core/brand/brand.ts'
import { type Language, languages } from '#gateway/i18n/index.ts'
import { icons } from './icons.ts'
import { html, type SafeHtml } from './html.ts'

/** What every page needs to know about where it is served and in which language. */
export interface PageContext {
  /** Path of the gateway's mount point, e.g. `/sandbox` (empty at the root). */
  base: string
  /** Versioned URLs of the stylesheet and the page script. */
  assets: { css: string; js: string; icon: string }
  language: Language
}

export interface LanguageForm {
  method: 'get' | 'post'
  action: string
  /** Hidden fields that bring the customer back to the same place. */
  hidden: Record<string, string>
}

export interface PageOptions {
  title: string
  main: SafeHtml
  languageForm?: LanguageForm
  /** `data-*` attributes of <body> read by the page script (checkout frame, auto-submit). */
  data?: Record<string, string | undefined>
  /**
   * The page's address is a secret (a sandbox account's keys or console link): no referrer at
   * all, since a document's referrer policy outranks the header's.
   */
  secretAddress?: true
}

/** The page shell: header with the language picker, the sandbox banner, main, footer. */
export function layout(context: PageContext, options: PageOptions): string {
  const { language } = context
  const t = language.messages
  const data = Object.entries(options.data ?? {})
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => html` data-${name}="${value}"`)
  return `<!doctype html>${html`<html lang="${language.code}" dir="${language.dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="${options.secretAddress ? 'no-referrer' : 'strict-origin'}">
<title>${options.title} · ${brand.name} ${t.sandboxBadge}</title>
<link rel="icon" href="${context.assets.icon}" type="image/svg+xml">
<link rel="stylesheet" href="${context.assets.css}">
<script src="${context.assets.js}" defer></script>
</head>
<body${data}>
<header class="gw-header">
  <div class="gw-header__inner">
    <p class="gw-brand">
      <span class="gw-brand__mark">${icons.lock()}</span>
      <span class="gw-brand__text"><span class="gw-brand__name">${brand.name}</span> <span class="gw-brand__tagline">${t.brandTagline}</span></span>
      <span class="gw-badge">${t.sandboxBadge}</span>
    </p>
    ${options.languageForm ? languagePicker(language, options.languageForm) : ''}
  </div>
  <p class="gw-banner">${icons.shield()}<span>${t.sandboxBanner}</span></p>
</header>

<main id="main" class="gw-main">
${options.main}
</main>
<footer class="gw-footer"><p>${t.footerNote}</p></footer>
</body>
</html>`}`
}

function languagePicker(current: Language, form: LanguageForm): SafeHtml {
  const t = current.messages
  return html`<form class="gw-lang" method="${form.method}" action="${form.action}">
    <label class="gw-lang__label" for="gw-language"
      >${icons.globe()}<span>${t.languageLabel}</span></label
    >
    <select id="gw-language" name="lang" class="gw-lang__select">
      ${languages.map(
        (language) =>
          html`<option
            value="${language.code}"
            lang="${language.code}"
            dir="${language.dir}"
            ${language.code === current.code ? html` selected` : ''}
          >
            ${language.name}
          </option>`,
      )}
    </select>
    ${Object.entries(form.hidden).map(
      ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
    )}
    <button type="submit" class="gw-button gw-button--quiet">${t.languageSubmit}</button>
  </form>`
}
