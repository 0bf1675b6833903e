import { Marked, type Tokens } from 'marked'
import { escapeHtml, unescapeHtml } from '#core/html/escape.ts'
import { headingId } from './heading-id.ts'

export interface GuideHeading {
  id: string
  text: string
  level: 2 | 3
}

export interface GuideHtml {
  /** The guide's body as HTML, for the article of its page. */
  html: string
  /** Its second- and third-level headings, in order, for the table of contents. */
  headings: GuideHeading[]
}

/** The kit language a sample is written in, from its fence or the file it quotes. */
const languageNames: Record<string, string> = {
  php: 'PHP',
  python: 'Python',
  py: 'Python',
  java: 'Java',
  js: 'Node.js',
  javascript: 'Node.js',
  ruby: 'Ruby',
  rb: 'Ruby',
  sh: 'Shell',
  bash: 'Shell',
  html: 'HTML',
  json: 'JSON',
  http: 'HTTP',
  text: 'Text',
}

/**
 * Renders a guide's prepared Markdown (placeholders filled, kit regions included, as its PDF
 * gets it) to the HTML of its web page: headings with the anchors the guides link to and a link
 * to themselves, code samples labelled with their language and ready for a copy button, tables
 * that scroll on their own on a narrow screen. HTML comments (the sources' notes to the build)
 * are dropped.
 */
export function guideHtml(markdown: string): GuideHtml {
  const headings: GuideHeading[] = []
  const used = new Set<string>()
  // A table is named after the section it sits in, numbered when the section has several.
  let section = 'Guide'
  const tableNames = new Map<string, number>()
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth, text }: Tokens.Heading) {
        let id = headingId(text)
        for (let suffix = 2; used.has(id); suffix++) id = `${headingId(text)}-${suffix}`
        used.add(id)
        const inner = this.parser.parseInline(tokens)
        section = textOf(inner)
        if (depth === 2 || depth === 3) headings.push({ id, text: section, level: depth })
        return `<h${depth} id="${id}"><a class="guide__anchor" href="#${id}">${inner}</a></h${depth}>\n`
      },
      code({ text, lang }: Tokens.Code) {
        const language = (lang ?? '').split(/\s/)[0]!.toLowerCase()
        const name = languageNames[language] ?? (language ? language.toUpperCase() : 'Text')
        return (
          `<figure class="code-sample" data-language="${escapeHtml(name)}">` +
          `<figcaption class="code-sample__language">${escapeHtml(name)}</figcaption>` +
          `<pre tabindex="0"><code>${escapeHtml(text)}</code></pre></figure>\n`
        )
      },
      table(token: Tokens.Table) {
        const head = token.header
          .map((cell) => `<th scope="col">${this.parser.parseInline(cell.tokens)}</th>`)
          .join('')
        const rows = token.rows
          .map(
            (row) =>
              `<tr>${row.map((cell) => `<td>${this.parser.parseInline(cell.tokens)}</td>`).join('')}</tr>`,
          )
          .join('\n')
        const count = (tableNames.get(section) ?? 0) + 1
        tableNames.set(section, count)
        const name = count === 1 ? `${section}: table` : `${section}: table ${count}`
        return (
          `<div class="guide__table" role="region" aria-label="${escapeHtml(name)}" tabindex="0">` +
          `<table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>\n`
        )
      },
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return text.replace(/<!--[\s\S]*?-->/g, '')
      },
    },
  })
  const html = groupKitSamples(marked.parse(markdown, { async: false }))
  return { html, headings }
}

/** The languages the integration kits are written in: a reader picks one for the whole site. */
export const kitLanguages = ['PHP', 'Python', 'Java', 'Node.js', 'Ruby'] as const

const kitSamples = new RegExp(
  `(?:<figure class="code-sample" data-language="(?:${kitLanguages.map((name) => name.replace('.', '\\.')).join('|')})">[\\s\\S]*?</figure>\\s*){2,}`,
  'g',
)

/**
 * Consecutive samples of the same code in two or more kit languages become one group, so the
 * guide module (app/enhance/guide.ts) can show the reader's language and hide the others.
 */
function groupKitSamples(html: string): string {
  return html.replace(kitSamples, (run) => {
    const languages = [...new Set([...run.matchAll(/data-language="([^"]+)"/g)].map((m) => m[1]!))]
    if (languages.length < 2) return run
    // The first language shows from the first paint; the picker is in the HTML, shown only where
    // script runs (guide.css), so nothing moves when the module wires it.
    const buttons = languages
      .map(
        (language, index) =>
          `<button type="button" class="code-samples__language" data-language="${language}" aria-pressed="${index === 0}">${language}</button>`,
      )
      .join('')
    const samples = run.replaceAll(
      `<figure class="code-sample" data-language="${languages[0]}">`,
      `<figure class="code-sample" data-language="${languages[0]}" data-default="">`,
    )
    return (
      `<div class="code-samples">\n<div class="code-samples__picker" role="group" aria-label="Language of the samples">${buttons}</div>\n` +
      `${samples}</div>\n`
    )
  })
}

/** The words of some HTML: tags dropped, entities read, white space collapsed. */
export function textOf(html: string): string {
  return unescapeHtml(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim()
}
