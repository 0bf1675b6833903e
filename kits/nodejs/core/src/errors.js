/** Every error the library throws is a PaystraError, so a caller can tell them from its own. */
export class PaystraError extends Error {
  name = 'PaystraError'
}

/** The configuration is missing a value or holds one that cannot work. */
export class ConfigError extends PaystraError {
  name = 'ConfigError'
}

/** A value the merchant (or its customer) supplied would be refused by the gateway. */
export class InvalidInputError extends PaystraError {
  name = 'InvalidInputError'
}

/** ENCDATA that is not Base64, does not decrypt with the key, or does not hold fields. */
export class CipherError extends PaystraError {
  name = 'CipherError'
}

/**
 * Something that claims to come from the gateway cannot be trusted: wrong PAY_ID, ENCDATA that
 * does not decrypt, or a HASH that does not match. Never act on such data.
 */
export class VerificationError extends PaystraError {
  name = 'VerificationError'
}

/**
 * The gateway could not be reached, answered something that is not JSON, or answered without a
 * HASH (it signs every answer for a known PAY_ID; 324 unknown PAY_ID and 326 malformed request
 * come unsigned). `code` is its RESPONSE_CODE when there is one.
 */
export class GatewayError extends PaystraError {
  name = 'GatewayError'

  /**
   * @param {string} message
   * @param {{ code?: string, httpStatus?: number, fields?: Record<string, string>, cause?: unknown }} [details]
   */
  constructor(message, details = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause })
    /** @type {string | undefined} */
    this.code = details.code
    /** @type {number | undefined} */
    this.httpStatus = details.httpStatus
    /** @type {Record<string, string> | undefined} */
    this.fields = details.fields
  }
}

/**
 * A webhook delivery was refused. `reason` is machine-readable (signature-mismatch,
 * stale-timestamp, …, the same in every Paystra kit); the message says what to fix.
 */
export class WebhookError extends VerificationError {
  name = 'WebhookError'

  /**
   * @param {string} reason
   * @param {string} message
   */
  constructor(reason, message) {
    super(message)
    /** @type {string} */
    this.reason = reason
  }
}
