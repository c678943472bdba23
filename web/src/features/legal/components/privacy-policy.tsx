import { type LegalSection, LegalPage } from './legal-page'

const SECTIONS: LegalSection[] = [
  {
    heading: 'Who we are',
    paragraphs: [
      'This Privacy Policy explains how the Trust Portal (the "Service") collects, uses and protects personal information of account holders, invited colleagues and visitors of published trust centers.',
    ],
  },
  {
    heading: 'Information we collect',
    paragraphs: [
      'Account information: your first and last name, work email address and a securely hashed password. Access requests: the name, company and work email visitors enter when they ask for access to a trust center. Usage information: sign-in times, downloads of trust center documents and similar records we need to keep the Service secure.',
      'Customer Content, such as compliance documents and questionnaire answers, belongs to our customers and is processed only on their instructions.',
    ],
  },
  {
    heading: 'How we use information',
    paragraphs: [
      'We use personal information to provide and secure the Service, to send messages you request (such as invitations and one-time passwords), to let customers review access requests, and to meet legal obligations. We do not sell personal information.',
    ],
  },
  {
    heading: 'Cookies and browser storage',
    paragraphs: [
      'The Service keeps a session token and a few preferences in your browser so that you stay signed in, and uses a strictly necessary cookie to renew your session. We do not use advertising cookies.',
    ],
  },
  {
    heading: 'Sharing',
    paragraphs: [
      'We share information only with service providers that host or operate the Service for us under confidentiality obligations, with the customer whose trust center you interact with, or when required by law.',
    ],
  },
  {
    heading: 'Retention and security',
    paragraphs: [
      'We keep personal information for as long as the account is active or as needed to provide the Service, then delete or anonymise it. Data is encrypted in transit, access is limited to the people who need it, and each customer’s data is kept separate from every other customer’s.',
    ],
  },
  {
    heading: 'Your rights',
    paragraphs: [
      'You may ask to access, correct or delete your personal information. California residents have additional rights under California law, including the right to know what information we collect and to request its deletion. The Service is intended for people 18 or older; we do not knowingly collect information from anyone younger.',
    ],
  },
  {
    heading: 'Governing law and changes',
    paragraphs: [
      'This policy is governed by the laws of the State of California. If we change it, we will update the date above and, for material changes, notify account administrators.',
    ],
  },
]

export function PrivacyPolicy() {
  return <LegalPage title="Privacy Policy" sections={SECTIONS} />
}
