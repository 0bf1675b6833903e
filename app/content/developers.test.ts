import { createHash } from 'node:crypto'
import { expect, test } from 'vitest'
import {
  developersBanner,
  integrateSection,
  statusEnquiryCurl,
  statusEnquiryExampleSalt,
  statusEnquiryFields,
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

test('the example HASH is the protocol hash of the posted fields and the example salt', () => {
  const { HASH, ...posted } = statusEnquiryFields
  const canonical = Object.keys(posted)
    .sort()
    .map((key) => `${key}=${posted[key as keyof typeof posted]}`)
    .join('~')
  const expected = createHash('sha256')
    .update(canonical + statusEnquiryExampleSalt)
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
