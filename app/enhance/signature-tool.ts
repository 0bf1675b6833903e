import {
  type Cause,
  checkSignature,
  type SignatureReport,
} from '#app/components/developers/signature/diagnosis.ts'
import {
  type EncdataKey,
  findKeyMistake,
  openEncdata,
} from '#app/components/developers/signature/encdata.ts'
import {
  type Entry,
  type PastedFormat,
  readPastedFields,
} from '#app/components/developers/signature/pasted-fields.ts'
import {
  type LinkedFields,
  readLinkFragment,
} from '#app/components/developers/signature/link-fragment.ts'
import { visibleRuns } from '#app/components/developers/signature/visible-text.ts'
import { webCryptoAvailable } from '#app/components/developers/signature/web-crypto.ts'
import {
  causeText,
  encdataText,
  hashExamples,
  linkedText,
  needsWebCrypto,
  noteText,
  problemText,
  resultText,
} from '#app/content/signature-tool.ts'

/**
 * Enhancement module of /developers/tools/signature.
 *
 * The page arrives with both forms disabled and the rule explained; this module enables them
 * and does all the work in the browser (Web Crypto): nothing typed is sent or stored. Each form
 * answers on submit, then again as its fields change.
 */

type Child = Node | string

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag)
  if (className) node.className = className
  node.append(...children)
  return node
}

function runsOf(text: string): Node[] {
  return visibleRuns(text).map((run) =>
    run.kind === 'text'
      ? document.createTextNode(run.text)
      : element('span', 'signature-text__mark', run.label),
  )
}

/** The text as code, invisible characters marked, and the salt at its end set apart. */
function visibleText(text: string, salt: string): HTMLElement {
  const saltAtEnd = salt !== '' && text.endsWith(salt)
  const head = saltAtEnd ? text.slice(0, -salt.length) : text
  const code = element('code', 'signature-text', ...runsOf(head))
  if (saltAtEnd) {
    code.append(element('span', 'signature-text__salt', ...runsOf(salt)))
  }
  return code
}

function byteLength(text: string): number {
  return new TextEncoder().encode(text).length
}

function row(term: string, ...description: Child[]): HTMLElement {
  return element('div', null, element('dt', null, term), element('dd', null, ...description))
}

function causeBox(cause: Cause | null, entries: readonly Entry[], salt: string): HTMLElement {
  if (cause === null)
    return element('div', 'signature-cause', element('p', null, resultText.noCause))
  const text = causeText[cause.id]
  const posted = entries.find(([key]) => key === cause.field)?.[1]
  return element(
    'div',
    'signature-cause',
    element('h3', 'signature-cause__title', `${resultText.likelyCause}: ${text.title}`),
    element(
      'p',
      null,
      text.explain({
        field: cause.field,
        hashedValue: cause.hashedValue,
        postedValue: posted,
        digest: cause.digest,
      }),
    ),
    element(
      'p',
      'signature-cause__label',
      cause.id === 'hmac' ? resultText.theirHmac : resultText.theirText,
    ),
    visibleText(cause.hashedText, cause.hashedSalt ?? salt),
  )
}

function verdictOf(report: SignatureReport): string {
  if (report.matches === null) return resultText.noHash
  if (report.matches) return resultText.matches
  return report.cause
    ? `${resultText.mismatch} ${resultText.likelyCause}: ${causeText[report.cause.id].title}.`
    : resultText.mismatch
}

function reportDetails(
  report: SignatureReport,
  entries: readonly Entry[],
  salt: string,
  format: PastedFormat | null,
): Node[] {
  const list = element(
    'dl',
    'signature-result__list',
    row(
      resultText.hashedText,
      visibleText(report.hashInput, salt),
      element(
        'span',
        'signature-result__hint',
        resultText.hashedTextHint(byteLength(report.hashInput)),
      ),
    ),
    row(resultText.expected, element('code', 'signature-text', report.expected)),
  )
  if (report.claimed !== null) {
    list.append(row(resultText.claimed, element('code', 'signature-text', report.claimed)))
  }
  const nodes: Node[] = []
  if (format) nodes.push(element('p', 'signature-result__format', resultText.format[format]))
  nodes.push(list)
  if (report.matches === false) nodes.push(causeBox(report.cause, entries, salt))
  if (report.notes.length > 0) {
    nodes.push(
      element(
        'ul',
        'signature-result__notes',
        ...report.notes.map((note) => element('li', null, noteText(note))),
      ),
    )
  }
  return nodes
}

interface ResultSlots {
  verdict: HTMLElement
  details: HTMLElement
}

function show(slots: ResultSlots, verdict: string, state: string, ...details: Node[]) {
  slots.verdict.textContent = verdict
  slots.verdict.dataset.state = state
  slots.details.replaceChildren(...details)
}

function stateOf(matches: boolean | null): string {
  return matches === null ? 'info' : matches ? 'ok' : 'error'
}

function text(form: HTMLFormElement, name: string): string {
  const control = form.elements.namedItem(name)
  return control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement
    ? control.value
    : ''
}

async function checkHash(form: HTMLFormElement, slots: ResultSlots) {
  const read = readPastedFields(text(form, 'fields'))
  if (!read.ok) return show(slots, problemText(read.problem), 'error')
  const salt = text(form, 'salt')
  if (salt === '') return show(slots, resultText.saltMissing, 'error')
  const report = await checkSignature(read.entries, salt, text(form, 'hash'), read.format)
  show(
    slots,
    verdictOf(report),
    stateOf(report.matches),
    ...reportDetails(report, read.entries, salt, read.format),
  )
}

