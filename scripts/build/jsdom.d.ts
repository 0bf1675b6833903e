/**
 * jsdom ships no types and @types/jsdom is not installed: the one constructor the page check
 * (no-inline-code.ts) uses. It parses with parse5, the parser of the HTML standard, and runs no
 * script and loads nothing unless asked to.
 */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string)
    readonly window: Window & typeof globalThis
  }
}
