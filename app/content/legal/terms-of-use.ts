import { brand, contact } from '#core/brand/brand.ts'
import type { LegalDocument } from './types.ts'

const name = brand.name
const company = brand.legalName
const site = brand.domain

/**
 * The website's terms of use, built into /pdf/terms-of-use.pdf at build time
 * (scripts/build/pdfs.ts). Paragraphs are numbered as clauses in the PDF.
 */
export const termsOfUse: LegalDocument = {
  title: 'Terms of Use (Website)',
  lastUpdated: '2026-11-02',
  clauseNumbers: true,
  preamble: [
    `These Terms of Use govern your use of the website at ${site} and its pages, downloads and live demos (the “Website”), run by ${company} (“${name}”, “we” or “us”). By using the Website you agree to these Terms of Use. If you do not agree, please do not use the Website.`,
    `These Terms of Use cover the Website only. If you open a merchant account, your use of the ${name} payment services is governed by our Terms & Conditions (Merchant), which you accept when you sign up.`,
  ],
  sections: [
    {
      id: 'about',
      heading: 'About us and the Website',
      blocks: [
        `${company} is a company incorporated in India with its registered office at ${contact.address.lines.join(', ')}. We provide payment aggregation and payment gateway services to businesses in India.`,
        'The Website tells businesses and developers about our services and pricing, offers integration kits, plugins and documents for download, lets you try our checkout in a sandbox, and lets you contact us or apply for a job. Nothing on the Website is an offer to provide services to you; we provide services only under a signed or accepted merchant agreement, after our KYC checks.',
      ],
    },
    {
      id: 'use-of-the-website',
      heading: 'Using the Website',
      blocks: [
        'You may use the Website for lawful purposes, to learn about our services, to evaluate and integrate them, and to contact us. You must not:',
        {
          kind: 'list',
          style: 'alpha',
          items: [
            'use the Website in a way that breaks any law, or to commit or help commit fraud;',
            'try to gain unauthorised access to the Website, our servers, the sandbox or any account, or probe, scan or test their vulnerability without our written permission (please report security issues to us instead);',
            'upload or send viruses, malware or any code designed to harm, disrupt or take control of a system;',
            'place an unreasonable load on the Website, including through automated scraping, crawling or repeated form submissions, other than by search engines that follow our robots.txt file;',
            'impersonate any person, or misrepresent your connection with any person or business;',
            'send us content that is unlawful, defamatory, obscene, threatening or that infringes anyone’s rights;',
            'use the live demos to test stolen card details, or enter real card, bank or UPI credentials into the sandbox.',
          ],
        },
        'We may suspend or block access to the Website for anyone who breaks these Terms of Use, and report unlawful conduct to the authorities.',
      ],
    },
    {
      id: 'portal-and-demos',
      heading: 'The merchant portal and the live demos',
      blocks: [
        `The Login and Sign Up links on the Website open the ${name} merchant portal, which is governed by the Terms & Conditions (Merchant) and our Privacy Policy, not by these Terms of Use.`,
        'The live demos on the Website run against a sandbox, a test version of our gateway. No real money is moved, and the test card numbers, UPI IDs and bank pages shown on the demo pages are for testing only. Results in the sandbox do not predict whether a real payment will be authorised.',
      ],
    },
    {
      id: 'intellectual-property',
      heading: 'Intellectual property',
      blocks: [
        `The Website and everything on it, including text, graphics, logos, illustrations, page layouts, software and documentation, are owned by ${name} or its licensors and are protected by the Copyright Act, 1957, the Trade Marks Act, 1999 and other laws. “${name}”, “${brand.previousName}” and our logos are our trade marks. The names and logos of banks, card networks, wallets and other companies shown on the Website belong to their owners and are used only to identify the payment options we support.`,
        'You may view, download and print pages of the Website for your own information and for evaluating our services. You must not otherwise copy, reproduce, republish, modify, frame or distribute any part of the Website, or use our trade marks, without our written permission.',
      ],
    },
    {
      id: 'downloads-licence',
      heading: 'Downloads: integration kits, plugins and documents',
      blocks: [
        `Integration kits, plugins, sample code and documents you download from the Website (the “Downloads”) are licensed, not sold. Subject to these Terms of Use, we grant you a limited, non-exclusive, non-transferable, royalty-free and revocable licence to download, install, use and modify the Downloads only to integrate your websites, apps and systems with the ${name} payment services and to test that integration.`,
        'You must not sell, sublicense or distribute the Downloads on their own, use them to build a service that competes with ours, or remove any copyright or licence notice from them. Third-party open-source components included in a Download are licensed under their own licences, which are included with the Download and prevail for those components.',
        'The Downloads are provided “as is”. You are responsible for reviewing, testing and securing your integration before you use it with real payments, for keeping your merchant credentials, API keys and salt secret and out of browser and mobile code, and for verifying the hash of every payment response. We may update or withdraw any Download at any time; please use the latest version.',
      ],
    },
    {
      id: 'website-information',
      heading: 'Information on the Website',
      blocks: [
        'We try to keep the Website accurate and up to date, but its content is general information only and is not legal, financial, tax or technical advice. Prices, rates and features shown on the Website are indicative, exclude taxes unless stated, and may change; the fees that apply to you are those in your merchant agreement or shown in your merchant portal.',
        'Figures such as success rates, review scores, settlement times and the number of banks, languages and currencies supported describe our services in general and are not a promise about any particular transaction.',
      ],
    },
    {
      id: 'your-submissions',
      heading: 'What you send us',
      blocks: [
        'When you send us a message or a job application through the Website, you confirm that what you send is accurate, is yours to send, and does not infringe anyone’s rights. We use it as described in our [Privacy Policy](/policy).',
        'If you send us ideas or suggestions about our services, you agree that we may use them freely, without any obligation to you.',
      ],
    },
    {
      id: 'third-party-links',
      heading: 'Links to other websites, including RBI Kehta Hai',
      blocks: [
        'The Website contains links to websites run by others, including the Reserve Bank of India’s public-awareness website “RBI Kehta Hai”, banks, card networks, app stores, social networks and maps. Before you leave the Website for RBI Kehta Hai we show a [notice](/rbi-kehta-hai) saying that you are leaving our site for one we do not run.',
        'We do not run or control those websites, and a link does not mean that we endorse them, their owners or their content. We are not responsible for their content, availability, accuracy, security or privacy practices. Your use of them is governed by their own terms and policies.',
      ],
    },
    {
      id: 'privacy-and-cookies',
      heading: 'Privacy and cookies',
      blocks: [
        `Our [Privacy Policy](/policy) explains what personal data we collect through the Website, including through cookies, why we collect it, how we protect it and the rights you have. It is available at ${site}/policy and forms part of these Terms of Use.`,
      ],
    },
    {
      id: 'disclaimer',
      heading: 'Disclaimer',
      blocks: [
        'The Website, the Downloads and the sandbox are provided on an “as is” and “as available” basis. To the fullest extent the law allows, we disclaim all warranties, express or implied, including warranties of accuracy, merchantability, fitness for a particular purpose and non-infringement, and we do not warrant that the Website will be uninterrupted, timely, secure or free of errors, viruses or other harmful components.',
      ],
    },
    {
      id: 'limitation-of-liability',
      heading: 'Limitation of liability',
      blocks: [
        'To the fullest extent the law allows, we are not liable for any indirect, incidental, special, consequential or punitive loss, or for any loss of profit, revenue, business, goodwill or data, arising from your use of or inability to use the Website, the Downloads or the sandbox, or from your reliance on any content on the Website, even if we were told such loss was possible.',
        'Our total liability to you for any claim arising from your use of the Website is limited to INR 1,000 (one thousand Indian rupees). Nothing in these Terms of Use limits liability that cannot be limited under Indian law.',
      ],
    },
    {
      id: 'indemnity',
      heading: 'Indemnity',
      blocks: [
        `You will indemnify ${name} and its directors, employees and agents against any claim, loss, damage or cost, including reasonable legal fees, arising from your breach of these Terms of Use or of any law, or from your misuse of the Website or the Downloads.`,
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to the Website and these Terms of Use',
      blocks: [
        'We may change, suspend or withdraw any part of the Website at any time. We may also change these Terms of Use; the version in force is the one published on the Website, with the date of the last change at the top. Changes apply from the date they are published, so please check these Terms of Use from time to time. If you keep using the Website after a change, you accept the changed terms.',
      ],
    },
    {
      id: 'governing-law',
      heading: 'Governing law and jurisdiction',
      blocks: [
        'These Terms of Use and any dispute or claim arising out of or in connection with them or your use of the Website are governed by the laws of India.',
        'The courts at Ghaziabad, Uttar Pradesh, India have exclusive jurisdiction over any such dispute or claim.',
      ],
    },
    {
      id: 'grievance-officer',
      heading: 'Grievance Officer and contact',
      blocks: [
        'If you have a complaint about the Website or any content on it, including a complaint under the Information Technology Act, 2000 and the rules made under it, please contact our Grievance Officer:',
        {
          kind: 'contact',
          lines: [
            contact.grievanceOfficer,
            company,
            ...contact.address.lines,
            `E-mail: ${contact.grievanceEmail}`,
          ],
        },
        `We acknowledge complaints within 24 hours and resolve them within 15 days of receipt. For anything else, write to ${contact.email} or call ${contact.phones[0].display} (${contact.hours}).`,
      ],
    },
  ],
}
