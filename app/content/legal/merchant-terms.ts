import { brand, contact } from '#core/brand/brand.ts'
import type { LegalDocument } from './types.ts'

const name = brand.name
const company = brand.legalName

/**
 * The merchant agreement, built into /pdf/merchant-terms-and-conditions.pdf at build time
 * (scripts/build/pdfs.ts). Paragraphs are numbered as clauses in the PDF.
 */
export const merchantTerms: LegalDocument = {
  title: 'Terms & Conditions (Merchant)',
  lastUpdated: '2026-11-02',
  clauseNumbers: true,
  preamble: [
    `These Terms & Conditions (the “Terms”) form a binding agreement between ${company}, a company incorporated under the Companies Act, 2013 with its registered office at ${contact.address.lines.join(', ')} (“${name}”, “we” or “us”), and the person or entity that registers for a merchant account (the “Merchant” or “you”).`,
    `${name} operates as a payment aggregator and payment gateway under the Payment and Settlement Systems Act, 2007 and the Reserve Bank of India’s directions on the regulation of payment aggregators and payment gateways. By clicking “I agree”, signing up on the ${name} merchant portal, or using the Services, you accept these Terms on behalf of yourself and, if you act for a business, on behalf of that business, and you confirm that you have the authority to do so.`,
    'Please read these Terms carefully. They contain provisions on settlement, fees, chargebacks, reserves, limitation of liability, termination and the courts that decide disputes.',
  ],
  sections: [
    {
      id: 'definitions',
      heading: 'Definitions and interpretation',
      blocks: [
        'In these Terms, the following words have the meanings given below:',
        {
          kind: 'definitions',
          items: [
            {
              term: 'Applicable Law',
              meaning:
                'every law, rule, regulation, direction, circular and guideline in force in India that applies to a party or to the Services, including those of the Reserve Bank of India (“RBI”), the Payment and Settlement Systems Act, 2007, the Prevention of Money-laundering Act, 2002 (“PMLA”), the Information Technology Act, 2000, the Digital Personal Data Protection Act, 2023, the Foreign Exchange Management Act, 1999 and the Consumer Protection Act, 2019.',
            },
            {
              term: 'Card Network',
              meaning:
                'Visa, Mastercard, RuPay, American Express, Diners Club and any other card scheme, and the National Payments Corporation of India (“NPCI”) for UPI, RuPay, IMPS and NACH.',
            },
            {
              term: 'Chargeback',
              meaning:
                'the reversal of a Transaction, in whole or in part, at the request of a Customer, an issuing bank or a Card Network under the rules of that network.',
            },
            {
              term: 'Customer',
              meaning: 'a person who pays, or attempts to pay, the Merchant through the Services.',
            },
            {
              term: 'Dispute',
              meaning:
                'a complaint or claim by a Customer about a Transaction, whether raised with us, with the Merchant, with a bank or with a Card Network, including a Chargeback, a retrieval request and a claim of non-delivery.',
            },
            {
              term: 'Escrow Account',
              meaning:
                'the account we maintain with a scheduled commercial bank, as RBI requires, into which Customer payments are collected and from which they are settled to merchants.',
            },
            {
              term: 'Fees',
              meaning:
                'the charges for the Services set out on the pricing page of our website or in a commercial agreement signed with you, plus applicable taxes.',
            },
            {
              term: 'Merchant Portal',
              meaning:
                'the online dashboard through which the Merchant manages its account, integrations, refunds, reports and settings.',
            },
            {
              term: 'Payment Instrument',
              meaning:
                'a debit, credit or prepaid card, UPI, net banking, a wallet, EMI, a bank transfer or any other method of payment we support.',
            },
            {
              term: 'Services',
              meaning: `the payment aggregation, payment gateway, payout, payment link, QR code, subscription, auto-collection, reconciliation and related services ${name} provides, together with the Merchant Portal, APIs, SDKs, plugins and integration kits.`,
            },
            {
              term: 'Settlement',
              meaning:
                'the transfer to the Merchant’s registered bank account of the amounts collected for it, less Fees, Refunds, Chargebacks, Reserves and other amounts these Terms permit us to deduct.',
            },
            {
              term: 'Transaction',
              meaning:
                'a payment, or an attempted payment, made by a Customer to the Merchant through the Services.',
            },
            {
              term: 'Working Day',
              meaning:
                'a day other than a Sunday, the second and fourth Saturday, or a public holiday on which banks in India are closed for the Settlement in question.',
            },
          ],
        },
        'Headings are for convenience only. Words in the singular include the plural and vice versa. “Including” means “including without limitation”. A reference to a law includes that law as amended or re-enacted.',
      ],
    },
    {
      id: 'acceptance',
      heading: 'The agreement and its acceptance',
      blocks: [
        `These Terms, together with our [Privacy Policy](/policy), the Fees and any product-specific terms or commercial agreement we sign with you (together, the “Agreement”), form the whole agreement between us about the Services. If a commercial agreement signed by both parties conflicts with these Terms, the signed agreement prevails for the matter in conflict.`,
        'This Agreement is an electronic record under the Information Technology Act, 2000 and does not need a physical or digital signature to be binding.',
        'You must be at least 18 years old and competent to contract under the Indian Contract Act, 1872, and your business must be established and registered in India.',
      ],
    },
    {
      id: 'onboarding-and-kyc',
      heading: 'Onboarding, KYC and activation',
      blocks: [
        'Before we activate your account we must verify you and your business under RBI’s Master Direction on Know Your Customer, the PMLA and the directions on payment aggregators. You agree to provide true, complete and current information and documents, which, depending on your constitution, include:',
        {
          kind: 'list',
          style: 'alpha',
          items: [
            'for individuals and sole proprietors: PAN, Aadhaar or another officially valid document, proof of the business (such as a GST registration certificate, Udyam registration certificate or shop and establishment licence) and proof of a bank account in the name of the proprietor or the firm;',
            'for partnership firms and LLPs: the registered partnership deed or LLP agreement and certificate of incorporation, the firm’s PAN, and KYC documents of the partners or designated partners who act for it;',
            'for companies: the certificate of incorporation, memorandum and articles of association, the company’s PAN, a board resolution authorising the signatory, and KYC documents of the authorised signatory and of each beneficial owner;',
            'a cancelled cheque or bank statement for the account to which you want Settlements made;',
            'the address of your website or app, which must show your terms of use, privacy policy, refund and cancellation policy, delivery or shipping policy, and your contact details.',
          ],
        },
        'We review every application, including by video-based customer identification where needed, and aim to complete the review within 48 hours of receiving a complete application. We may ask for more information, visit your place of business, or decline an application at our discretion and without giving reasons where the law does not require us to.',
        'You authorise us to verify the information you give us with the Central KYC Records Registry, UIDAI-authorised agencies, the Income Tax Department, the GST Network, the Ministry of Corporate Affairs, banks and credit information companies.',
        'KYC is not a one-time event. You will tell us within seven days of any change in your ownership, constitution, directors or partners, registered address, bank account, nature of business or website, and you will complete periodic re-verification when we ask. We may limit or suspend the Services until you do.',
      ],
    },
    {
      id: 'merchant-obligations',
      heading: 'Your obligations',
      blocks: [
        'You will:',
        {
          kind: 'list',
          style: 'alpha',
          items: [
            'use the Services only for the business, website and app you told us about during onboarding, and only for lawful purposes;',
            'describe your goods and services accurately, show their prices in Indian rupees (or the currency the Customer pays in) with all taxes and charges, and deliver them as promised;',
            'display your legal name, registered address, customer support e-mail and phone number, and your terms of use, privacy, refund, cancellation and shipping policies on your website or app;',
            'answer Customer complaints promptly, and in any case within the times the Consumer Protection (E-Commerce) Rules, 2020 set where they apply to you;',
            'keep records of every order, delivery and Customer communication for at least five years and give them to us on request;',
            'integrate the Services only as our documentation describes, use only the current versions of our APIs, plugins and kits, and not change, hide or imitate our hosted payment pages;',
            'not allow any other person to use your account, your credentials or your API keys;',
            'display the logos of the Card Networks and Payment Instruments you accept only in the manner their rules allow.',
          ],
        },
        'You are solely responsible for the goods and services you sell and for your relationship with your Customers. We are not a party to the sale and are not responsible for the quality, safety, legality or delivery of what you sell.',
      ],
    },
    {
      id: 'prohibited-businesses',
      heading: 'Prohibited and restricted businesses',
      blocks: [
        'We will not activate, and may immediately deactivate, an account used for any of the following, whether or not the activity is lawful where the Customer is:',
        {
          kind: 'list',
          style: 'alpha',
          items: [
            'adult content, sexually explicit material or services, escort and dating services that offer paid companionship;',
            'alcohol, tobacco, e-cigarettes and vaping products;',
            'gambling, betting, lotteries, wagering and online money games, including fantasy sports and games of chance played for money;',
            'narcotics, psychotropic substances, drug paraphernalia, and prescription medicines sold without a valid licence or prescription;',
            'weapons, ammunition, explosives, fireworks and their parts;',
            'pyramid schemes, multi-level marketing, chain marketing, Ponzi schemes and unregistered chit funds or collective investment schemes;',
            'counterfeit, pirated, stolen or unauthorised goods, and goods that infringe a trade mark, copyright or other right;',
            'crypto-currencies, virtual digital assets, foreign exchange and binary-option trading, and unregulated investment or deposit schemes;',
            'unlicensed lending, debt collection and credit repair, and any financial service that needs a licence you do not hold;',
            'drop shipping, where you sell goods you do not hold and that a third party ships directly to the Customer;',
            'wildlife and endangered species products, human organs and body parts;',
            'hacking tools, spyware, malware, fake documents and identity documents, and the sale of personal data;',
            'black magic, occult and “miracle” services, and any product making health claims prohibited by law;',
            'any business that Applicable Law, a Card Network, or one of our partner banks prohibits, as we tell you from time to time.',
          ],
        },
        'Certain businesses, such as pharmacies, travel agencies, education, charities, jewellery, real estate and government services, are restricted: we accept them only after extra checks and may need licences, registrations or a higher Reserve.',
        'If we find that your account is being used for a prohibited business, we may refuse or reverse Transactions, withhold Settlement, terminate these Terms, report the activity to the authorities and Card Networks, and recover any fines or losses from you.',
      ],
    },
    {
      id: 'payment-processing',
      heading: 'Payment processing and the Escrow Account',
      blocks: [
        'We will make the Payment Instruments you have chosen, and we have activated for you, available to your Customers, and we will route each Transaction to the relevant bank or Card Network for authorisation. We do not guarantee that any Transaction will be authorised; that decision rests with the issuing bank, the Card Network and our risk systems.',
        'All amounts collected for you are received in the Escrow Account and held there until they are settled to you in line with RBI’s directions. No interest is payable to you on amounts held in the Escrow Account. We are not a bank, and the Services are not a deposit or a loan.',
        'You must not process a Transaction that does not arise from a genuine sale of goods or services by you to a Customer, split a single sale into several Transactions, or process Transactions on behalf of any other business (transaction laundering).',
        'You may show the Customer a fixed price only. You must not charge a Customer a surcharge for paying with a particular Payment Instrument, except where Applicable Law and the rules of the Card Network allow it and the Customer is told before paying.',
      ],
    },
    {
      id: 'settlement',
      heading: 'Settlement',
      blocks: [
        'We settle amounts due to you on a T+1 basis: Transactions captured on a Working Day (T) are settled to your registered bank account on the next Working Day (T+1), less Fees, taxes, Refunds, Chargebacks, Reserves and any other amounts these Terms permit us to deduct. Transactions captured after the daily cut-off time shown in the Merchant Portal, or on a day that is not a Working Day, are treated as captured on the next Working Day.',
        'Settlements are made in Indian rupees only, to a bank account in India held in your name or in the name of your business, that we have verified. Payments received in a foreign currency are converted into Indian rupees at the rate applied by the processing bank on the day of conversion.',
        'We may delay or withhold a Settlement, in whole or in part, if we reasonably suspect fraud, a breach of these Terms or a prohibited business; if a bank, Card Network or authority instructs us to; if your Chargeback or Refund levels are unusually high; or if your KYC is incomplete or out of date. We will tell you the reason unless the law prevents us, and we will release the amount as soon as the reason no longer applies.',
        'Settlement reports are available in the Merchant Portal. You must raise any discrepancy in a Settlement within 30 days of the Settlement date, after which the Settlement is treated as accepted.',
      ],
    },
    {
      id: 'fees-and-taxes',
      heading: 'Fees, taxes and invoices',
      blocks: [
        'You will pay the Fees for the Services. Unless agreed otherwise, we deduct Fees from each Settlement, and we may debit any Fees we could not deduct from future Settlements or recover them from you on demand.',
        'Fees are exclusive of goods and services tax and other taxes, which are charged at the rates in force. We issue a tax invoice every month. Where you deduct tax at source, you will deposit it and give us the certificate on time.',
        'Fees for a Transaction are not returned if the Transaction is later refunded or charged back, except where Applicable Law requires otherwise.',
        'We may change the Fees by giving you at least 30 days’ notice by e-mail or in the Merchant Portal. If you do not accept the change, you may terminate these Terms before it takes effect; if you continue to use the Services after that, the new Fees apply.',
        'You must raise any query about an invoice within 30 days of its date.',
      ],
    },
    {
      id: 'refunds',
      heading: 'Refunds',
      blocks: [
        'You may refund a Transaction, in full or in part, through the Merchant Portal or the refund API, for up to 180 days after the Transaction or any shorter period the Card Network allows. A refund is always made to the Payment Instrument the Customer paid with, never in cash, and may not exceed the amount of the original Transaction.',
        'You must publish a clear refund and cancellation policy on your website or app and honour it. Refunds normally reach the Customer within 5-7 business days after you initiate them, depending on the Customer’s bank; you will tell your Customers this.',
        'We deduct refunds from your next Settlement. If the amounts due to you are not enough to cover a refund, you authorise us to process it from your Reserve or to ask you to fund it first.',
        'Where a Customer’s account is debited but the Transaction fails, the amount is reversed to the Customer automatically, normally within 3-5 working days, and, where RBI’s directions on turnaround time for failed transactions apply, within the time those directions set.',
      ],
    },
    {
      id: 'chargebacks-and-disputes',
      heading: 'Chargebacks and disputes',
      blocks: [
        'Customers may raise a Dispute with us within 30 days of the payment, and with their bank for the longer periods that Card Network rules allow. For goods or services that have not been delivered, a Customer should wait at least 7 days after the payment before raising a Dispute, so that you have an opportunity to deliver.',
        'When we receive a Dispute or Chargeback we will notify you through the Merchant Portal and by e-mail. You must respond with evidence, such as proof of delivery, the Customer’s acceptance of the service, invoices and communications, within the time stated in the notice, ordinarily five Working Days. If you do not respond in time, we may accept the Chargeback on your behalf.',
        'We decide Disputes raised with us, and the issuing bank or Card Network decides Chargebacks, on the evidence available. Their decision is final as between us. If a Chargeback is decided against you, you are liable for the amount of the Transaction, any Chargeback fee set out in the Fees, and any fine a Card Network imposes because of it, and we may deduct these from your Settlements or Reserve.',
        'If your Chargebacks in any month exceed one per cent of your Transactions by number or value, or any lower threshold a Card Network sets, we may require you to take remedial steps, impose or increase a Reserve, restrict Payment Instruments or terminate these Terms.',
      ],
    },
    {
      id: 'reserve-and-set-off',
      heading: 'Reserve, set-off and recovery',
      blocks: [
        'We may hold back a part of your Settlements as a reserve (the “Reserve”) to cover Refunds, Chargebacks, fines and other amounts you may owe us, where your business model, delivery timelines, Chargeback history or risk profile reasonably require it. We will tell you the amount and the period of the Reserve and review it at least every six months.',
        'We may set off any amount you owe us under this Agreement against any amount we owe you, including your Settlements and the Reserve. If those amounts are insufficient, you will pay the balance within seven days of our demand, and you authorise us to recover it through a NACH mandate or any other lawful means.',
      ],
    },
    {
      id: 'data-security',
      heading: 'Data security and PCI DSS',
      blocks: [
        'We keep our card-processing environment compliant with the Payment Card Industry Data Security Standard (“PCI DSS”), store payment system data only in India as RBI requires, and protect the Services with reasonable security practices and procedures under the Information Technology Act, 2000.',
        'You must not store Customers’ card numbers, expiry dates, CVVs, PINs or authentication data on your systems. RBI’s directions allow only card issuers and Card Networks to store card data; if you offer saved cards, you must use the card-on-file tokens we provide. If your integration receives card data directly, you must be certified to PCI DSS at the level that applies to your volumes and give us your certificate every year.',
        'You are responsible for the security of your systems, the Merchant Portal credentials of your users, and your API keys and salt. Keep them secret, never place them in browser or mobile app code, verify the hash of every response before you treat a payment as successful, and rotate your keys at once if you suspect they have been exposed.',
        'You must tell us without delay, and in any case within six hours of noticing it, of any actual or suspected security incident affecting Transactions or Customer data, cooperate with our investigation, and allow us or an auditor we appoint to review your compliance with this section.',
      ],
    },
    {
      id: 'data-protection',
      heading: 'Data protection and confidentiality',
      blocks: [
        'Each party is responsible, as a data fiduciary, for its own processing of personal data under the Digital Personal Data Protection Act, 2023. You will give your Customers a privacy notice that explains that their payment data is shared with payment service providers such as us, and obtain any consent the law requires. We process personal data as described in our [Privacy Policy](/policy).',
        'Each party will keep the other’s confidential information, including the terms of any commercial agreement, technical information, security credentials and business information, confidential, and use it only to perform this Agreement, except where disclosure is required by law, by a regulator or a Card Network, or to professional advisers bound by confidentiality. This obligation survives termination for three years, and for trade secrets and personal data for as long as they remain so.',
      ],
    },
    {
      id: 'intellectual-property',
      heading: 'Intellectual property and publicity',
      blocks: [
        `${name} and its licensors own the Services, the Merchant Portal, the APIs, SDKs, plugins, integration kits, documentation and the ${name} name and logos. We grant you, for as long as these Terms are in force, a limited, non-exclusive, non-transferable and revocable licence to use them only to accept payments through the Services. You must not copy, modify, reverse-engineer or resell them except as the licence of an open-source component expressly allows.`,
        'You grant us a licence to use your name and logo to show the payment options on your checkout pages and, unless you tell us in writing that you object, to list you as a customer in our marketing materials.',
      ],
    },
    {
      id: 'representations',
      heading: 'Representations and warranties',
      blocks: [
        'Each party represents that it is duly organised and validly existing, has the power and authority to enter into this Agreement, and will comply with Applicable Law in performing it.',
        'You further represent and warrant that all information you give us is true and complete; that you hold every licence, registration and approval your business needs; that every Transaction represents a genuine sale by you; and that you will deliver the goods or services paid for as described and on time.',
        'Except as expressly stated in this Agreement, the Services are provided “as is” and “as available”. We do not warrant that they will be uninterrupted or error-free, and we exclude all other warranties to the extent Applicable Law permits. Scheduled maintenance will be announced in advance in the Merchant Portal whenever practicable.',
      ],
    },
    {
      id: 'indemnity',
      heading: 'Indemnity',
      blocks: [
        `You will indemnify and hold harmless ${name}, its directors, employees and partner banks from and against any loss, damage, fine, penalty, claim, cost or expense (including reasonable legal fees) arising from: your breach of this Agreement or of Applicable Law; any Dispute or Chargeback; the goods or services you sell; any fraud or negligence by you or your staff; any security incident on your systems; or any claim by a Customer or third party relating to your business.`,
      ],
    },
    {
      id: 'limitation-of-liability',
      heading: 'Limitation of liability',
      blocks: [
        'Neither party is liable to the other for any indirect, incidental, special or consequential loss, or for any loss of profit, revenue, goodwill or data, however caused, even if it was foreseeable.',
        'Our total liability to you under or in connection with this Agreement in any twelve-month period is limited to the Fees you paid us in the twelve months before the event that gave rise to the claim, excluding taxes.',
        'We are not liable for any failure or delay caused by a bank, Card Network, NPCI, telecom or internet provider, or any other third party outside our control, or for any Transaction declined by an issuing bank.',
        'Nothing in this Agreement limits a party’s liability for fraud, for wilful misconduct, or for any liability that cannot be limited under Applicable Law. The limits in this section do not apply to amounts you owe us for Fees, Refunds, Chargebacks, fines or under your indemnity.',
      ],
    },
    {
      id: 'suspension-and-termination',
      heading: 'Suspension and termination',
      blocks: [
        'Either party may terminate this Agreement for convenience by giving the other 30 days’ written notice.',
        'We may suspend the Services, or terminate this Agreement with immediate effect by notice, if you breach these Terms and do not remedy the breach within 15 days of notice; if we reasonably suspect fraud, money laundering or a prohibited business; if your Chargeback levels exceed the thresholds in these Terms; if you become insolvent or cease to carry on business; or if a regulator, court, bank or Card Network requires us to.',
        'On termination we will settle the amounts due to you, after deducting all amounts you owe us. Because Refunds and Chargebacks can arise after a Transaction, we may hold a reasonable part of the final Settlement, for up to 180 days after termination, and release the balance at the end of that period.',
        'Termination does not affect rights and obligations that arose before it. The sections on fees, refunds, chargebacks, reserve and set-off, data security, data protection and confidentiality, indemnity, limitation of liability and governing law survive termination.',
      ],
    },
    {
      id: 'force-majeure',
      heading: 'Force majeure',
      blocks: [
        'Neither party is liable for a failure or delay in performing this Agreement, other than a payment obligation, caused by events beyond its reasonable control, such as natural disasters, epidemics, war, civil unrest, acts of government or regulators, failures of payment systems, banks or Card Networks, power failures or large-scale internet outages. The affected party will tell the other promptly and do what it reasonably can to resume performance.',
      ],
    },
    {
      id: 'amendments-and-notices',
      heading: 'Changes to these Terms and notices',
      blocks: [
        'We may amend these Terms by giving you at least 30 days’ notice by e-mail or in the Merchant Portal, except where a change is needed at shorter notice to comply with Applicable Law or the direction of a regulator or Card Network, in which case it takes effect when we say. If you do not accept an amendment, you may terminate this Agreement before it takes effect. The current version is always available on our website.',
        `We will send notices to the e-mail address registered in your account or show them in the Merchant Portal. You may send notices to us at ${contact.email} or at our registered office. A notice sent by e-mail is received when it is sent, unless the sender receives a delivery failure.`,
      ],
    },
    {
      id: 'governing-law',
      heading: 'Governing law and jurisdiction',
      blocks: [
        'This Agreement and any dispute or claim arising out of or in connection with it are governed by the laws of India.',
        'The parties will first try to resolve any dispute amicably through their senior representatives within 30 days of a written notice of the dispute.',
        'Subject to the above, the courts at Ghaziabad, Uttar Pradesh, India have exclusive jurisdiction over any dispute arising out of or in connection with this Agreement, and each party submits to that jurisdiction.',
      ],
    },
    {
      id: 'grievance-redressal',
      heading: 'Grievance redressal',
      blocks: [
        `Questions and complaints about the Services can be raised through the Merchant Portal or by writing to ${contact.email}. If your complaint is not resolved, you may escalate it to our Grievance Officer:`,
        {
          kind: 'contact',
          lines: [
            contact.grievanceOfficer,
            company,
            ...contact.address.lines,
            `E-mail: ${contact.grievanceEmail}`,
          ],
        },
        'We acknowledge complaints within 24 hours and aim to resolve them within 15 days. If a complaint about a payment remains unresolved after 30 days, it may be taken to the Reserve Bank – Integrated Ombudsman Scheme, 2021, where that scheme applies.',
      ],
    },
    {
      id: 'general',
      heading: 'General',
      blocks: [
        'You may not assign or transfer this Agreement without our prior written consent. We may assign it to an affiliate or to a successor of our business, with notice to you.',
        'The parties are independent contractors. Nothing in this Agreement creates a partnership, joint venture, agency or employment relationship.',
        'If any provision of this Agreement is held invalid or unenforceable, the rest remains in force, and the provision is replaced by a valid one that comes closest to the parties’ intention.',
        'A delay or failure to exercise a right is not a waiver of it. A waiver is effective only if given in writing.',
      ],
    },
  ],
}
