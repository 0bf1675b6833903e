/**
 * One language's kits, run for real: the core's own tests (the shared protocol vectors), then
 * every example's web app against a sandbox of the test's own, paid to success and to failure
 * by a customer played over HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { SandboxServer } from '#gateway/server.ts'
import { deriveMerchantHostedKey, encryptFields } from '#core/protocol/cipher.ts'
import { withHash } from '#core/protocol/hash.ts'
import { demoMerchantDefaults } from '#gateway/merchants.ts'
import { followMerchantForm, pay, returnToMerchant, submit, tamper, testCards } from './customer.ts'
import { clickButton } from './html-forms.ts'
import { type Answer, follow, json, request } from './http.ts'
import { freePort, onPath, type RunningApp, runToEnd, startApp } from './processes.ts'
import { demoCredentials, startSandbox } from './sandbox.ts'
import type { ExampleId, KitLanguage } from './types.ts'
import { paidWithoutReturn, unknownOrderSteps, webhookSteps } from './webhooks.ts'
import { reconciliationSteps, runReconcile } from './reconciliation.ts'
import { disputeSteps } from './disputes.ts'
import { paylinkSteps } from './paylinks.ts'
import { subscriptionSteps } from './subscriptions.ts'

export const kitsRoot = resolve(import.meta.dirname, '..')
export const vectorsFile = resolve(kitsRoot, '../core/protocol/vectors.json')

interface Verified {
  verified: boolean
  fields: Record<string, string>
  error?: string
}

const customer = {
  CUST_NAME: 'Asha Verma',
  CUST_EMAIL: 'asha.verma@example.com',
  CUST_MOBILE: '9876543210',
}

export function describeKit(language: KitLanguage) {
  describe(`${language.name} kits`, () => {
    const cwd = resolve(kitsRoot, language.id)
    let sandbox: SandboxServer

    beforeAll(async () => {
      const missing = language.requires.filter((program) => !onPath(program))
      if (missing.length > 0) {
        throw new Error(
          `${language.name} kits need ${missing.join(', ')} on PATH (.ci/run installs them)`,
        )
      }
      if (language.build) runToEnd(language.build, cwd, {})
      sandbox = await startSandbox()
    }, 240_000)
    afterAll(async () => sandbox?.close())

    test("the kit's own tests pass: the core's on every section of the shared vectors, then the example layer's", () => {
      runToEnd(language.unitTest, cwd, { PAYSTRA_VECTORS: vectorsFile })
    }, 120_000)

    for (const example of language.examples) {
      describe(example, () => {
        let app: RunningApp
        // The example's orders live in a folder of the test's own, not in the kit.
        const dataDir = mkdtempSync(join(tmpdir(), `paystra-${language.id}-${example}-`))
        beforeAll(async () => {
          const port = await freePort()
          const appUrl = `http://127.0.0.1:${port}`
          app = await startApp(
            language.start(example),
            cwd,
            {
              ...demoCredentials,
              PAYSTRA_BASE_URL: sandbox.url,
              PAYSTRA_DATA_DIR: dataDir,
              APP_URL: appUrl,
              PORT: String(port),
            },
            port,
          )
        }, 60_000)
        afterAll(async () => {
          await app?.stop()
          rmSync(dataDir, { recursive: true, force: true })
        })

        const status = async (orderId: string) =>
          json<Verified>(
            await request(`${app.url}/status?order_id=${encodeURIComponent(orderId)}`, {
              accept: 'application/json',
            }),
          )

        const expectVerified = async (answer: Answer, code: string) => {
          const body = json<Verified>(answer)
          expect(
            body,
            `${answer.url} → ${answer.text.slice(0, 500)}\n${app.output().slice(-1500)}`,
          ).toMatchObject({
            verified: true,
            fields: { RESPONSE_CODE: code },
          })
          expect(answer.status).toBe(200)
          return body.fields
        }

        const stepContext = (): StepContext => ({
          app: () => app,
          sandbox: () => sandbox,
          urls: () => ({ appUrl: app.url, sandboxUrl: sandbox.url }),
          status,
          expectVerified,
        })

        /** A hosted card payment returned to the example: its order is paid. */
        const paidOrder = async (card: string) => {
          const response = await hostedPayment(stepContext(), card)
          const fields = await expectVerified(await returnToMerchant(response), '000')
          return fields.ORDER_ID!
        }

        test('GET / explains the example', async () => {
          const page = await request(app.url + '/')
          expect(page.type).toContain('text/html')
          expect(page.text).toMatch(/Paystra/)
        })

        const refunds = example === 'server' && language.serverRefunds ? [refundStep] : []
        const paylinks = example === 'pg' && language.paylinks ? viaWebhooks(paylinkSteps) : []
        // Last: they move the account's clock, by months.
        const subscriptions =
          example === 'pg' && language.subscriptions ? viaWebhooks(subscriptionSteps()) : []
        for (const step of [...examplePaths[example], ...refunds, ...paylinks, ...subscriptions]) {
          test(
            step.name,
            async () => {
              await step.run(stepContext())
            },
            step.timeout ?? 60_000,
          )
        }

        // The server example's orders are the ones the kit's reconciliation example reconciles.
        if (example !== 'server') return
        const reconcile = language.reconcile
          ? (args: string[]) =>
              runReconcile(
                language.reconcile!,
                cwd,
                { ...demoCredentials, PAYSTRA_BASE_URL: sandbox.url, PAYSTRA_DATA_DIR: dataDir },
                args,
              )
          : undefined
        for (const step of reconciliationSteps) {
          test(
            step.name,
            async () => {
              if (!language.reconcile) {
                throw new Error(`kits/${language.id}/kit.ts declares no reconcile command`)
              }
              await step.run({
                appUrl: app.url,
                sandboxUrl: sandbox.url,
                paidOrder: (card) => paidOrder(card ?? testCards.success),
                reconcile: reconcile!,
              })
            },
            180_000,
          )
        }

        // After the reconciliation: these runs settle far ahead, past its orders' dates.
        for (const step of disputeSteps) {
          test(
            step.name,
            async () => {
              await step.run({
                appUrl: app.url,
                sandboxUrl: sandbox.url,
                paidOrder,
                ...(reconcile ? { reconcile } : {}),
              })
            },
            120_000,
          )
        }
      })
    }
  })
}

