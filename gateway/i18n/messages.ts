import type { ResponseCode } from '#core/protocol/codes.ts'
import type { CardErrorKey, UpiErrorKey } from '#gateway/payment-forms.ts'

/**
 * Every text of the sandbox's pages. `{name}` marks a value filled in when the page renders;
 * every language must keep the same placeholders as English (i18n.test.ts checks it).
 */
export interface Messages extends Record<CardErrorKey | UpiErrorKey, string> {
  brandTagline: string
  sandboxBadge: string
  sandboxBanner: string
  languageLabel: string
  languageSubmit: string
  footerNote: string

  payTitle: string
  summaryHeading: string
  merchantLabel: string
  orderIdLabel: string
  amountLabel: string
  methodsHeading: string
  methodCards: string
  methodNetBanking: string
  methodUpi: string
  methodWallets: string
  formHasErrors: string
  processing: string
  cancelButton: string

  /** The methods heading of a foreign-currency order, where cards are the one method. */
  cardOnlyHeading: string
  /** {currency}: the currency's name in the page's language and its code, under a foreign amount */
  foreignChargeNote: string
  cardIntro: string
  cardNumberLabel: string
  expiryLabel: string
  cvvLabel: string
  cvvHint: string
  cardNameLabel: string
  /** {amount} */
  payButton: string

  bankIntro: string
  bankLegend: string
  bankSubmit: string
  bankRequired: string
  walletIntro: string
  walletLegend: string
  walletSubmit: string
  walletRequired: string

  upiIntro: string
  upiLabel: string
  upiHint: string
  upiSubmit: string

  testDataHeading: string
  testDataIntro: string
  testCardsHeading: string
  testCardSuccess: string
  testCardDeclined: string
  testCardNoFunds: string
  testCardOther: string
  /** {reason} {code}: a dispute test card's reason and its number (methods.ts `disputeReasons`) */
  testCardDisputed: string
  /** A debit card, a RuPay debit card and a card issued abroad: how each is priced. */
  testCardDebit: string
  testCardRupayDebit: string
  testCardAbroad: string
  disputeReasonNotReceived: string
  disputeReasonFraud: string
  testDisputeNote: string
  testUpiHeading: string
  testUpiSuccess: string
  testUpiFailure: string
  testUpiPending: string
  testUpiLate: string
  testBankHeading: string
  /** {success} {failure}: the bank page's button labels */
  testBankText: string
  /** {cancel}: the cancel button's label */
  testCancelText: string

  /** {bank} */
  bankPageHeading: string
  bankPageIntro: string
  bankSuccess: string
  bankFailure: string

  /** {merchant} */
  returningHeading: string
  returningText: string
  continueButton: string
  /** {continue} {merchant} */
  continueHint: string
  checkoutDoneText: string
  outcomeCaptured: string
  outcomeFailed: string
  outcomePending: string
  resultAmountLabel: string
  transactionIdLabel: string
  responseCodeLabel: string
  finishedText: string

  refusedTitle: string
  refusedIntro: string
  errorCodeLabel: string
  refusedAdvice: string
  /** A sandbox that teaches (gateway/hash-lesson.ts): what a 323 page adds. */
  hashLessonHeading: string
  /** {salt}: the placeholder standing where the salt goes, `<your salt>` */
  hashLessonIntro: string
  hashLessonDebugger: string
  hashLessonDebuggerHint: string
  encdataLessonHeading: string
  encdataLessonText: string
  encdataLessonDebugger: string
  hashLessonSandboxOnly: string
  /** {count}: fields posted that the request does not take, left out of the lesson */
  hashLessonOtherFields: string
  tooManyTitle: string
  /** {seconds}: until the address may pay again */
  tooManyText: string
  notFoundTitle: string
  notFoundText: string

  /** The sandbox scan page of a UPI QR code: the stand-in for the customer's UPI app. */
  qrUpiTitle: string
  qrUpiIntro: string
  qrUpiHeading: string
  /** {vpa}: a test UPI ID */
  qrPayAs: string
  /** The scan page of a PG QR code: the way to the hosted payment page. */
  qrPgTitle: string
  qrPgIntro: string
  qrPgButton: string
  /** The end of a payment that has no RETURN_URL to go back to. */
  ownOutcomeText: string

