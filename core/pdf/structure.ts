/**
 * The tagged PDF's structure tree, built while the page is drawn: screen readers follow it
 * for headings, lists, tables and reading order. Content is marked only at the leaves (pdfkit
 * closes an open marked-content sequence when another one starts), and whatever repeats or
 * only decorates (bands, rules, shading, running header and footer, a table's repeated
 * header row) is marked as an artifact so it is not read out.
 */
export class StructureTree {
  private readonly stack: PDFKit.PDFStructureElement[]

  constructor(private readonly doc: PDFKit.PDFDocument) {
    const root = doc.struct('Document')
    doc.addStructure(root)
    this.stack = [root]
  }

  /** The element now being filled: pdfkit's table takes it as its `structParent`. */
  get parent(): PDFKit.PDFStructureElement {
    return this.current
  }

  private get current(): PDFKit.PDFStructureElement {
    return this.stack[this.stack.length - 1]!
  }

  /** A container (Sect, L, LI, Table, TR …): elements made while `build` runs go inside it. */
  group(type: string, build: () => void) {
    const element = this.reserve(type)
    this.within(element, build)
    element.end()
  }

  /**
   * A container placed here in reading order but filled later (the contents, drawn after the
   * body has found each section's page): fill it with `within`, then `end()` it.
   */
  reserve(type: string): PDFKit.PDFStructureElement {
    const element = this.doc.struct(type)
    this.current.add(element)
    return element
  }

  /** Makes elements inside `element` (from `reserve`) while `build` runs. */
  within(element: PDFKit.PDFStructureElement, build: () => void) {
    this.stack.push(element)
    try {
      build()
    } finally {
      this.stack.pop()
    }
  }

  /** A leaf (P, H1, TD, Lbl …): everything `draw` puts on the page is this element's content. */
  leaf(type: string, draw: () => void, options: PDFKit.Mixins.StructureElementOptions = {}) {
    this.current.add(this.doc.struct(type, options, draw))
  }

  /** Drawing that is not content (decoration, or page furniture): screen readers skip it. */
  artifact(draw: () => void, kind: 'Layout' | 'Pagination' = 'Layout') {
    this.doc.markContent('Artifact', { type: kind })
    draw()
    this.doc.endMarkedContent()
  }
}