interface StepContext {
  app(): RunningApp
  sandbox(): SandboxServer
  /** The addresses the webhook steps need. */
  urls(): { appUrl: string; sandboxUrl: string }
  status(orderId: string): Promise<Verified>
  expectVerified(answer: Answer, code: string): Promise<Record<string, string>>
}

interface Step {
  name: string
  /** Milliseconds, when the step needs more than a minute. */
  timeout?: number
  run(context: StepContext): Promise<void>
}

/** Hosted checkout: the kit's form → the sandbox's page → paid → back to the kit. */
async function hostedPayment(context: StepContext, card: string) {
  const merchantPage = await request(`${context.app().url}/pay`, {
    form: { AMOUNT: '100', ...customer },
  })
  expect(merchantPage.text).toContain('/paymentrequest')
  const hostedPage = await followMerchantForm(merchantPage, '/paymentrequest')
  return pay(hostedPage, { method: 'card', number: card })
}

const hostedSteps: Step[] = [
  {
    name: 'a card payment comes back verified with 000, and the status enquiry says Captured',
    async run(context) {
      const response = await hostedPayment(context, testCards.success)
      const fields = await context.expectVerified(await returnToMerchant(response), '000')
      expect(fields).toMatchObject({ STATUS: 'Captured', AMOUNT: '100', CURRENCY_CODE: '356' })
      const enquiry = await context.status(fields.ORDER_ID!)
      expect(enquiry).toMatchObject({
        verified: true,
        fields: { RESPONSE_CODE: '000', STATUS: 'Captured' },
      })
    },
  },
  {
    name: 'a declined card comes back verified with 004',
    async run(context) {
      const response = await hostedPayment(context, testCards.declined)
      const fields = await context.expectVerified(await returnToMerchant(response), '004')
      expect(fields.STATUS).toBe('Failed')
    },
  },
  {
    name: 'a tampered response is refused',
    async run(context) {
      const response = await hostedPayment(context, testCards.success)
      const answer = await returnToMerchant(response, tamper)
      expect(answer.status).toBe(400)
      expect(json<Verified>(answer).verified).toBe(false)
    },
  },
  {
    name: 'a response whose + signs arrived as spaces still verifies, even a first or last +',
    async run(context) {
      const response = await hostedPayment(context, testCards.success)
      const spaced = await returnToMerchant(response, (encdata) => encdata.replaceAll('+', ' '))
      await context.expectVerified(spaced, '000')
      for (const edge of ['first', 'last'] as const) {
        const encdata = gatewayAnswerWithPlusAt(edge)
        const answer = await request(`${context.app().url}/response`, {
          form: { PAY_ID: demoMerchantDefaults.payId, ENCDATA: encdata.replaceAll('+', ' ') },
          accept: 'application/json',
        })
        await context.expectVerified(answer, '000')
      }
    },
  },
  {
    name: 'bad order input is refused with a message',
    async run(context) {
      const answer = await request(`${context.app().url}/pay`, {
        form: { AMOUNT: '-5', ...customer },
        accept: 'application/json',
      })
      expect(answer.status).toBe(400)
      expect(json<{ error: string }>(answer).error).toBeTruthy()
    },
  },
  {
    name: 'a status enquiry of an unknown order answers 328',
    async run(context) {
      const enquiry = await context.status(`NONE${Date.now()}`)
      expect(enquiry.fields.RESPONSE_CODE).toBe('328')
    },
  },
]

