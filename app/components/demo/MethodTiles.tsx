import { palette } from '#core/brand/brand.ts'
import type { MouseEvent } from 'react'
import type { PaymentMethodTile } from '#app/content/demo.ts'
import './MethodTiles.css'

interface MethodTilesProps {
  tiles: readonly PaymentMethodTile[]
  /** Names the group for screen readers, e.g. "Banks". */
  label: string
  selectedCode?: string
  onSelect: (tile: PaymentMethodTile) => void
  /**
   * The id of the form a tile submits before scripts run: it opens the page again with the
   * tile chosen, its code as `mopType`.
   */
  choiceForm: string
}

/**
 * A grid of banks or wallets; each tile is a toggle button carrying its MOP_TYPE code. Its
 * press chooses it; before scripts run, by submitting the choice form.
 */
export function MethodTiles({
  tiles,
  label,
  selectedCode,
  onSelect,
  choiceForm,
}: MethodTilesProps) {
  function onClick(event: MouseEvent<HTMLButtonElement>, tile: PaymentMethodTile) {
    event.preventDefault()
    onSelect(tile)
  }
  return (
    <ul className="method-tiles" aria-label={label}>
      {tiles.map((tile, index) => (
        <li key={tile.code}>
          <button
            type="submit"
            form={choiceForm}
            name="mopType"
            value={tile.code}
            className="method-tile"
            data-code={tile.code}
            aria-pressed={tile.code === selectedCode}
            onClick={(event) => onClick(event, tile)}
          >
            <Monogram text={tile.monogram} hue={index} />
            <span className="method-tile__name">{tile.name}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}

/** Neutral badges in the site's palette: the demo does not reproduce banks' trademarks. */
const badgeColours = [
  palette.brand,
  palette.accent,
  '#b54708',
  '#1d4ed8',
  '#9d174d',
  palette.brandStrong,
  '#0f766e',
  '#6941c6',
]

function Monogram({ text, hue }: { text: string; hue: number }) {
  const colour = badgeColours[hue % badgeColours.length]
  return (
    <svg
      className="method-tile__badge"
      viewBox="0 0 40 40"
      width="40"
      height="40"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="20" cy="20" r="20" fill={colour} />
      <text
        x="20"
        y="20"
        dy="0.35em"
        textAnchor="middle"
        fill="#fff"
        fontSize={text.length > 2 ? 11 : 14}
        fontWeight="700"
        fontFamily="system-ui, sans-serif"
      >
        {text}
      </text>
    </svg>
  )
}
