// What the demo trust center shows: a plausible small SaaS company.
import type { ComplianceInput, TextBlock } from '../db/blocks.repo.js'

export const DEMO_CNAME = 'demo'
export const demoTitle = 'Demo Company'

export const demoTheme = { headerColor: '#1f2a44', backgroundColor: '#f5f7fb', textColor: '#1f2937', buttonColor: '#0a66c2' }

export const demoOverview = {
  subTitle: 'Security and privacy at Demo Company',
  description:
    '<p>Demo Company protects customer data with <strong>encryption everywhere</strong>, least-privilege access and continuous monitoring.</p>' +
    '<ul><li>Independent SOC 2 Type II audit every year</li><li>ISO 27001 certified information security management</li><li>Annual third-party penetration tests</li></ul>' +
    '<p>Questions? Write to <a href="mailto:security@demo.example">security@demo.example</a>.</p>',
}

/** A title and its description, as the security page lists them. */
type Item = readonly [title: string, description: string]

const block = ([title, description]: Item): TextBlock => ({ title, description })

// One row per category: its title, description and items; `block` builds each from the table.
const securityTable: readonly [...Item, items: readonly Item[]][] = [
  [
    'Infrastructure security',
    'Production runs in a hardened cloud environment with separate networks per tier.',
    [
      ['Encryption at rest', 'Databases, backups and object storage are encrypted with AES-256.'],
      ['Encryption in transit', 'All traffic uses TLS 1.2 or later; HSTS is enabled.'],
      ['Network segmentation', 'Production, staging and corporate networks are isolated.'],
    ],
  ],
  [
    'Access control',
    'Access to customer data is limited to the people who need it, and reviewed.',
    [
      ['Single sign-on and MFA', 'Every employee signs in through SSO with phishing-resistant MFA.'],
      ['Least privilege', 'Production access is granted just in time and expires automatically.'],
      ['Quarterly access reviews', 'Managers confirm every grant each quarter.'],
    ],
  ],
  [
    'Application security',
    'Security is part of how software is designed, built and shipped.',
    [
      ['Secure development lifecycle', 'Design reviews, peer review of every change and security training.'],
      ['Dependency scanning', 'Third-party packages are scanned for known vulnerabilities on every build.'],
      ['Penetration testing', 'An independent firm tests the product every year.'],
    ],
  ],
  [
    'Resilience and incident response',
    'Incidents are detected early, handled by a practised team and communicated openly.',
    [
      ['24/7 on-call', 'Alerts reach an engineer within minutes, day and night.'],
      ['Tested backups', 'Backups are taken daily and restored in a drill every quarter.'],
      ['Disaster recovery', 'A documented plan with a 4-hour recovery time objective.'],
    ],
  ],
]

export const demoSecurity: (TextBlock & { subdata: TextBlock[] })[] = securityTable.map(([title, description, items]) => ({
  ...block([title, description]),
  subdata: items.map(block),
}))

export const demoCompliance: ComplianceInput[] = [
  { framework: 'SOC 2 Type II', status: 'compliant', badge: 'soc2', description: 'Audited annually by an independent CPA firm.' },
  { framework: 'ISO 27001', status: 'compliant', badge: 'iso27001', description: 'Certified information security management system.' },
  { framework: 'HIPAA', status: 'in_progress', badge: 'hipaa', description: 'Safeguards for protected health information are being implemented.' },
  { framework: 'GDPR', status: 'compliant', badge: 'gdpr', description: 'Data processing agreement and EU data residency available.' },
]

export const demoNda = `Mutual Non-Disclosure Agreement

By accepting, you agree that the documents made available to you through the Demo Company trust center are confidential information of Demo Company.

1. You will use the confidential information only to evaluate Demo Company as a vendor.
2. You will not share it with anyone outside your organisation without written consent.
3. These obligations last for three years from the date you accept.`

export const demoRequester = {
  firstName: 'Jordan',
  lastName: 'Lee',
  companyName: 'Acme Retail',
  workEmail: 'jordan.lee@acme-retail.example',
  relationship: 'Prospective customer',
}

export const demoDocuments = [
  {
    title: 'Security Overview',
    fileName: 'Demo-Company-Security-Overview.pdf',
    visibility: 'public' as const,
    lines: [
      '# Demo Company Security Overview',
      'How Demo Company protects customer data.',
      '',
      'Encryption: AES-256 at rest, TLS 1.2+ in transit.',
      'Access: SSO with MFA, least privilege, quarterly reviews.',
      'Assurance: SOC 2 Type II, ISO 27001, annual penetration tests.',
    ],
  },
  {
    title: 'SOC 2 Type II Report',
    fileName: 'Demo-Company-SOC2-Type-II-Report.pdf',
    visibility: 'approval' as const,
    lines: [
      '# SOC 2 Type II Report (demo)',
      "Independent service auditor's report on controls relevant to security and availability.",
      '',
      'Period: January 1 to December 31.',
      'Opinion: controls were suitably designed and operated effectively.',
      'This is sample content generated for the demo.',
    ],
  },
]