/**
 * A gateway answer, encrypted as the sandbox would, whose ENCDATA starts or ends with `+` — the
 * character a careless form post turns into a space that a decoder must not trim away.
 */
function gatewayAnswerWithPlusAt(edge: 'first' | 'last'): string {
  const key = deriveMerchantHostedKey(demoMerchantDefaults.keySalt, demoMerchantDefaults.payId)
  for (let attempt = 0; attempt < 5000; attempt++) {
    const encdata = encryptFields(
      {
        PAY_ID: demoMerchantDefaults.payId,
        ORDER_ID: `EDGE${attempt}`,
        // AMOUNT sorts first, so it shapes the first cipher block and the first character.
        AMOUNT: String(100 + attempt),
        CURRENCY_CODE: '356',
        TXNTYPE: 'SALE',
        TXN_ID: String(1000000000000000 + attempt),
        PG_REF_NUM: String(2000000000000000 + attempt),
        STATUS: 'Captured',
        RESPONSE_CODE: '000',
        RESPONSE_MESSAGE: 'Transaction successful',
        RESPONSE_DATE_TIME: '2026-11-21 12:00:00',
        PAYMENT_TYPE: 'CC',
        MOP_TYPE: 'VI',
        // A length that varies: only a cipher text of 48n bytes ends on a full Base64 character.
        CUST_NAME: `${customer.CUST_NAME}${'a'.repeat(attempt % 48)}`,
        CUST_EMAIL: customer.CUST_EMAIL,
      },
      demoMerchantDefaults.salt,
      key,
    )
    if ((edge === 'first' ? encdata[0] : encdata.at(-1)) === '+') return encdata
  }
  throw new Error(`No ENCDATA with a ${edge} + in 5000 attempts`)
}

/** Merchant-hosted (seamless): the kit encrypts the chosen method into ENCDATA. */
async function seamlessPayment(context: StepContext, method: Record<string, string>) {
  const merchantPage = await request(`${context.app().url}/pay`, {
    form: { AMOUNT: '100', ...customer, ...method },
  })
  return followMerchantForm(merchantPage, '/merchantPaymentInit')
}

const walletSteps: Step[] = [
  {
    name: 'a wallet payment approved on the bank page comes back verified with 000',
    async run(context) {
      const bankPage = await seamlessPayment(context, { PAYMENT_TYPE: 'WL', MOP_TYPE: 'PPL' })
      const response = await pay(bankPage, { method: 'bank', outcome: 'success' })
      const fields = await context.expectVerified(await returnToMerchant(response), '000')
      expect(fields).toMatchObject({ PAYMENT_TYPE: 'WL', MOP_TYPE: 'PPL' })
      expect((await context.status(fields.ORDER_ID!)).fields.STATUS).toBe('Captured')
    },
  },
  {
    name: 'a wallet payment failed on the bank page comes back verified with 004',
    async run(context) {
      const bankPage = await seamlessPayment(context, { PAYMENT_TYPE: 'WL', MOP_TYPE: 'MWL' })
      const response = await pay(bankPage, { method: 'bank', outcome: 'failure' })
      await context.expectVerified(await returnToMerchant(response), '004')
    },
  },
  {
    name: 'a tampered response is refused',
    async run(context) {
      const bankPage = await seamlessPayment(context, { PAYMENT_TYPE: 'WL', MOP_TYPE: 'PPWL' })
      const response = await pay(bankPage, { method: 'bank', outcome: 'success' })
      const answer = await returnToMerchant(response, tamper)
      expect(answer.status).toBe(400)
    },
  },
]

