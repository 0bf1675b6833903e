import { createHash } from 'node:crypto'
import { expect, test } from 'vitest'
import { verifyHash } from '#core/protocol/hash.ts'
import { demoMerchantDefaults } from '#gateway/merchants.ts'
import {
  demoPayId,
  developersBanner,
  integrateSection,
  newSandboxAccountPath,
  sandboxAccount,
  sandboxAccountCurl,
  sandboxAccountsPath,
  statusEnquiryAnswer,
  statusEnquiryCurl,
  statusEnquiryFields,
  statusEnquiryOutput,
  statusEnquiryPath,
} from './developers.ts'

test('the banner title is exactly "Integration made…Easier", with one ellipsis character', () => {
  expect(`${developersBanner.titleLead}${developersBanner.titleEmphasis}`).toBe(
    'Integration made\u2026Easier',
  )
})

test('the four bullets start with the ideas docs/product.md#routes-and-screens lists', () => {
  const starts = [
    'Multiple payment workflows',
    'Professional tech support',
    'Easy setup and cURL support',
    'Checkout customization',
  ]
  expect(integrateSection.bullets).toHaveLength(starts.length)
  integrateSection.bullets.forEach((bullet, index) => {
    expect(bullet.startsWith(starts[index] ?? '-')).toBe(true)
    expect(bullet).toMatch(/\.$/)
  })
})

test('the example is the sandbox’s demo merchant, the one the guides and kits use', () => {
  expect(demoPayId).toBe(demoMerchantDefaults.payId)
  expect(statusEnquiryFields.PAY_ID).toBe(demoMerchantDefaults.payId)
  expect(statusEnquiryAnswer.PAY_ID).toBe(demoMerchantDefaults.payId)
})

test('what the page says it prints is signed with the demo salt, as the sandbox signs it', () => {
  expect(verifyHash(statusEnquiryAnswer, demoMerchantDefaults.salt)).toBe(true)
  expect(JSON.parse(statusEnquiryOutput)).toEqual(statusEnquiryAnswer)
})

test('the example HASH is the protocol hash of the posted fields and the demo salt', () => {
  const { HASH, ...posted } = statusEnquiryFields
  const canonical = Object.keys(posted)
    .sort()
    .map((key) => `${key}=${posted[key as keyof typeof posted]}`)
    .join('~')
  const expected = createHash('sha256')
    .update(canonical + demoMerchantDefaults.salt)
    .digest('hex')
    .toUpperCase()
  expect(HASH).toBe(expected)
})

test('the cURL command posts the fields as JSON to the status enquiry endpoint', () => {
  const endpoint = `https://paystra.example${statusEnquiryPath}`
  const command = statusEnquiryCurl(endpoint)
  expect(statusEnquiryPath).toBe('/sandbox/pgws/transact')
  expect(command).toContain(`curl -X POST '${endpoint}'`)
  expect(command).toContain(`-H 'Content-Type: application/json'`)
  const body = /-d '([\s\S]*)'$/.exec(command)?.[1] ?? ''
  expect(JSON.parse(body)).toEqual(statusEnquiryFields)
})

test('the sandbox account block links to the account page and makes one with cURL, as JSON', () => {
  expect(sandboxAccountsPath).toBe('/sandbox/accounts')
  expect(newSandboxAccountPath).toBe('/sandbox/accounts/new')
  expect(sandboxAccount.link.to).toBe(newSandboxAccountPath)
  expect(sandboxAccountCurl(`https://paystra.example${sandboxAccountsPath}`)).toBe(
    "curl -X POST -H 'Accept: application/json' https://paystra.example/sandbox/accounts",
  )
  expect(sandboxAccount.guide.to).toBe('/developers/docs/sandbox-account')
})
