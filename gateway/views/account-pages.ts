import { MAX_ACCOUNT_NAME_LENGTH } from '#gateway/accounts/name.ts'
import { html, type SafeHtml } from './html.ts'
import { layout, type PageContext } from './layout.ts'

/** What the account pages say about the sandbox's rules for accounts. */
export interface AccountRules {
  /** Days an account may stay unused before it is removed with its data. */
  idleDays: number
  /** Accounts one address may make in an hour (0: no limit). */
  perHour: number
}

/** The keys of an account, shown once when it is made and in its console. */
export interface AccountKeys {
  payId: string
  salt: string
  keySalt: string
  merchantHostedKey: string
  webhookSecret: string
}

export interface AccountLinks {
  consoleUrl: string
  envUrl: string
  sandboxUrl: string
}

/** A row of a definition list of keys and numbers, the value in code. */
export function keyField(name: string, value: string): SafeHtml {
  return html`<div class="gw-keys__row">
    <dt>${name}</dt>
    <dd><code class="gw-mono gw-keys__value">${value}</code></dd>
  </div>`
}

export function keyList(keys: AccountKeys, sandboxUrl: string): SafeHtml {
  return html`<dl class="gw-keys">
    ${keyField('PAY_ID', keys.payId)} ${keyField('SALT', keys.salt)}
    ${keyField('KEY_SALT', keys.keySalt)} ${keyField('MERCHANT_HOSTED_KEY', keys.merchantHostedKey)}
    ${keyField('WEBHOOK_SECRET', keys.webhookSecret)} ${keyField('PAYSTRA_BASE_URL', sandboxUrl)}
  </dl>`
}

/** `/accounts/new`: one button, an optional name, and what the sandbox keeps. */
export function newAccountPage(
  context: PageContext,
  options: { rules: AccountRules; name?: string; error?: string },
): string {
  const { rules } = options
  const describedBy = options.error
    ? 'gw-account-name-hint gw-account-name-error'
    : 'gw-account-name-hint'
  const main = html`<section class="gw-card gw-account" aria-labelledby="gw-account-heading">
    <h1 id="gw-account-heading" class="gw-title">Create a sandbox account</h1>
    <p>
      Your own test merchant: a PAY_ID, salt and keys of your own, payments, refunds, webhooks,
      settlements and disputes that no one else sees, and a console to watch them. No sign-up and no
      personal details.
    </p>
    <ul class="gw-account__facts">
      <li>
        The keys are shown once, on the next page, with a <code>paystra.env</code> every kit reads
        as it is.
      </li>
      <li>The console link on that page is the only way back in: keep it like a password.</li>
      <li>An account unused for ${String(rules.idleDays)} days is deleted with all its data.</li>
      ${
        rules.perHour > 0
          ? html`<li>One address can create ${String(rules.perHour)} accounts an hour.</li>`
          : ''
      }
    </ul>
    <form class="gw-form" method="post" action="${context.base}/accounts">
      <div class="${options.error ? 'gw-field gw-field--invalid' : 'gw-field'}">
        <label class="gw-field__label" for="gw-account-name"
          >Business name on your payment pages</label
        >
        <input
          class="gw-input"
          id="gw-account-name"
          name="name"
          maxlength="${String(MAX_ACCOUNT_NAME_LENGTH)}"
          autocomplete="organization"
          value="${options.name ?? ''}"
          aria-describedby="${describedBy}"
          ${options.error ? html`aria-invalid="true"` : ''}
        />
        <p class="gw-field__hint" id="gw-account-name-hint">
          Optional, up to ${String(MAX_ACCOUNT_NAME_LENGTH)} characters. Empty: "Test store".
        </p>
        ${
          options.error
            ? html`<p class="gw-field__error" id="gw-account-name-error">${options.error}</p>`
            : ''
        }
      </div>
      <button type="submit" class="gw-button gw-button--primary gw-button--block">
        Create a sandbox account
      </button>
    </form>
  </section>`
  return layout(context, { title: 'Create a sandbox account', main, secretAddress: true })
}

/** The answer to a new account: its keys, once, its paystra.env and its console link. */
export function accountCreatedPage(
  context: PageContext,
  options: { keys: AccountKeys; links: AccountLinks; name: string; rules: AccountRules },
): string {
  const { keys, links } = options
  const main = html`<section class="gw-card gw-account" aria-labelledby="gw-account-heading">
    <h1 id="gw-account-heading" class="gw-title">Your sandbox account is ready</h1>
    <p>
      ${options.name} (PAY_ID <code class="gw-mono">${keys.payId}</code>). Save these now: the salt
      and secrets are not shown on this page again, and the console link is the only way back to
      them.
    </p>
    <h2 class="gw-card__title">Console</h2>
    <p>
      <a class="gw-account__link" href="${links.consoleUrl}">${links.consoleUrl}</a>
    </p>
    <p class="gw-field__hint">
      Anyone with this link can see and delete the account. It is never sent anywhere else.
    </p>
    <h2 class="gw-card__title">Keys</h2>
    ${keyList(keys, links.sandboxUrl)}
    <p>
      <a class="gw-button gw-button--primary" href="${links.envUrl}" download="paystra.env"
        >Download paystra.env</a
      >
    </p>
    <h2 class="gw-card__title">Next</h2>
    <ol class="gw-account__steps">
      <li>Put <code>paystra.env</code> in the root of a kit from the Downloads page.</li>
      <li>Run the kit and pay with the card 4111 1111 1111 1111: the response says 000.</li>
      <li>Open the console to see the payment, its webhooks and its settlement.</li>
    </ol>
    <p class="gw-field__hint">
      Unused for ${String(options.rules.idleDays)} days, the account is deleted with its data.
    </p>
  </section>`
  return layout(context, { title: 'Your sandbox account', main, secretAddress: true })
}

/** After the account and its data are gone. */
export function accountDeletedPage(context: PageContext, payId: string): string {
  const main = html`<section class="gw-card gw-account" aria-labelledby="gw-account-heading">
    <h1 id="gw-account-heading" class="gw-title">Account deleted</h1>
    <p>
      Sandbox account <code class="gw-mono">${payId}</code> and all its payments, refunds, webhooks,
      settlements and disputes are deleted. Its keys no longer work.
    </p>
    <p><a href="${context.base}/accounts/new">Create another account</a></p>
  </section>`
  return layout(context, { title: 'Account deleted', main, secretAddress: true })
}

/** A refusal on the account pages: what went wrong and what to do. */
export function accountRefusalPage(
  context: PageContext,
  options: { title: string; message: string; back?: { href: string; label: string } },
): string {
  const back = options.back ?? {
    href: `${context.base}/accounts/new`,
    label: 'Back to the account page',
  }
  const main = html`<section class="gw-card gw-account" aria-labelledby="gw-account-heading">
    <h1 id="gw-account-heading" class="gw-title">${options.title}</h1>
    <p>${options.message}</p>
    <p><a href="${back.href}">${back.label}</a></p>
  </section>`
  return layout(context, { title: options.title, main, secretAddress: true })
}