const merchantHostedSteps: Step[] = [
  ...walletSteps,
  {
    name: 'net banking through the bank page comes back verified with 000',
    async run(context) {
      const bankPage = await seamlessPayment(context, { PAYMENT_TYPE: 'NB', MOP_TYPE: '1004' })
      const response = await pay(bankPage, { method: 'bank', outcome: 'success' })
      await context.expectVerified(await returnToMerchant(response), '000')
    },
  },
  {
    name: 'UPI success@upi answers 000 and failure@upi 004',
    async run(context) {
      const paid = await seamlessPayment(context, {
        PAYMENT_TYPE: 'UP',
        MOP_TYPE: 'UP',
        PAYER_ADDRESS: 'success@upi',
      })
      await context.expectVerified(await returnToMerchant(paid), '000')
      const failed = await seamlessPayment(context, {
        PAYMENT_TYPE: 'UP',
        MOP_TYPE: 'UP',
        PAYER_ADDRESS: 'failure@upi',
      })
      await context.expectVerified(await returnToMerchant(failed), '004')
    },
  },
]

const payoutSteps: Step[] = [
  {
    name: 'an IMPS payout is processed with a UTR, a payout to the failing account answers 004',
    async run(context) {
      const payout = (fields: Record<string, string>) =>
        request(`${context.app().url}/payout`, { form: fields, accept: 'application/json' })
      const processed = await context.expectVerified(
        await payout({
          AMOUNT: '150000',
          TRANSFER_MODE: 'IMPS',
          BENEFICIARY_NAME: 'Ravi Kumar',
          BENEFICIARY_ACCOUNT: '123456789012',
          BENEFICIARY_IFSC: 'HDFC0001234',
        }),
        '000',
      )
      expect(processed.STATUS).toBe('Processed')
      expect(processed.UTR).toMatch(/^\d{12}$/)
      const declined = await context.expectVerified(
        await payout({
          AMOUNT: '150000',
          TRANSFER_MODE: 'NEFT',
          BENEFICIARY_NAME: 'Ravi Kumar',
          BENEFICIARY_ACCOUNT: '000000000004',
          BENEFICIARY_IFSC: 'HDFC0001234',
        }),
        '004',
      )
      expect(declined.STATUS).toBe('Failed')
      await context.expectVerified(
        await payout({
          AMOUNT: '50000',
          TRANSFER_MODE: 'UPI',
          BENEFICIARY_NAME: 'Ravi Kumar',
          BENEFICIARY_VPA: 'success@upi',
        }),
        '000',
      )
    },
  },
]

/** An order paid straight at the sandbox, as a store's card terminal would have done. */
async function paidOrder(sandbox: SandboxServer, amount = '1000'): Promise<string> {
  const orderId = `STORE${Date.now()}${Math.floor(Math.random() * 1000)}`
  const fields = withHash(
    {
      PAY_ID: demoMerchantDefaults.payId,
      ORDER_ID: orderId,
      AMOUNT: amount,
      CURRENCY_CODE: '356',
      TXNTYPE: 'SALE',
      CUST_NAME: customer.CUST_NAME,
      CUST_EMAIL: customer.CUST_EMAIL,
      RETURN_URL: 'http://127.0.0.1:9/response',
    },
    demoMerchantDefaults.salt,
  )
  const page = await submit({
    action: `${sandbox.url}/paymentrequest`,
    method: 'post',
    fields,
    html: '',
  })
  const response = await pay(page, { method: 'card', number: testCards.success })
  expect(response.text).toContain('ENCDATA')
  return orderId
}

const refundStep: Step = {
  name: 'a paid order reconciles as Captured, refunds in parts, and a refund beyond the rest answers 329',
  async run(context) {
    const orderId = await paidOrder(context.sandbox())
    const enquiry = await context.status(orderId)
    expect(enquiry).toMatchObject({
      verified: true,
      fields: { RESPONSE_CODE: '000', STATUS: 'Captured' },
    })
    const refund = (amount: string) =>
      request(`${context.app().url}/refund`, {
        form: { ORDER_ID: orderId, AMOUNT: amount },
        accept: 'application/json',
      })
    const first = await context.expectVerified(await refund('400'), '000')
    expect(first.STATUS).toBe('Refunded')
    await context.expectVerified(await refund('700'), '329')
    await context.expectVerified(await refund('600'), '000')
  },
}