  /** A payment link's page (gateway/paylinks/). */
  paylinkTitle: string
  /** {merchant} */
  paylinkIntro: string
  paylinkDescriptionLabel: string
  paylinkPayByLabel: string
  paylinkPaidHeading: string
  /** {date} */
  paylinkPaidText: string
  paylinkExpiredHeading: string
  /** {date} {merchant} */
  paylinkExpiredText: string
  paylinkCancelledHeading: string
  /** {merchant} */
  paylinkCancelledText: string
  paylinkHeldHeading: string
  paylinkHeldText: string
  /** {merchant} */
  paylinkTriedText: string
  /** The link of a finished attempt's page. */
  paylinkBack: string
  /** A validated link: the payer's bank account, checked before paying (beneficiary validation). */
  paylinkAccountLegend: string
  paylinkAccountLabel: string
  paylinkIfscLabel: string
  paylinkAccountHint: string
  paylinkAccountMalformed: string
  paylinkAccountNotFound: string
  paylinkNameMismatch: string
  /** {notFound} {otherHolder}: the sandbox's test account numbers */
  paylinkTestAccounts: string

  /** The mandate page (`AUTH_URL`): a subscription's registration and the customer's own view of it. */
  mandateTitle: string
  /** {merchant} */
  mandateIntro: string
  mandateUpiAppName: string
  mandateCardHeading: string
  mandateBankHeading: string
  mandateDescriptionLabel: string
  mandateAmountLabel: string
  mandateMaxAmountLabel: string
  mandateFrequencyLabel: string
  mandateStartLabel: string
  mandateValidUntilLabel: string
  mandateInstrumentLabel: string
  mandateStateLabel: string
  mandateAsPresented: string
  mandateWeekly: string
  mandateMonthly: string
  mandateQuarterly: string
  mandateYearly: string
  mandateUpiIdLabel: string
  /** success@upi, nofunds@upi, failure@upi */
  mandateUpiIdHint: string
  mandateUpiIdUnknown: string
  mandateApprove: string
  mandateDecline: string
  /** {merchant} {amount} */
  mandatePinHeading: string
  mandatePinLabel: string
  mandatePinHint: string
  mandatePinInvalid: string
  /** 4111 1111 1111 1111, 4000 0000 0000 0341 */
  mandateCardHint: string
  mandateCardUnknown: string
  mandateExpiryInvalid: string
  mandateCvvInvalid: string
  mandateContinue: string
  mandateOtpHeading: string
  /** {last4} */
  mandateOtpIntro: string
  mandateOtpLabel: string
  mandateOtpHint: string
  mandateOtpInvalid: string
  mandateBankLabel: string
  mandateAccountLabel: string
  /** 000000000020 */
  mandateAccountHint: string
  mandateAccountInvalid: string
  mandateIfscLabel: string
  mandateIfscInvalid: string
  /** {bank} */
  mandateBankPageHeading: string
  mandateBankPageIntro: string
  mandateAuthorise: string
  mandateRefuse: string
  mandateStateCREATED: string
  mandateStateACTIVE: string
  mandateStatePENDING: string
  mandateStatePAUSED: string
  mandateStateHALTED: string
  mandateStateCOMPLETED: string
  mandateStateCANCELLED: string
  mandateStateFAILED: string
  mandateNoticeHeading: string
  /** {amount} {date} */
  mandateNoticeText: string
  mandateApprovalNeeded: string
  mandateApprovedText: string
  mandateDebitsHeading: string
  mandateDebitsEmpty: string
  mandateActionsHeading: string
  mandateActionSKIP: string
  mandateActionAPPROVE: string
  mandateActionPAUSE: string
  mandateActionRESUME: string
  mandateActionREVOKE: string
  mandateRevokeWarning: string
  /** {merchant} */
  mandateReturn: string
  mandateDebitNOTIFIED: string
  mandateDebitCHARGED: string
  mandateDebitFAILED: string
  mandateDebitSKIPPED: string
  mandateDebitSTOPPED: string

  /** What each response code means, for the customer. */
  codes: Record<ResponseCode, string>
}

export type MessageKey = Exclude<keyof Messages, 'codes'>
