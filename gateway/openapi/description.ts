/**
 * The prose of the OpenAPI document: the HASH rule with a worked example from the shared
 * vectors, and the response codes from `protocol/codes.ts`. The rule itself is computed in
 * `protocol/hash.ts`; this only says it in words.
 */
import { demoMerchantDefaults } from '#gateway/merchants.ts'
import { responseCodes } from '#core/protocol/codes.ts'
import vectors from '#core/protocol/vectors.json'

const published = vectors.hash[0]!

const codeTable = [
  '| RESPONSE_CODE | STATUS | RESPONSE_MESSAGE |',
  '| --- | --- | --- |',
  // Sorted as text: the integer-like codes (319…) would otherwise come before 000.
  ...Object.entries(responseCodes)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, meaning]) => `| ${code} | ${meaning.status} | ${meaning.message} |`),
].join('\n')

export const hashRule = `## The HASH

Every request carries \`HASH\`, and every answer to a known merchant carries the \`HASH\` of its
own fields (except 324, unknown \`PAY_ID\`, and a 326 answered with HTTP 400, an unreadable
body: there is nothing to sign with; a 326 answered with HTTP 200 is signed). It is computed
the same way both ways:

1. take every field except \`HASH\` (exactly the fields sent, empty ones as \`KEY=\`);
2. sort the keys by UTF-16 code unit (JavaScript's default sort: \`TXNTYPE\` before \`TXN_ID\`);
3. join \`KEY=VALUE\` pairs with \`~\`;
4. append the merchant's salt with no separator;
5. SHA-256 over the UTF-8 bytes, written as upper-case hex.

Worked example (the first vector of the shared protocol test vectors): the fields
\`${JSON.stringify(published.fields)}\` give the string

    ${published.canonical}

and with the salt \`${published.salt}\` the hash

    ${published.hash}

A bad \`HASH\` is answered 323. Verify the answer's \`HASH\` with your salt before trusting it.`

export const apiDescription = `The server-to-server JSON APIs of the Paystra sandbox: status enquiry,
refunds, payouts, payout status, QR codes, webhook deliveries, settlements and reconciliation
(with the sandbox's settlement test run), exchange rates and disputes, payment links and virtual
accounts (with the sandbox's test credit), plus the webhooks it sends
and, for a sandbox account, the event stream that \`paystra listen\` forwards to a local URL.

Every request is \`POST\` with a JSON object of strings (\`Content-Type: application/json\`, at
most 16 kB; 3 MB for a dispute's evidence), signed with \`HASH\`, except the event stream's,
\`GET /pgws/events/stream\`, whose signed fields are its query. Amounts are in the minor units of
\`CURRENCY_CODE\`'s currency (ISO 4217 numeric): paise for \`356\`, rupees (\`"100"\` = ₹1.00), cents
for \`840\`, US dollars (\`"1234"\` = $12.34). Only card payments take a foreign currency; their
answers add \`FX_RATE\` and \`INR_AMOUNT\` (paise), and payouts, QR codes and virtual accounts are in
rupees only (a payment link in a foreign currency is paid by card).
Settlements are always paise (a settlement's net and adjustments may be negative, \`"-5000"\`). Every answer is HTTP 200 with a \`RESPONSE_CODE\`, except a body that cannot be read (not a
JSON object of strings, empty, a field named twice, \`~\` in a value or too large): HTTP 400 with
326, unsigned; a request over a rate limit: HTTP 429 with 344; a settlement asked for with
\`FORMAT\` \`CSV\`, answered as a file; and the event stream, whose own statuses its operation
states. A signed request whose field value the endpoint refuses
with no more precise code is HTTP 200 with 326, signed: a payout's \`REMARKS\` (over 50 characters
or a control character), an \`EVENT_ID\` of \`/pgws/webhook/events\` or \`/pgws/webhook/resend\`
that is not \`evt_\` and 24 hex digits, a \`LATEST\` of \`/pgws/webhook/events\` other than 1 to 50,
and a report to \`/pgws/events/stream/result\` that is not one. Lists (settlements, their lines,
an order's reconciliation, webhook events, disputes, currencies, a virtual account's credits) travel as JSON text in one field, so that the answer stays
flat fields under one \`HASH\`: verify the \`HASH\` over that text first, then parse it.

The sandbox's demo merchant: \`PAY_ID\` \`${demoMerchantDefaults.payId}\`, salt
\`${demoMerchantDefaults.salt}\`, webhook secret \`${demoMerchantDefaults.webhookSecret}\`.

${hashRule}

## Response codes

${codeTable}`
