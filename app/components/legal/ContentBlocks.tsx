import { useId } from 'react'
import type {
  ContactBlock,
  DefinitionsBlock,
  LegalBlock,
  ListBlock,
  TableBlock,
} from '#app/content/legal/types.ts'
import { InlineText } from './InlineText.tsx'

interface ContentBlocksProps {
  blocks: readonly LegalBlock[]
  /** Prefix for clause numbers ("3" gives 3.1, 3.2 …); paragraphs are unnumbered without it. */
  clausePrefix?: string
}

/** Paragraphs, lists, definitions, tables and contact cards of a legal text or an FAQ answer. */
export function ContentBlocks({ blocks, clausePrefix }: ContentBlocksProps) {
  const clauses = clauseNumbers(blocks)
  return (
    <>
      {blocks.map((block, index) => {
        if (typeof block === 'string') {
          return (
            <p key={index}>
              {clausePrefix ? (
                <span className="legal-clause">
                  {clausePrefix}.{clauses[index]}
                </span>
              ) : null}
              <InlineText text={block} />
            </p>
          )
        }
        switch (block.kind) {
          case 'list':
            return <BlockList key={index} block={block} />
          case 'definitions':
            return <Definitions key={index} block={block} />
          case 'table':
            return <BlockTable key={index} block={block} />
          case 'contact':
            return <ContactCard key={index} block={block} />
        }
      })}
    </>
  )
}

/** Paragraphs count as clauses; lists and other blocks belong to the clause before them. */
function clauseNumbers(blocks: readonly LegalBlock[]): (number | undefined)[] {
  let clause = 0
  return blocks.map((block) => (typeof block === 'string' ? ++clause : undefined))
}

function BlockList({ block }: { block: ListBlock }) {
  const items = block.items.map((item) => (
    <li key={item}>
      <InlineText text={item} />
    </li>
  ))
  if (block.style === 'bullet') return <ul>{items}</ul>
  return <ol className={block.style === 'alpha' ? 'legal-list--alpha' : undefined}>{items}</ol>
}

function Definitions({ block }: { block: DefinitionsBlock }) {
  return (
    <dl className="legal-definitions">
      {block.items.map((item) => (
        <div key={item.term}>
          <dt>{item.term}</dt>
          <dd>
            <InlineText text={item.meaning} />
          </dd>
        </div>
      ))}
    </dl>
  )
}

function BlockTable({ block }: { block: TableBlock }) {
  const captionId = useId()
  // If a table is still too wide for the screen, it scrolls inside this region, not the page;
  // a scrollable region must take keyboard focus. Phones get one card per row instead (CSS).
  return (
    <div className="legal-table" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table>
        <caption id={captionId}>{block.caption}</caption>
        <thead>
          <tr>
            {block.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {block.rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, cellIndex) =>
                cellIndex === 0 ? (
                  <th key={cellIndex} scope="row">
                    <code>{cell}</code>
                  </th>
                ) : (
                  <td key={cellIndex} data-label={block.columns[cellIndex]}>
                    <InlineText text={cell} />
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function ContactCard({ block }: { block: ContactBlock }) {
  return (
    <address className="legal-contact">
      {block.lines.map((line, index) => (
        <span key={line} className={index === 0 ? 'legal-contact__name' : undefined}>
          <InlineText text={line} />
        </span>
      ))}
    </address>
  )
}
