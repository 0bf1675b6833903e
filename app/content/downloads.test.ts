import { describe, expect, it } from 'vitest'
import {
  allDownloads,
  developerDownloadLists,
  integrationKits,
  integrationKitsInitialCount,
} from './downloads.ts'

describe('downloads', () => {
  it('offers 16 integration kits, PG, ePOS, Wallet and POS in PHP, Python, Java and Node.js', () => {
    expect(integrationKits).toHaveLength(16)
    expect(new Set(integrationKits.map((kit) => kit.product))).toEqual(
      new Set(['PG', 'ePOS', 'Wallet', 'POS']),
    )
    expect(new Set(integrationKits.map((kit) => kit.language))).toEqual(
      new Set(['PHP', 'Python', 'Java', 'Node.js']),
    )
    expect(integrationKitsInitialCount).toBe(8)
  })

  it('lists the developer documents, plugins and server kits of docs/product.md#business-constants-and-limits in order', () => {
    const labels = Object.fromEntries(
      developerDownloadLists.map((list) => [list.title, list.items.map((item) => item.label)]),
    )
    expect(labels).toEqual({
      Docs: [
        'PG Hosted',
        'Seamless',
        'Payout',
        'API',
        'UPI QR',
        'PG QR',
        'Settlements',
        'International Payments and Disputes',
        'Sandbox Account',
        'Payment Links and Virtual Accounts',
        'Subscriptions and UPI AutoPay',
      ],
      'eCommerce Plugins': ['WooCommerce', 'Magento', 'OS Commerce', 'OpenCart', 'PrestaShop'],
      'Server Integrations': ['PHP', 'Python', 'Java', 'Node.js', 'Ruby', 'Merchant Hosted PHP'],
    })
  })

  it('gives every download its own address under /downloads/ with a matching extension', () => {
    const hrefs = allDownloads.map((item) => item.href)
    expect(new Set(hrefs).size).toBe(hrefs.length)
    for (const item of allDownloads) {
      expect(item.href).toMatch(new RegExp(`^/downloads/[a-z-]+/[a-z0-9-]+\\.${item.format}$`))
      expect(item.fileName.endsWith(`.${item.format}`)).toBe(true)
    }
  })
})
