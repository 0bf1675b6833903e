import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'
import {
  causeText,
  encdataText,
  hashExamples,
  hashForm,
  needsJavaScript,
  noteText,
  privacyNote,
  problemText,
  resultText,
  sandboxExampleSalt,
  settlementAnswerExample,
} from '#app/content/signature-tool.ts'
import {
  expect,
  expectNoAxeViolations,
  expectNoHorizontalScroll,
  gotoHydrated,
  test,
  widths,
} from './fixtures.ts'

const path = '/developers/tools/signature'

interface HashVector {
  note: string
  fields: Record<string, string>
  salt: string
  canonical?: string
  hash?: string
  claimedHash?: string
}
// Read, not imported: Playwright's loader wants an import attribute the type check refuses.
const vectors = JSON.parse(readFileSync('core/protocol/vectors.json', 'utf8')) as {
  hash: HashVector[]
  encdata: Array<Record<string, string>>
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').toUpperCase()
}

function hashTool(page: Page) {
  return page
    .locator('section.signature-tool')
    .filter({ has: page.getByRole('heading', { name: 'Check a HASH' }) })
}

function encdataTool(page: Page) {
  return page
    .locator('section.signature-tool')
    .filter({ has: page.getByRole('heading', { name: 'Open an ENCDATA' }) })
}

async function checkHash(page: Page, fields: string, salt: string, hash = '') {
  const tool = hashTool(page)
  await tool.getByLabel('Fields').fill(fields)
  await tool.getByLabel('Salt').fill(salt)
  await tool.getByLabel('HASH to check (optional)').fill(hash)
  await tool.getByRole('button', { name: 'Check HASH' }).click()
  return tool
}

const request = vectors.hash[1]!
const salt = request.salt
const lines = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n')

test.beforeEach(async ({ page }) => {
  await gotoHydrated(page, path)
})