function fieldsTable(entries: readonly Entry[]): HTMLElement {
  return element(
    'div',
    'signature-result__table',
    element(
      'table',
      null,
      element('caption', 'visually-hidden', encdataText.fields),
      element(
        'thead',
        null,
        element('tr', null, element('th', null, 'Key'), element('th', null, 'Value')),
      ),
      element(
        'tbody',
        null,
        ...entries.map(([key, value]) =>
          element('tr', null, element('th', null, key), element('td', null, ...runsOf(value))),
        ),
      ),
    ),
  )
}

async function decryptEncdata(form: HTMLFormElement, slots: ResultSlots) {
  const key = text(form, 'key').trim()
  const keySalt = text(form, 'keySalt')
  const payId = text(form, 'payId').trim()
  const given: EncdataKey | null = key ? { key } : keySalt && payId ? { keySalt, payId } : null
  if (text(form, 'encdata').trim() === '')
    return show(slots, problemText({ kind: 'empty' }), 'error')
  if (given === null) return show(slots, encdataText.needKey, 'error')
  const result = await openEncdata(text(form, 'encdata'), given)
  const keyRow = result.key
    ? [row(encdataText.keyUsed, element('code', 'signature-text', result.key))]
    : []
  if (!result.ok) {
    const details: Node[] = [element('dl', 'signature-result__list', ...keyRow)]
    if (result.reason === 'undecryptable') {
      const mistake = await findKeyMistake(text(form, 'encdata'), given, text(form, 'salt'))
      if (mistake) details.push(element('p', 'signature-cause', encdataText.keyMistakes[mistake]))
    }
    if (result.reason === 'malformed') {
      details.push(
        element('p', null, problemText(result.problem)),
        visibleText(result.plaintext, ''),
      )
    }
    return show(slots, encdataText.failure[result.reason], 'error', ...details)
  }
  const opened = element(
    'dl',
    'signature-result__list',
    ...keyRow,
    row(encdataText.plaintext, visibleText(result.plaintext, '')),
  )
  const salt = text(form, 'salt')
  if (salt === '')
    return show(slots, encdataText.noSalt, 'info', opened, fieldsTable(result.entries))
  const report = await checkSignature(result.entries, salt)
  const verdict = report.matches
    ? encdataText.hashVerifies
    : `${encdataText.hashFails}${report.cause ? ` ${resultText.likelyCause}: ${causeText[report.cause.id].title}.` : ''}`
  show(
    slots,
    verdict,
    stateOf(report.matches),
    opened,
    fieldsTable(result.entries),
    ...reportDetails(report, result.entries, salt, null),
  )
}

const tools = { hash: checkHash, encdata: decryptEncdata } as const

function setValue(form: HTMLFormElement, name: string, value: string) {
  const control = form.elements.namedItem(name)
  if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)
    control.value = value
}

/**
 * A link from the sandbox's 323 refusal (`#fields=…` or `#encdata=…`) fills this form, which then
 * answers as soon as the salt is typed. Returns the control the developer fills next.
 */
function fillFromLink(form: HTMLFormElement, linked: LinkedFields): HTMLElement | null {
  if (linked.tool === 'hash') {
    setValue(form, 'fields', linked.fields)
    return form.querySelector<HTMLElement>('[name="salt"]')
  }
  setValue(form, 'encdata', linked.encdata)
  setValue(form, 'payId', linked.payId)
  return form.querySelector<HTMLElement>('[name="keySalt"]')
}

function setUp(form: HTMLFormElement, linked: LinkedFields | null) {
  const tool = tools[form.dataset.tool as keyof typeof tools]
  const card = form.closest('.signature-tool')
  const verdict = card?.querySelector<HTMLElement>('.signature-result__verdict')
  const details = card?.querySelector<HTMLElement>('.signature-result__details')
  const fieldset = form.querySelector('fieldset')
  if (!tool || !verdict || !details || !fieldset) return
  const slots = { verdict, details }
  let checked = false
  let latest = 0

  async function run() {
    const run = ++latest
    // Answers are computed asynchronously; only the one for the latest input is shown.
    const shown = { verdict: document.createElement('p'), details: document.createElement('div') }
    await tool(form, shown)
    if (run !== latest) return
    show(
      slots,
      shown.verdict.textContent ?? '',
      shown.verdict.dataset.state ?? 'info',
      ...shown.details.childNodes,
    )
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    checked = true
    void run()
  })
  form.addEventListener('input', () => {
    if (checked) void run()
  })
  for (const button of form.querySelectorAll<HTMLButtonElement>('[data-action="example"]')) {
    const example = hashExamples.find((candidate) => candidate.id === button.dataset.example)
    if (!example) continue
    button.addEventListener('click', () => {
      for (const name of ['fields', 'salt', 'hash'] as const) {
        const control = form.elements.namedItem(name)
        if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)
          control.value = example[name]
      }
      checked = true
      void run()
    })
  }
  fieldset.disabled = false
  if (linked && linked.tool === form.dataset.tool) {
    const next = fillFromLink(form, linked)
    checked = true
    show(slots, linkedText[linked.tool], 'info')
    next?.focus()
  }
}

const status = document.querySelector<HTMLElement>('[data-tool-status]')
if (webCryptoAvailable()) {
  // The fragment stays in this page: a browser never sends it to a server.
  const linked = readLinkFragment(window.location.hash)
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-tool]'))
    setUp(form, linked)
  if (status) status.dataset.ready = ''
} else {
  const noScript = status?.querySelector('.signature-tools__no-script')
  if (noScript) noScript.textContent = needsWebCrypto
}
