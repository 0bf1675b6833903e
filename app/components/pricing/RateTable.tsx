import type { PricingTab, RateRow, Slab } from '#core/pricing/pricing.ts'
import { describeSlab, formatCharge } from '#core/pricing/fees.ts'
import './RateTable.css'

/** A tab's rates as a table: one row per slab, the product named once beside its slabs. */
export function RateTable({ tab }: { tab: PricingTab }) {
  const { caption, itemHeader, amountHeader, chargeHeader } = tab.table
  return (
    <table className="rate-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{itemHeader}</th>
          <th scope="col">{amountHeader}</th>
          <th scope="col">{chargeHeader}</th>
        </tr>
      </thead>
      <tbody>
        {tab.rows.map((row) =>
          row.slabs.map((slab, index) => (
            <tr
              key={`${row.id}-${index}`}
              className={index === 0 ? 'rate-table__first' : undefined}
            >
              {index === 0 ? (
                <th scope="row" rowSpan={row.slabs.length}>
                  <span className="rate-table__item">{row.label}</span>
                  <span className="rate-table__detail">{row.detail}</span>
                </th>
              ) : null}
              <td>{describeSlab(slab)}</td>
              <td>
                <ChargeText row={row} slab={slab} />
              </td>
            </tr>
          )),
        )}
      </tbody>
    </table>
  )
}

function ChargeText({ row, slab }: { row: RateRow; slab: Slab }) {
  return (
    <>
      <span className="rate-table__charge">{formatCharge(slab.charge)}</span>
      {row.addOn ? (
        <>
          {' + '}
          <span className="rate-table__charge">{formatCharge(row.addOn.charge)}</span>{' '}
          {row.addOn.label.toLowerCase()}
        </>
      ) : null}
      <span className="rate-table__unit"> {row.unit}</span>
    </>
  )
}