test('is a page of its own, listed in the sitemap and linked from the Developers page', async ({
  page,
  request: http,
}) => {
  await expect(page).toHaveURL(path)
  await expect(page).toHaveTitle(/Signature debugger/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signature debugger')
  await expect(page.getByText(privacyNote)).toBeVisible()
  expect(await (await http.get('/sitemap.xml')).text()).toContain(path)

  await gotoHydrated(page, '/developers')
  await page.getByRole('link', { name: 'Paste it into the signature debugger' }).click()
  await expect(page).toHaveURL(path)
})

test.describe('the shared HASH vectors', () => {
  for (const vector of vectors.hash) {
    test(vector.note, async ({ page }) => {
      const claimed = vector.hash ?? vector.claimedHash!
      const tool = await checkHash(
        page,
        JSON.stringify({ ...vector.fields, HASH: claimed }),
        vector.salt,
      )
      const verdict = tool.getByRole('status')
      if (vector.hash) {
        await expect(verdict).toHaveText(resultText.matches)
        await expect(tool.locator('.signature-text').first()).toHaveText(
          vector.canonical! + vector.salt,
        )
        await expect(tool.locator('.signature-text__salt').first()).toHaveText(vector.salt)
        await expect(tool.locator('.signature-text').nth(1)).toHaveText(vector.hash)
      } else {
        await expect(verdict).toContainText(resultText.mismatch)
      }
    })
  }
})

test.describe('fills in an example and it matches', () => {
  for (const example of hashExamples) {
    test(example.label, async ({ page }) => {
      const tool = hashTool(page)
      const examples = tool.getByRole('group', { name: hashForm.examples })
      await examples.getByRole('button', { name: example.label, exact: true }).click()
      await expect(tool.getByLabel('Fields')).toHaveValue(example.fields)
      await expect(tool.getByLabel('Salt')).toHaveValue(example.salt)
      await expect(tool.getByRole('status')).toHaveText(resultText.matches)
    })
  }

  test('a settlement answer: its lines are JSON text under the HASH', async ({ page }) => {
    const tool = hashTool(page)
    await tool.getByRole('button', { name: 'Settlement answer', exact: true }).click()
    await expect(tool.getByRole('status')).toHaveText(resultText.matches)
    await expect(tool.locator('.signature-result__format')).toHaveText(resultText.format.json)
    await expect(tool.locator('.signature-result__notes')).toHaveText(
      noteText({ kind: 'json-text', field: 'LINES' }),
    )
    // The answer pasted after its code parsed LINES: the HASH covered the text, not the list.
    const parsed = {
      ...settlementAnswerExample,
      LINES: JSON.parse(settlementAnswerExample.LINES) as unknown,
    }
    await checkHash(page, JSON.stringify(parsed, null, 2), sandboxExampleSalt)
    await expect(tool.getByRole('status')).toHaveText(
      problemText({ kind: 'list-not-text', key: 'LINES' }),
    )
  })
})

test.describe('names the likely cause', () => {
  const sorted = request.canonical!
  const fields = lines(request.fields)
  const cases = [
    {
      cause: 'unsorted',
      hash: sha256(
        Object.entries(request.fields)
          .map(([k, v]) => `${k}=${v}`)
          .join('~') + salt,
      ),
    },
    {
      cause: 'hash-included',
      fields: `${fields}\nHASH=`,
      hash: sha256(sorted.replace('ORDER_ID', 'HASH=~ORDER_ID') + salt),
    },
    { cause: 'salt-whitespace', hash: sha256(`${sorted}${salt}\n`) },
    {
      cause: 'value-whitespace',
      hash: sha256(sorted.replace('Demo Customer', 'Demo Customer ') + salt),
    },
    { cause: 'amount-units', hash: sha256(sorted.replace('AMOUNT=100', 'AMOUNT=1.00') + salt) },
    {
      cause: 'plus-as-space',
      fields: 'CUST_EMAIL=demo+shop@example.com&AMOUNT=100&ORDER_ID=LP1',
      hash: sha256('AMOUNT=100~CUST_EMAIL=demo+shop@example.com~ORDER_ID=LP1' + salt),
    },
  ] as const
  for (const crafted of cases) {
    const title = causeText[crafted.cause].title
    test(title, async ({ page }) => {
      const tool = await checkHash(
        page,
        'fields' in crafted ? crafted.fields : fields,
        salt,
        crafted.hash,
      )
      await expect(tool.getByRole('status')).toHaveText(
        `${resultText.mismatch} ${resultText.likelyCause}: ${title}.`,
      )
      await expect(tool.locator('.signature-cause')).toContainText(
        `${resultText.likelyCause}: ${title}`,
      )
    })
  }

  test('marks the white space it found', async ({ page }) => {
    const tool = await checkHash(page, 'ORDER_ID=LP1 \nPAY_ID=1000000000000001', `${salt}\t`)
    await expect(
      tool.locator('.signature-text').first().locator('.signature-text__mark'),
    ).toHaveText(['·', 'TAB'])
  })

  test('refuses a field named twice, as the gateway does', async ({ page }) => {
    const tool = await checkHash(page, 'A=1\nA=2', salt)
    await expect(tool.getByRole('status')).toContainText('A appears twice')
  })
})

test.describe('ENCDATA', () => {
  const [derivation, encRequest, encResponse] = vectors.encdata as [
    Record<string, string>,
    Record<string, string>,
    Record<string, string>,
  ]

  test('decrypts with the key salt and PAY_ID, and the HASH inside verifies', async ({ page }) => {
    const tool = encdataTool(page)
    await tool.getByLabel('ENCDATA').fill(encRequest.encdata!)
    await tool.getByLabel('PAY_ID').fill(derivation.payId!)
    await tool.getByLabel('Key salt').fill(derivation.keySalt!)
    await tool.getByLabel('Salt (to verify the HASH inside)').fill(encRequest.salt!)
    await tool.getByRole('button', { name: 'Decrypt ENCDATA' }).click()
    await expect(tool.getByRole('status')).toHaveText(encdataText.hashVerifies)
    await expect(tool.getByText(encRequest.key!)).toBeVisible()
    await expect(tool.getByRole('row', { name: /MOP_TYPE 1004/ })).toBeVisible()
  })

  test('decrypts a response with the merchant-hosted key, + turned into spaces', async ({
    page,
  }) => {
    const tool = encdataTool(page)
    await tool.getByLabel('ENCDATA').fill(encResponse.encdata!.replaceAll('+', ' '))
    await tool.getByLabel('Or the merchant-hosted key').fill(encResponse.key!)
    await tool.getByLabel('Salt (to verify the HASH inside)').fill(encResponse.salt!)
    await tool.getByRole('button', { name: 'Decrypt ENCDATA' }).click()
    await expect(tool.getByRole('status')).toHaveText(encdataText.hashVerifies)
    await expect(tool.getByRole('row', { name: /RESPONSE_CODE 000/ })).toBeVisible()
  })

  test('says when the key is not the right one', async ({ page }) => {
    const tool = encdataTool(page)
    await tool.getByLabel('ENCDATA').fill(encRequest.encdata!)
    await tool.getByLabel('PAY_ID').fill(derivation.payId!)
    await tool.getByLabel('Key salt').fill(encRequest.salt!)
    await tool.getByRole('button', { name: 'Decrypt ENCDATA' }).click()
    await expect(tool.getByRole('status')).toHaveText(encdataText.failure.undecryptable)
    // With the key salt where the salt goes, it names the swap.
    await tool.getByLabel('Salt (to verify the HASH inside)').fill(derivation.keySalt!)
    await expect(tool.locator('.signature-cause')).toHaveText(
      encdataText.keyMistakes['salts-swapped'],
    )
  })
})

test('works with the keyboard alone', async ({ page }) => {
  const tool = hashTool(page)
  await tool.getByLabel('Fields').focus()
  await page.keyboard.insertText(lines(request.fields))
  await page.keyboard.press('Tab')
  await expect(tool.getByLabel('Salt')).toBeFocused()
  await page.keyboard.insertText(salt)
  await page.keyboard.press('Tab')
  await page.keyboard.insertText(request.hash!)
  await page.keyboard.press('Tab')
  await expect(tool.getByRole('button', { name: 'Check HASH' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(tool.getByRole('status')).toHaveText(resultText.matches)
  // Once checked, it follows the input: a changed salt no longer matches.
  await tool.getByLabel('Salt').focus()
  await page.keyboard.press('End')
  await page.keyboard.insertText('x')
  await expect(tool.getByRole('status')).toContainText(resultText.mismatch)
})

for (const [name, width] of Object.entries(widths)) {
  test(`is accessible and fits at ${width} px (${name}), with results shown`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await expectNoAxeViolations(page)
    await checkHash(page, lines(request.fields), salt, sha256(`${request.canonical}${salt}\n`))
    await expect(hashTool(page).locator('.signature-cause')).toBeVisible()
    const encTool = encdataTool(page)
    await encTool.getByLabel('ENCDATA').fill(vectors.encdata[1]!.encdata!)
    await encTool.getByLabel('Or the merchant-hosted key').fill(vectors.encdata[1]!.key!)
    await encTool.getByLabel('Salt (to verify the HASH inside)').fill(vectors.encdata[1]!.salt!)
    await encTool.getByRole('button', { name: 'Decrypt ENCDATA' }).click()
    await expect(encTool.getByRole('status')).toHaveText(encdataText.hashVerifies)
    await expectNoAxeViolations(page)
    await expectNoHorizontalScroll(page)
  })
}

test('on a wide screen the key and salt fields sit two by two, their boxes level', async ({
  page,
}) => {
  await page.goto(path)
  const top = async (label: string, tool = encdataTool(page)) =>
    (await tool.getByLabel(label, { exact: true }).boundingBox())!.y
  expect(await top('Salt', hashTool(page))).toBe(
    await top('HASH to check (optional)', hashTool(page)),
  )
  expect(await top('PAY_ID')).toBe(await top('Key salt'))
  expect(await top('Or the merchant-hosted key')).toBe(
    await top('Salt (to verify the HASH inside)'),
  )
  expect(await top('Or the merchant-hosted key')).toBeGreaterThan(await top('PAY_ID'))
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('explains the HASH rule and says the tool needs JavaScript', async ({ page }) => {
    await page.goto(path)
    await expect(page.getByText(needsJavaScript)).toBeVisible()
    await expect(page.getByText(privacyNote)).toBeHidden()
    await page.getByRole('link', { name: 'how the HASH is made' }).click()
    await expect(page.getByRole('heading', { name: 'How the HASH is made' })).toBeVisible()
    await expect(page.getByText('Append your salt with no separator')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Check HASH' })).toBeDisabled()
  })
})