const posSteps: Step[] = [
  refundStep,
  {
    name: 'reconciliation lists every order with its status and the captured total',
    async run(context) {
      const first = await paidOrder(context.sandbox(), '1000')
      const second = await paidOrder(context.sandbox(), '2500')
      const unknown = `NONE${Date.now()}`
      const answer = await request(`${context.app().url}/reconcile`, {
        form: { ORDER_IDS: [first, second, unknown].join('\n') },
        accept: 'application/json',
      })
      const report = json<{ orders: Record<string, string>[]; captured_total: string }>(answer)
      expect(report.orders.map((order) => [order.ORDER_ID, order.RESPONSE_CODE])).toEqual([
        [first, '000'],
        [second, '000'],
        [unknown, '328'],
      ])
      expect(report.captured_total).toBe('3500')
    },
  },
]

const eposSteps: Step[] = [
  {
    name: 'a UPI QR carries a upi:// intent and a PNG, and paying it from the scan page answers 000',
    async run(context) {
      const answer = await request(`${context.app().url}/qr`, {
        form: { AMOUNT: '2500', QR_TYPE: 'UPI' },
        accept: 'application/json',
      })
      const qr = await context.expectVerified(answer, '006')
      expect(qr.UPI_INTENT).toMatch(/^upi:\/\/pay\?/)
      expect(qr.UPI_INTENT).toContain('am=25.00')
      const image = await fetch(qr.QR_IMAGE_URL!)
      expect(image.headers.get('content-type')).toBe('image/png')
      expect(
        Buffer.from(await image.arrayBuffer())
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG')
      expect((await context.status(qr.ORDER_ID!)).fields.RESPONSE_CODE).toBe('006')
      const scan = await request(qr.QR_SCAN_URL!)
      const click = clickButton(scan.text, scan.url, 'success@upi')
      await follow(await request(click.action, { form: click.fields }))
      expect((await context.status(qr.ORDER_ID!)).fields).toMatchObject({
        RESPONSE_CODE: '000',
        STATUS: 'Captured',
      })
    },
  },
  {
    name: 'a PG QR opens the hosted page; a declined card there answers 004',
    async run(context) {
      const answer = await request(`${context.app().url}/qr`, {
        form: { AMOUNT: '2500', QR_TYPE: 'PG' },
        accept: 'application/json',
      })
      const qr = await context.expectVerified(answer, '006')
      expect(qr.PAYMENT_URL).toBeTruthy()
      const hosted = await follow(await request(qr.PAYMENT_URL!))
      await pay(hosted, { method: 'card', number: testCards.declined })
      expect((await context.status(qr.ORDER_ID!)).fields.RESPONSE_CODE).toBe('004')
    },
  },
]

/** The webhook steps, run with the addresses of this example and sandbox. */
function viaWebhooks(
  steps: Array<{
    name: string
    timeout?: number
    run(urls: { appUrl: string; sandboxUrl: string }): Promise<void>
  }>,
): Step[] {
  return steps.map((step) => ({
    name: step.name,
    ...(step.timeout ? { timeout: step.timeout } : {}),
    run: (context) => step.run(context.urls()),
  }))
}

const examplePaths: Record<ExampleId, Step[]> = {
  server: [...hostedSteps, ...payoutSteps, ...viaWebhooks(webhookSteps(paidWithoutReturn.hosted))],
  pg: [...hostedSteps, ...viaWebhooks(webhookSteps(paidWithoutReturn.hosted))],
  'merchant-hosted': [
    ...merchantHostedSteps,
    ...viaWebhooks(webhookSteps(paidWithoutReturn.seamless)),
  ],
  wallet: [...walletSteps, ...viaWebhooks(webhookSteps(paidWithoutReturn.seamless))],
  epos: [...eposSteps, ...viaWebhooks(webhookSteps(paidWithoutReturn.qr))],
  pos: [...posSteps, ...viaWebhooks(unknownOrderSteps)],
}
