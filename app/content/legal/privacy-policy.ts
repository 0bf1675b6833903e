import { brand, contact } from '#core/brand/brand.ts'
import { retentionDays } from './retention.ts'
import type { LegalDocument } from './types.ts'

const name = brand.name
const company = brand.legalName
const site = brand.domain

/**
 * The Privacy Policy shown at /policy (docs/product.md#routes-and-screens): what we collect and why, protection, cookies,
 * camera permission, transfers, governing law (India, courts of Ghaziabad) and the grievance contact.
 */
export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: '2026-12-07',
  clauseNumbers: false,
  preamble: [
    `${company} (“${name}”, “we”, “us” or “our”) runs a payment aggregator and payment gateway that lets businesses in India accept payments online and in stores, pay out money and reconcile what they receive. Because we move money, we handle information about the businesses we serve, the people who run them and the customers who pay them. This policy explains, in plain language, what personal data we collect, why we need it, whom we share it with, how we keep it safe, how long we keep it and what choices and rights you have.`,
    `We process personal data in line with the Digital Personal Data Protection Act, 2023 and the Digital Personal Data Protection Rules, 2025 (together, the “DPDP Act”), the Information Technology Act, 2000 and the rules made under it, including the Information Technology (Reasonable Security Practices and Procedures and Sensitive Personal Data or Information) Rules, 2011 (the “SPDI Rules”), and the directions of the Reserve Bank of India (“RBI”) that apply to payment aggregators. Where this policy and the law differ, the law prevails.`,
    `If anything here is unclear, write to our Grievance Officer at ${contact.grievanceEmail}. The contact details are at the end of this policy.`,
  ],
  sections: [
    {
      id: 'scope',
      heading: 'Who this policy covers',
      blocks: [
        `This policy applies to personal data we process when you visit ${site} and its sub-domains (the “Website”), use the ${name} merchant dashboard, the ${name} mobile app, our hosted checkout pages, payment links, QR codes, application programming interfaces and integration kits (together, the “Services”), or otherwise deal with us. It covers:`,
        {
          kind: 'list',
          style: 'bullet',
          items: [
            '**Merchants** and prospective merchants: sole proprietors, firms and companies that apply for or hold a merchant account, and their owners, partners, directors, authorised signatories, beneficial owners and staff users;',
            '**Payers**: customers who pay a merchant through our checkout, a payment link, a QR code or any other payment page we run;',
            '**Visitors** to the Website, including people who send us a message through the contact form or try our live demos;',
            '**Job applicants** who apply through the careers page.',
          ],
        },
        `For personal data that we decide how and why to process, such as merchant onboarding and know-your-customer (“KYC”) records, we act as a Data Fiduciary under the DPDP Act. When we process a payer’s data only to complete a payment for a merchant, the merchant is responsible for its own collection and use of that data under its own privacy notice, and we process it to complete the payment and to meet our own legal duties as a regulated payment system operator.`,
        'This policy does not cover websites, apps or services run by merchants or by other companies, even where they link to us or use our checkout. Please read their privacy notices.',
      ],
    },
    {
      id: 'data-we-collect',
      heading: 'Personal data we collect and why',
      blocks: [
        'We collect only what we need to provide the Services, to meet our obligations under the law and to keep payments safe. The sections below list what we collect, where it comes from and the reason we collect it.',
      ],
      subsections: [
        {
          heading: 'Data you give us',
          blocks: [
            {
              kind: 'list',
              style: 'bullet',
              items: [
                '**Account and contact details**: name, business name, e-mail address, mobile number, postal address, designation and login credentials. We use these to create and run your account, verify that it is you who signs in, and contact you about the Services.',
                '**KYC and business documents**: PAN, Aadhaar (masked or verified through an authorised channel) or another officially valid document, photographs, GST registration, Udyam registration, shop and establishment licence, certificate of incorporation, partnership deed, board resolutions, and details of beneficial owners. RBI directions and the Prevention of Money-laundering Act, 2002 (“PMLA”) require us to verify who we do business with before we activate an account and to keep that verification up to date.',
                '**Bank account details**: account number, IFSC, account holder name and bank proof such as a cancelled cheque or statement. We need these to settle your collections to you and to confirm that the account belongs to you.',
                '**Business information**: website or app address, nature of business, products and prices, expected volumes, refund and delivery policies. We use these to assess risk, to confirm the business is not prohibited and to set up the right payment methods.',
                '**Messages you send us**: what you write through the contact form, e-mail, chat, phone or social media, including your name, company, phone number, e-mail address, subject and message. We use these to answer you and to improve our support.',
                '**Job applications**: your name, phone number, e-mail address, resume and anything you choose to tell us. We use these only to consider you for a role.',
              ],
            },
          ],
        },
        {
          heading: 'Data about payers, collected when a payment is made',
          blocks: [
            {
              kind: 'list',
              style: 'bullet',
              items: [
                '**Payer details** the merchant or the payer provides: name, e-mail address, mobile number and, for some international or high-value payments, billing address.',
                '**Payment instrument data**: card number, expiry date and card holder name (entered on a page we secure to PCI DSS and, for saved cards, replaced by a network token as RBI’s card-on-file tokenisation rules require); the UPI ID (VPA); the bank chosen for net banking; or the wallet used. We never store a card’s CVV, a UPI PIN, an ATM PIN or a one-time password.',
                '**Transaction details**: amount, currency, order reference, merchant, date and time, status, bank reference numbers and the outcome of authentication.',
              ],
            },
            'We need this data to route the payment to the right bank or network, to authenticate it, to settle it, to handle refunds and disputes, to detect fraud and to keep the records the law requires.',
          ],
        },
        {
          heading: 'Data collected automatically',
          blocks: [
            {
              kind: 'list',
              style: 'bullet',
              items: [
                '**Device and connection data**: IP address, browser type and version, operating system, device model, screen size, language and time zone.',
                '**Usage data**: pages viewed, links clicked, time spent, referring page, and actions taken in the dashboard or app.',
                '**Security and risk signals**: device identifiers and characteristics, approximate location derived from the IP address, velocity of attempts and similar signals, used to recognise a returning device and to spot fraud and account takeover.',
                '**Logs**: records of requests to our systems, kept for security, troubleshooting and the log-retention duties set by CERT-In.',
              ],
            },
          ],
        },
        {
          heading: 'Data we receive from others',
          blocks: [
            'To verify identities and businesses and to manage risk we obtain data from: the Central KYC Records Registry; UIDAI-authorised agencies and DigiLocker (only with your consent); the Income Tax Department for PAN verification; the GST Network; the Ministry of Corporate Affairs; banks, through account validation; credit information companies, with your consent; sanctions and politically exposed person lists; card networks, NPCI and banks, for chargebacks and fraud reports; and resellers or partners who introduce you to us.',
          ],
        },
        {
          heading: 'The reasons we rely on',
          blocks: [
            'Under the DPDP Act we process personal data either with your consent or for a legitimate use the Act allows. In practice:',
            {
              kind: 'list',
              style: 'bullet',
              items: [
                '**To provide the Services you ask for**: onboarding, processing payments, settlements, refunds, payouts, reports and support. You give this data voluntarily for that purpose.',
                '**To comply with the law**: KYC and anti-money-laundering checks, reporting to the Financial Intelligence Unit – India, responding to RBI, tax and law-enforcement requests, and keeping records for the periods the law sets.',
                '**To prevent fraud and protect the Services**: risk scoring, monitoring of transactions, and investigating suspicious activity.',
                '**To improve the Services**: understanding how the Website and dashboard are used, mostly through aggregated data.',
                '**To send you news and offers**: only with your consent, which you can withdraw at any time with the unsubscribe link or by writing to us. Service messages about your account, payments and changes to our terms are not marketing and continue while you hold an account.',
              ],
            },
            'Where we rely on consent, you may withdraw it at any time. Withdrawal does not affect processing that already took place, and it may mean we can no longer provide a Service that depends on it.',
          ],
        },
      ],
    },
    {
      id: 'sensitive-data',
      heading: 'Sensitive and financial information',
      blocks: [
        'Passwords, financial information such as bank account and payment instrument details, and any biometric information are “sensitive personal data or information” under the SPDI Rules. We collect them only for a lawful purpose connected with the Services, and we protect them with the measures described under [How we protect personal data](#security).',
        {
          kind: 'list',
          style: 'bullet',
          items: [
            'Passwords are stored only as salted hashes; our staff cannot see them.',
            'We do not store full card numbers on our systems outside the card vault certified to PCI DSS, and for saved cards we keep only network tokens and the last four digits.',
            'We do not collect or store biometric data. Where Aadhaar is used for KYC, authentication happens through UIDAI’s authorised channels, we keep only a masked Aadhaar number (the last four digits), and we never ask for your Aadhaar biometrics.',
            '**We will never ask you for your card PIN, CVV, UPI PIN or one-time password** by phone, e-mail, SMS or chat. Anyone who does is not from us; please report it to us and to the National Cyber Crime Reporting Portal.',
          ],
        },
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies and similar technologies',
      blocks: [
        'Cookies are small text files a website stores in your browser. We and the checkout we run use cookies and similar technologies such as local storage to keep you signed in, remember your choices, protect forms from abuse and understand how the Website is used. We do not use cookies to show you advertising from other companies, and we do not sell what cookies tell us.',
        {
          kind: 'table',
          caption: 'Cookies we set',
          columns: ['Cookie', 'Category', 'What it does', 'Expires'],
          rows: [
            [
              'ps_session',
              'Strictly necessary',
              'Keeps you signed in to the dashboard and ties your requests to your session.',
              'When you sign out or after 30 minutes of inactivity',
            ],
            [
              'ps_csrf',
              'Strictly necessary',
              'Protects forms against cross-site request forgery.',
              'End of session',
            ],
            [
              'ps_device',
              'Security',
              'Recognises a device you have used before, so we can spot unusual sign-ins and payment fraud.',
              '12 months',
            ],
            [
              'ps_lang',
              'Preference',
              'Remembers the language you chose on the checkout page.',
              '12 months',
            ],
            [
              'ps_consent',
              'Preference',
              'Remembers your cookie choices so we do not ask again.',
              '12 months',
            ],
            [
              'ps_analytics',
              'Analytics',
              'Counts visits and page views in aggregate with our own first-party analytics, so we learn which pages help people.',
              '13 months',
            ],
          ],
        },
        'Strictly necessary and security cookies are needed for the Services to work safely, so they cannot be switched off in our settings. You can decline preference and analytics cookies when we ask, and you can block or delete cookies in your browser settings at any time. If you block strictly necessary cookies, the dashboard and checkout may not work.',
      ],
    },
    {
      id: 'camera-and-device-permissions',
      heading: 'Camera and device permissions',
      blocks: [
        `The ${name} mobile app and our web onboarding ask your device for some permissions. We ask only when you start a feature that needs the permission, we tell you why, and you can say no. Saying no only switches off the feature that needs it.`,
        {
          kind: 'list',
          style: 'bullet',
          items: [
            `**Camera**: to complete video-based customer identification (V-CIP), the video KYC that RBI’s KYC Master Direction allows in place of an in-person visit; to photograph your PAN, Aadhaar, cancelled cheque or licence when you upload KYC documents; to take a live photograph for a liveness check; and to scan UPI and ${name} QR codes when you collect or make a payment in the app. The camera is used only while that screen is open. We do not record or keep camera images except the documents, photographs and V-CIP recording you submit for KYC, which we keep as KYC records for the periods set out under [How long we keep personal data](#retention).`,
            '**Microphone**: only during a V-CIP video call, so our verification officer can hear you. The call is recorded, as RBI requires, and kept as a KYC record.',
            '**Location**: during V-CIP only, to confirm that you are in India at the time of the call, as RBI requires. The app does not track your location at other times.',
            '**Photos and files**: only the files you choose to upload, such as KYC documents. We cannot see the rest of your gallery or storage.',
            '**Notifications**: to tell you about payments received, settlements and security alerts. You can turn them off in your device settings.',
          ],
        },
        `The app does not read your contacts, call logs or text messages. You can withdraw any permission at any time in your device’s settings (on Android: Settings › Apps › ${name} › Permissions; on iOS: Settings › ${name}).`,
      ],
    },
    {
      id: 'sharing-and-transfers',
      heading: 'Sharing and transfers of personal data',
      blocks: [
        'We do not sell personal data and we do not rent or trade it. We share it only where the Services, the law or your instructions require, and only as much as each recipient needs:',
        {
          kind: 'list',
          style: 'bullet',
          items: [
            '**Banks and financial institutions**: the acquiring banks that process card payments, the issuing and remitter banks of payers, the scheduled commercial bank that holds the escrow account into which payments are collected and from which they are settled as RBI requires, and the banks that receive settlements and payouts.',
            '**Card networks and payment systems**: Visa, Mastercard, RuPay, American Express, Diners Club and the National Payments Corporation of India (for UPI, RuPay, IMPS and NACH), to authorise, clear and settle payments and to resolve disputes.',
            '**Merchants**: when you pay a merchant, the merchant receives the payment details it needs, such as your name, contact details, amount, status and masked instrument details, but never your full card number, CVV or PIN.',
            '**Service providers acting as our processors**: cloud hosting and data-centre providers in India, KYC and verification agencies, SMS, e-mail and WhatsApp message providers, customer support tools, fraud-prevention services and auditors. They act on our written instructions under contracts that require confidentiality, security and deletion when the work ends.',
            '**Regulators, authorities and courts**: the Reserve Bank of India, the Financial Intelligence Unit – India, CERT-In, the Income Tax and GST authorities, the Data Protection Board of India, law-enforcement agencies and courts, when the law requires or allows us to share, or to protect the rights, property or safety of our users, the public or us.',
            '**Professional advisers**: lawyers, chartered accountants and auditors, under a duty of confidentiality.',
            `**Corporate changes**: a buyer or successor if ${name} or its business is merged, acquired or reorganised, who will be bound by this policy.`,
            '**Anyone else you ask us to share with**, for example an accounting platform you connect to your account.',
          ],
        },
      ],
      subsections: [
        {
          heading: 'Where your data is stored, and transfers outside India',
          blocks: [
            'All payment system data we handle, meaning the full end-to-end transaction details and the information collected, carried and processed as part of a payment, is stored only on systems in India, as required by RBI’s directions on storage of payment system data. Our primary and disaster-recovery data centres are in India.',
            'Some transfers outside India are part of making a payment. When a payer uses a card issued outside India, or a merchant accepts one of the over 30 foreign currencies we support, the card network and the foreign bank process the foreign leg of the transaction abroad. In that case the data may be processed outside India, but a copy is held in India and any copy processed abroad is deleted and brought back to India within the time RBI allows. A small number of our processors, such as e-mail delivery services, may process limited contact data outside India.',
            'We transfer personal data outside India only to countries the Central Government has not restricted under section 16 of the DPDP Act, and under contracts that require the recipient to protect it to the standard this policy describes.',
          ],
        },
      ],
    },
    {
      id: 'security',
      heading: 'How we protect personal data',
      blocks: [
        'We maintain reasonable security practices and procedures, documented in an information security programme that meets the SPDI Rules and the standard IS/ISO/IEC 27001. Among other things:',
        {
          kind: 'list',
          style: 'bullet',
          items: [
            'Our card-processing environment is certified to the Payment Card Industry Data Security Standard (PCI DSS) and assessed every year by a Qualified Security Assessor.',
            'Data travels over encrypted connections (TLS 1.2 or higher) and is encrypted at rest with AES-256; encryption keys are kept in hardware security modules.',
            'Cards saved for repeat payments are tokenised as RBI’s card-on-file tokenisation rules require.',
            'Access to personal data is limited to staff who need it, protected by multi-factor authentication, logged and reviewed.',
            'Our systems are monitored around the clock, tested by independent penetration testers, and audited by auditors empanelled by CERT-In, as RBI directions require of payment aggregators.',
            'Staff sign confidentiality undertakings and receive security and privacy training when they join and every year after.',
          ],
        },
        'If a personal data breach occurs, we will contain it, report it to CERT-In within six hours of noticing it, and inform the Data Protection Board of India and the people affected as the DPDP Act requires, telling them what happened, the likely consequences and what they can do to protect themselves.',
        'No system is perfectly secure. You can help by keeping your password and API keys secret, turning on two-factor authentication and telling us at once if you suspect misuse.',
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep personal data',
      blocks: [
        'We keep personal data only as long as we need it for the purpose we collected it for, or as long as the law requires, whichever is longer. Then we delete it or make it anonymous. In particular:',
        {
          kind: 'list',
          style: 'bullet',
          items: [
            'KYC records and transaction records: for at least five years after the business relationship ends or the transaction is completed, as the PMLA and RBI’s KYC Master Direction require, and longer if an investigation or legal proceeding is open.',
            'Payment data needed for refunds, disputes and chargebacks: for as long as a refund or dispute can still be raised under network and RBI rules.',
            'Security logs: for 180 days in India, as CERT-In directions require, or longer where needed to investigate an incident.',
            `Messages sent through the contact form on the Website: for ${retentionDays.contactMessages} days after they reach us, unless you ask us to delete yours sooner.`,
            `Job applications sent through the careers page, with the resume: for ${retentionDays.jobApplications} days after they reach us, so we can consider you for other roles, unless you ask us to delete yours sooner.`,
            `Copies of the e-mails the Website sends our team with your message or application: for ${retentionDays.mail} days after they are delivered, or, for an e-mail that could not be delivered, ${retentionDays.mail} days after the last attempt.`,
            `Orders placed in the live demos on the Website and payments made in our sandbox, with their notifications and any dispute evidence sent for them: for ${retentionDays.demo} days (a dispute, once it is decided). They are test payments that move no money.`,
            `Subscriptions (mandates) made in our sandbox, with their debits: for ${retentionDays.demo} days after they end (completed, cancelled or failed), and their notifications for ${retentionDays.demo} days; one that has not ended is kept until it does, or until its sandbox account is removed.`,
            `Sandbox accounts, made without any personal data, with everything of theirs: ${retentionDays.sandboxAccounts} days after they were last used, or at once when deleted from their console.`,
            'The Website’s request logs record which page was asked for, when, how it was answered and how long that took. They contain no personal data from the forms: never what you type, your e-mail address, phone number or resume.',
            'Marketing preferences: until you withdraw consent, after which we keep only a record that you opted out.',
          ],
        },
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights and choices',
      blocks: [
        'Under the DPDP Act you have the right to:',
        {
          kind: 'list',
          style: 'bullet',
          items: [
            'obtain a summary of the personal data we process about you, the processing we do, and the identities of those we have shared it with;',
            'have inaccurate or incomplete data corrected, completed or updated;',
            'have your data erased when it is no longer needed for the purpose it was collected for, unless the law requires us to keep it;',
            'withdraw any consent you have given, as easily as you gave it;',
            'have your grievances heard and resolved by us (see [Grievance Officer and how to reach us](#grievance-officer));',
            'nominate another person to exercise your rights if you die or become incapable of doing so.',
          ],
        },
        `To use any of these rights, write to ${contact.grievanceEmail} from the e-mail address registered with us, or use the settings in the dashboard. We will verify that the request comes from you, and we will respond within the response times set out under [Grievance Officer and how to reach us](#grievance-officer). Some requests we cannot fully meet: for example, we must keep KYC and transaction records for the periods the law sets even if you close your account, and we will tell you when that is the case.`,
        `To have a message or job application you sent through the Website erased before its period ends, write to ${contact.grievanceEmail} from the e-mail address you used. We delete the message or application, its resume and the Website’s copies of the e-mails about it, our team deletes those e-mails from its mailboxes, and we confirm to you when that is done.`,
        'If you are a payer and your question is about how a merchant uses your data, please contact the merchant first; we will help where we can.',
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      blocks: [
        'The Services are meant for businesses and for adults. You must be 18 or older to open a merchant account. We do not knowingly collect personal data from children (people under 18) except as part of a payment made with the verifiable consent of a parent or lawful guardian, as the DPDP Act provides, and we do not track, monitor the behaviour of, or direct advertising at children.',
        `If you believe a child has given us personal data without that consent, write to ${contact.grievanceEmail} and we will delete it, unless the law requires us to keep a transaction record.`,
      ],
    },
    {
      id: 'third-party-links',
      heading: 'Links to other websites',
      blocks: [
        'The Website links to websites we do not run, such as the Reserve Bank of India’s public-awareness site, through our [RBI Kehta Hai](/rbi-kehta-hai) notice, and the sites of banks and card networks. Their owners decide how they handle your data; this policy does not apply to them, and we suggest you read their privacy notices.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      blocks: [
        'We review this policy at least once a year and whenever our Services or the law change. When we change it, we publish the new version here and update the “Last updated” date at the top. If a change materially affects how we use personal data you have already given us, we will tell you by e-mail or in the dashboard at least 30 days before it takes effect and, where the law requires, ask for your consent again.',
      ],
    },
    {
      id: 'governing-law',
      heading: 'Governing law and jurisdiction',
      blocks: [
        'This policy and any dispute about it, or about how we process personal data, are governed by the laws of India, including the Information Technology Act, 2000, the SPDI Rules and the Digital Personal Data Protection Act, 2023, without regard to conflict-of-law rules.',
        'Subject to your rights to approach the Data Protection Board of India or any other authority under the law, the courts at Ghaziabad, Uttar Pradesh, India have exclusive jurisdiction over any such dispute.',
      ],
    },
    {
      id: 'grievance-officer',
      heading: 'Grievance Officer and how to reach us',
      blocks: [
        'If you have a question or complaint about this policy or about how we handle your personal data, or you want to use any of your rights, please contact our Grievance Officer, appointed under the Information Technology Act, 2000, the rules made under it and the DPDP Act:',
        {
          kind: 'contact',
          lines: [
            contact.grievanceOfficer,
            company,
            ...contact.address.lines,
            `E-mail: ${contact.grievanceEmail}`,
            `Phone: ${contact.phones[0].display} (${contact.hours}, except public holidays)`,
          ],
        },
        'Please include your name, the e-mail address or mobile number registered with us, and, for a payment, the date, amount and order or transaction reference, so we can find your records quickly.',
        '**Response times**: we acknowledge every grievance within 24 hours, or on the next working day if it reaches us on a holiday, and resolve it within 15 days of receipt. If a grievance needs information from a bank or card network and cannot be resolved in that time, we tell you why and when to expect an answer, which will never be later than 30 days from receipt.',
        'If you are not satisfied with our answer, or we do not answer within 30 days, you may complain about a payment under the Reserve Bank – Integrated Ombudsman Scheme, 2021 at [cms.rbi.org.in](https://cms.rbi.org.in), and, about the processing of personal data, to the Data Protection Board of India once you have used our grievance process.',
      ],
    },
  ],
}
