// The demo's own sample material (the shared test data is not shipped): a security overview of a
// fictional company and a short customer questionnaire in the usual layout.
import { textPdf } from '@portal/pdf-writer'

const overview: string[][] = [
  [
    '# Demo Company Security Overview',
    'This overview describes how Demo Company protects customer data in its cloud service.',
    '# Access Control',
    'Access to production systems requires single sign-on with multi-factor authentication.',
    'Access follows the principle of least privilege and is granted by role.',
    'User access rights are reviewed every quarter by system owners.',
    'Access of people who leave the company is revoked on their last working day.',
    '# Encryption',
    'All customer data is encrypted at rest using AES-256.',
    'Data in transit is encrypted with TLS 1.2 or later.',
    'Encryption keys are managed in a cloud key management service and rotated every year.',
    '# Vulnerability Management',
    'Production systems are scanned for vulnerabilities every week.',
    'Critical vulnerabilities are remediated within 7 days and high ones within 30 days.',
    'An independent firm performs a penetration test of the application every year.',
  ],
  [
    '# Incident Response',
    'Demo Company maintains a documented incident response plan that is tested every year.',
    'Customers are notified of a security incident affecting their data within 72 hours.',
    '# Business Continuity',
    'Customer data is backed up every day and backups are kept for 35 days.',
    'Backups are restored in a test every quarter.',
    'The service runs in two availability zones; the recovery time objective is 4 hours.',
    '# People',
    'Employees pass a background check before they join.',
    'All employees complete security awareness training when they join and every year after.',
    'Employees sign a confidentiality agreement.',
    '# Vendors',
    'Vendors that process customer data are assessed for security before onboarding and every year.',
    '# Compliance',
    'Demo Company holds a SOC 2 Type II report, renewed every year.',
  ],
]

export const samplePolicyPdf = () => textPdf(overview)

const questions: [string, string][] = [
  ['1.1', 'Do you require multi-factor authentication for access to production systems?'],
  ['1.2', 'How often are user access rights reviewed?'],
  ['1.3', 'Is access revoked promptly when an employee leaves?'],
  ['2.1', 'Is customer data encrypted at rest?'],
  ['2.2', 'Is data encrypted in transit?'],
  ['2.3', 'How are encryption keys managed and rotated?'],
  ['3.1', 'How often do you scan for vulnerabilities?'],
  ['3.2', 'Do you perform annual penetration tests by an independent firm?'],
  ['4.1', 'Do you have a documented incident response plan?'],
  ['4.2', 'How quickly do you notify customers of a security incident?'],
  ['5.1', 'How often are backups taken and tested?'],
  ['6.1', 'Do employees complete security awareness training?'],
  ['6.2', 'Do you perform background checks on new employees?'],
  ['7.1', 'Do you assess the security of your vendors?'],
  ['8.1', 'Do you hold a current SOC 2 Type II report?'],
  ['8.2', 'Are you FedRAMP authorized?'],
]

export async function sampleQuestionnaireXlsx(): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs') // only for the demo: not loaded by every start
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Security Questionnaire')
  ws.columns = [{ width: 8 }, { width: 70 }, { width: 12 }, { width: 60 }]
  ws.addRow(['Vendor Security Questionnaire'])
  ws.addRow(['Please answer every question and return this workbook.'])
  ws.addRow([])
  const header = ws.addRow(['ID', 'Question', 'Answer', 'Comments'])
  header.font = { bold: true }
  for (const [id, q] of questions) ws.addRow([id, q, '', ''])
  const first = 5
  const last = first + questions.length - 1
  for (let r = first; r <= last; r++) ws.getCell(`C${r}`).dataValidation = { type: 'list', allowBlank: true, formulae: ['"Yes,No,N/A"'] }
  return Buffer.from(await wb.xlsx.writeBuffer())
}
