import { type LegalSection, LegalPage } from './legal-page'

const SECTIONS: LegalSection[] = [
  {
    heading: 'Acceptance of these terms',
    paragraphs: [
      'These Terms of Service govern your access to and use of the Trust Portal, including the trust center pages, the security questionnaire tools and every related service we provide (together, the "Service"). By creating an account, signing in or otherwise using the Service you agree to these terms. If you use the Service on behalf of an organisation, you confirm that you are authorised to accept these terms for it.',
    ],
  },
  {
    heading: 'Eligibility',
    paragraphs: [
      'You must be at least 18 years old to use the Service. By using the Service you confirm that you are 18 or older and able to enter into a binding contract.',
    ],
  },
  {
    heading: 'Your account',
    paragraphs: [
      'You are responsible for the accuracy of the information you give us and for keeping your password confidential. Tell us at once if you believe your account has been used without your permission. Account administrators decide who in their organisation is invited and may remove people at any time.',
    ],
  },
  {
    heading: 'Your content',
    paragraphs: [
      'You keep all rights to the documents, questionnaires, answers and other material you upload ("Customer Content"). You grant us only the rights needed to host, process and display Customer Content in order to provide the Service to you, including generating draft answers from your documents. Draft answers are suggestions: you remain responsible for reviewing and approving what you publish or send.',
    ],
  },
  {
    heading: 'Acceptable use',
    paragraphs: [
      'You agree not to misuse the Service: do not attempt to access data of other customers, probe or bypass security controls, upload malicious files, send unsolicited messages through the invite or questionnaire features, or use the Service in breach of any law.',
    ],
  },
  {
    heading: 'Availability and changes',
    paragraphs: [
      'We work to keep the Service available and secure, but it is provided "as is" and may occasionally be interrupted for maintenance. We may change these terms; when we make material changes we will update the date above and, where appropriate, notify account administrators.',
    ],
  },
  {
    heading: 'Limitation of liability',
    paragraphs: [
      'To the extent permitted by law, we are not liable for indirect, incidental or consequential damages, or for loss of data or profits, arising from your use of the Service.',
    ],
  },
  {
    heading: 'Governing law',
    paragraphs: [
      'These terms are governed by the laws of the State of California, without regard to its conflict of law rules. Any dispute will be brought in the state or federal courts located in California.',
    ],
  },
  {
    heading: 'Termination',
    paragraphs: [
      'You may stop using the Service at any time. We may suspend or close accounts that breach these terms. On termination, an administrator may ask us to export or delete Customer Content.',
    ],
  },
]

export function TermsOfService() {
  return <LegalPage title="Terms of Service" sections={SECTIONS} />
}
