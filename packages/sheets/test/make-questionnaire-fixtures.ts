// Builds the questionnaire fixtures of tests/fixtures/questionnaires/built/ (issue 11): one file per
// layout customers send that no public file shows (SIG, VSA, numeric ids, CSV, .docx, CSF
// profiles and assessment workbooks, an analyst's derived sheet, dropdowns through defined names),
// in the shapes the real ones have. Run from the repository root:
//   node --import tsx packages/sheets/test/make-questionnaire-fixtures.ts
// Inputs are fixtures already there: CSA's CAIQ v4.0.3 question list (CC0) and NIST's CSF 2.0
// export (public domain). What each file must give is in tests/fixtures/SOURCES.md and is tested
// by services/ingest-worker/test/extract-layouts.test.ts. Lives here because exceljs and yazl are
// this package's dependencies.
import { createWriteStream } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { ZipFile } from 'yazl'
import type { Truth } from '../../../tests/extraction/truth.js'
import { readWorkbook } from '../src/index.js'
import { parseCsv } from '../src/worker/read-csv.mjs'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const FIXTURES = path.join(ROOT, 'tests/fixtures/questionnaires')
const OUT = path.join(FIXTURES, 'built')
/** Fixed dates: the files change only when this script does. */
const WHEN = new Date('2026-01-15T09:00:00Z')

/** Security questions as vendors are asked them (written for these fixtures). */
const QUESTIONS = [
  'Do you have a documented information security policy approved by management?',
  'Is the information security policy reviewed at least annually?',
  'Do you have a dedicated information security team?',
  'Are security roles and responsibilities documented?',
  'Do all employees complete security awareness training when hired and every year?',
  'Are background checks performed on employees before hiring?',
  'Do employees sign a confidentiality agreement?',
  'Do you maintain an inventory of information assets?',
  'Is customer data classified according to its sensitivity?',
  'Is customer data encrypted at rest?',
  'Is customer data encrypted in transit with TLS 1.2 or later?',
  'Are encryption keys managed in a key management service and rotated?',
  'Is multi-factor authentication required for access to production systems?',
  'Are user access rights reviewed at least quarterly?',
  'Is access revoked within 24 hours when an employee leaves?',
  'Do you enforce the principle of least privilege?',
  'Are privileged accounts monitored and logged?',
  'Do you perform vulnerability scans of production systems at least monthly?',
  'Is an independent penetration test performed every year?',
  'Are critical vulnerabilities remediated within 30 days?',
  'Do you have a documented change management process?',
  'Are code changes reviewed before deployment to production?',
  'Is the production environment separated from development and test environments?',
  'Do you have a documented incident response plan?',
  'Is the incident response plan tested at least annually?',
  'Will you notify customers of a security incident affecting their data within 72 hours?',
  'Do you have a business continuity plan?',
  'Do you have a disaster recovery plan with defined recovery time objectives?',
  'Are backups performed daily and tested regularly?',
  'Are backups encrypted and stored in a separate location?',
  'Do you assess the security of your subprocessors before engaging them?',
  'Do you maintain a list of subprocessors that handle customer data?',
  'Are security logs retained for at least one year?',
  'Do you use a security information and event management (SIEM) system?',
  'Are endpoints protected with anti-malware software?',
  'Are laptops encrypted with full-disk encryption?',
  'Is physical access to your offices controlled and logged?',
  'Do your data centres hold a SOC 2 Type II or ISO 27001 report?',
  'Do you hold an ISO 27001 certification?',
  'Have you completed a SOC 2 Type II audit in the last 12 months?',
  'Do you perform secure code reviews or static analysis?',
  'Do developers receive secure development training?',
  'Is customer data deleted at the end of the contract?',
  'Can customers export their data?',
  'Do you process personal data on behalf of customers?',
  'Do you have a data protection officer?',
  'Are data processing agreements in place with customers?',
  'Describe how customer data is segregated between tenants.',
  'Describe your process for handling data subject requests.',
  'Please provide your most recent penetration test summary.',
]
const YES_NO_NA = ['Yes', 'No', 'N/A']

function workbook(): ExcelJS.Workbook {
  const wb = new ExcelJS.Workbook()
  wb.creator = 'make-questionnaire-fixtures'
  wb.created = WHEN
  wb.modified = WHEN
  return wb
}

/** Saves the workbook with fixed entry dates (exceljs stamps the time of writing): the bytes depend on this script only. */
async function save(wb: ExcelJS.Workbook, name: string, edit?: (part: string, body: Buffer) => Buffer, extra?: [string, Buffer][]): Promise<void> {
  await writeFile(path.join(OUT, name), await rezip(Buffer.from(await wb.xlsx.writeBuffer()), edit, extra))
  console.log(`  ${name}`)
}

const list = (values: string[]) => ({ type: 'list' as const, allowBlank: true, formulae: [`"${values.join(',')}"`] })
const listOf = (formula: string) => ({ type: 'list' as const, allowBlank: true, formulae: [formula] })
/** exceljs has sheet dropdowns (`worksheet.dataValidations`) but its types do not declare them. */
const validate = (ws: ExcelJS.Worksheet, range: string, rule: ExcelJS.DataValidation) =>
  (ws as unknown as { dataValidations: { add(range: string, rule: ExcelJS.DataValidation): void } }).dataValidations.add(range, rule)
const bold = (row: ExcelJS.Row) => {
  row.font = { bold: true }
}

/** CAIQ v4.0.3's layout, with CSA's own 261 questions: the Yes/No/NA and SSRM dropdowns and the description column. */
async function caiq4(): Promise<void> {
  const text = await readFile(path.join(FIXTURES, 'csa_reference/csa_caiq_v4.0.3_questions_normalized.csv'), 'utf8')
  const [header = [], ...records] = parseCsv(text, ',', { maxRows: 1000, maxCols: 200, maxCell: 8000 })
  const col = (name: string) => header.indexOf(name)
  const rows = records.filter((r) => r[col('CAIQ_Question ID')])
  const wb = workbook()
  const intro = wb.addWorksheet('Introduction')
  intro.addRows([
    ['Consensus Assessments Initiative Questionnaire (CAIQ) v4.0.3'],
    [],
    ['How do I complete the questionnaire?'],
    ['Answer each question in column C (Yes, No or NA), select the SSRM control ownership in column D, and describe your implementation in column E.'],
    ['What does the CSC column mean?'],
    ['Column F lists the responsibilities of the cloud service customer, where the control is shared.'],
  ])
  const ws = wb.addWorksheet('CAIQv4.0.3', { views: [{ state: 'frozen', ySplit: 2 }] })
  ws.addRow(['Consensus Assessments Initiative Questionnaire v4.0.3'])
  ws.mergeCells('A1:J1')
  bold(
    ws.addRow([
      'Question ID',
      'Question',
      'CSP CAIQ Answer',
      'SSRM Control Ownership',
      'CSP Implementation Description (Optional/Recommended)',
      'CSC Responsibilities (Optional/Recommended)',
      'CCM Control ID',
      'CCM Control Specification',
      'CCM Control Title',
      'CCM Domain Title',
    ]),
  )
  for (const r of rows) {
    // The list wraps its lines; the workbook's cells do not.
    const flat = (name: string) => (r[col(name)] ?? '').replace(/\s*\n\s*/g, ' ')
    ws.addRow([
      flat('CAIQ_Question ID'),
      flat('CAIQ_Consensus Assessments Question'),
      '',
      '',
      '',
      '',
      flat('Control ID'),
      flat('CAIQ_Control Specification'),
      flat('Control Title'),
      flat('Control Domain'),
    ])
  }
  const last = rows.length + 2
  validate(ws, `C3:C${last}`, list(['Yes', 'No', 'NA']))
  validate(ws, `D3:D${last}`, listOf('Lists!$A$2:$A$6'))
  const lists = wb.addWorksheet('Lists', { state: 'hidden' })
  lists.addRows([['SSRM Control Ownership'], ['CSP-owned'], ['CSC-owned'], ['Third-party outsourced'], ['Shared CSP and CSC'], ['Shared CSP and 3rd-party']])
  const log = wb.addWorksheet('Change Log')
  log.addRows([
    ['Question ID', 'Change'],
    ['AIS-01.1', 'Question reworded for v4.0.3 to cover all policy lifecycle steps.'],
    ['BCR-02.1', 'Question reworded for v4.0.3 to cover the business impact analysis.'],
    ['CEK-01.1', 'Question reworded for v4.0.3 to cover cryptography policies.'],
  ])
  await save(wb, 'caiq-v4.0.3.xlsx')
}

/** SIG's flat table: numeric dotted ids, a Response dropdown (a list on a hidden sheet) and the vendor's text column; section rows without ids. */
async function sig(): Promise<void> {
  const wb = workbook()
  const info = wb.addWorksheet('Business Information')
  info.addRows([['Business Information'], ['Company Name', ''], ['Primary Contact', ''], ['Date Completed', '']])
  const lite = wb.addWorksheet('SIG Lite')
  lite.addRow(['Standardized Information Gathering (SIG) Lite'])
  lite.addRow([])
  bold(lite.addRow(['Ques Num', 'Question/Request', 'Response', 'Additional Information', 'Scoring', 'ISO 27002:2022 Mapping']))
  const sections: [string, string, number][] = [
    ['A. Enterprise Risk Management', '1', 4],
    ['B. Security Policy', '2', 4],
    ['C. Organizational Security', '3', 5],
    ['D. Asset and Information Management', '4', 5],
    ['E. Human Resources Security', '5', 4],
    ['F. Access Control', '6', 6],
  ]
  let q = 0
  const isoRefs = ['5.1', '5.2', '5.9', '5.12', '5.15', '5.18', '6.1', '6.3', '8.2', '8.5', '8.7', '8.8', '8.24']
  for (const [title, n, count] of sections) {
    lite.addRow([title])
    lite.mergeCells(`A${lite.rowCount}:F${lite.rowCount}`)
    for (let i = 1; i <= count; i++) {
      // Follow-up questions carry a third level (6.1.1), as SIG numbers them.
      const id = i === 2 && count > 4 ? `${n}.1.1` : `${n}.${i}`
      lite.addRow([id, QUESTIONS[q++ % QUESTIONS.length], '', '', '', `ISO 27002:2022 ${isoRefs[q % isoRefs.length]}`])
    }
  }
  const lastLite = lite.rowCount
  validate(lite, `C4:C${lastLite}`, listOf('Lists!$A$1:$A$3'))
  const privacy = wb.addWorksheet('Privacy')
  privacy.addRow(['P. Privacy'])
  bold(privacy.addRow(['Ques Num', 'Question/Request', 'Response', 'Comments', 'Assessor Comments']))
  for (let i = 1; i <= 8; i++) privacy.addRow([`10.${i}`, QUESTIONS[40 + i], '', '', ''])
  validate(privacy, 'C3:C10', list(YES_NO_NA))
  const lists = wb.addWorksheet('Lists', { state: 'hidden' })
  lists.addRows(YES_NO_NA.map((v) => [v]))
  await save(wb, 'sig-lite.xlsx')
}

/** VSA's sheets: no ids at all, the answer column in C on one sheet and in D on the next. */
async function vsa(): Promise<void> {
  const wb = workbook()
  const instructions = wb.addWorksheet('Instructions')
  instructions.addRows([
    ['Vendor Security Alliance Questionnaire'],
    ['Answer every question with Yes, No or N/A and explain in the next column.'],
    ['Do you need help? Contact the requester.'],
  ])
  const policies = wb.addWorksheet('Policies')
  bold(policies.addRow(['Category', 'Question', 'Response', 'Explanation']))
  const rowsOf: [string, number[]][] = [
    ['Policy', [0, 1, 2, 3]],
    ['People', [4, 5, 6]],
  ]
  for (const [category, idx] of rowsOf) for (const [k, i] of idx.entries()) policies.addRow([k ? '' : category, QUESTIONS[i], '', ''])
  validate(policies, 'C2:C8', list(YES_NO_NA))
  const data = wb.addWorksheet('Data Security')
  data.addRow(['Data Security'])
  bold(data.addRow(['Category', 'Sub-category', 'Question', 'Response', 'Explanation']))
  const dataQs = [8, 9, 10, 11, 28, 29, 42, 47]
  for (const [k, i] of dataQs.entries()) data.addRow([k ? '' : 'Data', k < 4 ? 'Encryption' : 'Retention', QUESTIONS[i], '', ''])
  validate(data, `D3:D${2 + dataQs.length}`, list(YES_NO_NA))
  const access = wb.addWorksheet('Access Control')
  bold(access.addRow(['Category', 'Question', 'Response', 'Explanation']))
  for (const i of [12, 13, 14, 15, 16]) access.addRow(['Access', QUESTIONS[i], '', ''])
  validate(access, 'C2:C6', list(YES_NO_NA))
  await save(wb, 'vsa-core.xlsx')
}

/** Plain numbers as ids (numeric cells), and a scoring guide numbered 1 to 5 that holds no question. */
async function numbered(): Promise<void> {
  const wb = workbook()
  const ws = wb.addWorksheet('Questionnaire')
  ws.addRow(['Supplier Security Questionnaire'])
  ws.addRow(['Please answer all questions.'])
  bold(ws.addRow(['No.', 'Question', 'Answer', 'Comments']))
  for (let i = 1; i <= 24; i++) ws.addRow([i, QUESTIONS[i + 9], '', ''])
  validate(ws, 'C4:C27', list(['Yes', 'No', 'Not applicable']))
  const guide = wb.addWorksheet('Scoring Guide')
  bold(guide.addRow(['Level', 'Meaning']))
  guide.addRows([
    [1, 'Not implemented: no documented process exists.'],
    [2, 'Partially implemented: a process exists but is not documented.'],
    [3, 'Implemented: a documented process is followed.'],
    [4, 'Managed: the process is measured and reviewed.'],
    [5, 'Optimised: the process is continuously improved.'],
  ])
  await save(wb, 'numbered-ids.xlsx')
}

/** A CSV as Excel writes it in Europe: semicolons, Windows-1252, CRLF, a quoted multi-line question. */
async function csv(): Promise<void> {
  const lines = [['Nr', 'Question', 'Answer', 'Comment']]
  for (let i = 1; i <= 18; i++) lines.push([String(i), QUESTIONS[i + 20] ?? '', '', ''])
  lines.push(['19', 'Describe the security controls of your hosting provider;\nname the provider and its certifications.', '', ''])
  lines.push(['20', 'Is the "principle of least privilege" applied to service accounts (for example in the café network)?', '', ''])
  const text = lines.map((cells) => cells.map((c) => (/[;"\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(';')).join('\r\n')
  await writeFile(path.join(OUT, 'vendor-questions.csv'), Buffer.from(text, 'latin1'))
  console.log('  vendor-questions.csv')
}

/** NIST CSF 2.0's subcategories (the official export), active and withdrawn. */
async function csfCore(): Promise<{ fn: string; category: string; id: string; text: string; withdrawn: boolean }[]> {
  const grid = await readWorkbook(await readFile(path.join(FIXTURES, 'nist_csf2.0_official_export.xlsx')))
  const sheet = grid.sheets.find((s) => s.name === 'CSF 2.0')!
  const out: { fn: string; category: string; id: string; text: string; withdrawn: boolean }[] = []
  let fn = ''
  let category = ''
  for (const row of sheet.rows.slice(2)) {
    if (row[0]) fn = row[0].split(':')[0]!.trim()
    if (row[1]) category = row[1].split(':')[0]!.trim()
    const m = /^([A-Z]{2}\.[A-Z]{2}-\d{2}): (.*)$/s.exec(row[2] ?? '')
    if (m) out.push({ fn, category, id: m[1]!, text: m[2]!.trim(), withdrawn: /^\[Withdrawn/.test(m[2]!) })
  }
  return out
}

const TIERS = ['1 - Partial', '2 - Risk Informed', '3 - Repeatable', '4 - Adaptive']

/** A CSF 2.0 organizational profile: Function / Category / Subcategory (its id on its own line above the outcome) / Current / Target. */
async function csfProfile(core: Awaited<ReturnType<typeof csfCore>>): Promise<void> {
  const wb = workbook()
  const ws = wb.addWorksheet('Organizational Profile')
  ws.addRow(['NIST Cybersecurity Framework 2.0 – Organizational Profile'])
  ws.addRow(['Scope: customer-facing SaaS platform and its supporting infrastructure'])
  ws.addRow([])
  bold(ws.addRow(['Function', 'Category', 'Subcategory', 'Current', 'Target', 'Current Practices and Evidence', 'Gap / Action Plan']))
  let fn = ''
  let category = ''
  for (const s of core.filter((x) => !x.withdrawn)) {
    ws.addRow([s.fn !== fn ? s.fn : '', s.category !== category ? s.category : '', `${s.id}\n${s.text}`, '', '', '', ''])
    fn = s.fn
    category = s.category
  }
  const last = ws.rowCount
  validate(ws, `D5:D${last}`, list(TIERS))
  validate(ws, `E5:E${last}`, list(TIERS))
  await save(wb, 'csf2-profile.xlsx')
}

/** A CSF 2.0 assessment workbook: every subcategory (withdrawn ones kept, greyed), maturity dropdowns, a summary pivot and a sheet of mapped control ids. */
async function csfAssessment(core: Awaited<ReturnType<typeof csfCore>>): Promise<void> {
  const wb = workbook()
  const guide = wb.addWorksheet('Instructions')
  guide.addRows([['Rate the current and target maturity of each subcategory from 0 to 5.'], ['Withdrawn subcategories are kept for traceability to CSF 1.1.']])
  const ws = wb.addWorksheet('Assessment')
  bold(ws.addRow(['Function', 'Category', 'Subcategory', 'Current Maturity', 'Target Maturity', 'Evidence / Comments', 'Informative References']))
  let fn = ''
  let category = ''
  const refs = [
    'CCMv4.0: GRC-01\nISO/IEC 27001:2022: 5.1',
    'CCMv4.0: IAM-02\nSP 800-53 Rev 5: AC-2',
    'CCMv4.0: BCR-08\nISO/IEC 27001:2022: A.8.13',
    'SP 800-53 Rev 5: SI-4\nCIS Controls v8: 8.2',
  ]
  core.forEach((s, i) => {
    const row = ws.addRow([
      s.fn !== fn ? s.fn : '',
      s.category !== category ? s.category : '',
      `${s.id}: ${s.text}`,
      s.withdrawn ? 'Withdrawn' : '',
      s.withdrawn ? 'Withdrawn' : '',
      '',
      s.withdrawn ? '' : refs[i % refs.length],
    ])
    if (s.withdrawn) row.font = { color: { argb: 'FF999999' } }
    fn = s.fn
    category = s.category
  })
  const last = ws.rowCount
  validate(ws, `D2:D${last}`, list(['0', '1', '2', '3', '4', '5']))
  validate(ws, `E2:E${last}`, list(['0', '1', '2', '3', '4', '5']))
  // A pivot of the maturity by category, as Excel lays one out.
  const pivot = wb.addWorksheet('Summary')
  bold(pivot.addRow(['Row Labels', 'Average of Current Maturity', 'Average of Target Maturity']))
  const categories = [...new Set(core.filter((s) => !s.withdrawn).map((s) => s.category))]
  categories.forEach((c, i) => {
    const code = /\(([A-Z]{2}\.[A-Z]{2})\)/.exec(c)?.[1] ?? c
    pivot.addRow([code, (1.5 + (i % 5) * 0.4166666667).toFixed(10), (3 + (i % 3) * 0.3333333333).toFixed(10)])
  })
  pivot.addRow(['Grand Total', '2.2916666667', '3.3333333333'])
  // Each subcategory with the control ids mapped to it: a list of ids, not a question.
  const ids = wb.addWorksheet('Control Mapping')
  bold(ids.addRow(['Subcategory', 'CCM v4.0', 'ISO/IEC 27001:2022', 'SP 800-53 Rev 5']))
  for (const [i, s] of core.filter((x) => !x.withdrawn).entries())
    ids.addRow([s.id, `GRC-0${(i % 8) + 1}, IAM-0${(i % 9) + 1}`, `A.5.${(i % 37) + 1}, A.8.${(i % 34) + 1}`, `AC-${(i % 20) + 1}, PM-${(i % 30) + 1}`])
  await save(wb, 'csf2-assessment.xlsx')
}

/** HECVAT's pattern of a vendor tab and an analyst's report repeating its ids with the analyst's text. */
async function analystReport(): Promise<void> {
  const wb = workbook()
  const ws = wb.addWorksheet('Vendor Response')
  ws.addRow(['Vendor Response'])
  const sections: [string, string, number[]][] = [
    ['Data', 'DATA', [8, 9, 10, 11, 28, 29]],
    ['Application Security', 'APPL', [17, 18, 19, 20, 21, 40]],
    ['Incident Handling', 'HFIH', [23, 24, 25]],
  ]
  for (const [title, code, idx] of sections) {
    bold(ws.addRow([title, '', 'Answer', 'Additional Information', 'Guidance', 'Analyst Notes']))
    for (const [k, q] of idx.entries())
      ws.addRow([`${code}-0${k + 1}`, QUESTIONS[q], '', '', k === 0 ? 'Answer "yes" if the control covers all production systems.' : '', ''])
  }
  validate(ws, `C2:C${ws.rowCount}`, list(['Yes', 'No']))
  const report = wb.addWorksheet('Analyst Report')
  bold(report.addRow(['ID', 'Analyst Finding', 'Risk', 'Follow-up Required']))
  for (const [, code, idx] of sections) {
    // The analyst's own text, which restates the question it reviews.
    for (const k of idx.keys())
      report.addRow([
        `${code}-0${k + 1}`,
        `Does the evidence support the answer to ${code}-0${k + 1}? ${k % 2 ? 'Yes: consistent with the SOC 2 report.' : 'Not yet: the vendor did not attach the policy.'}`,
        k % 3 ? 'Low' : 'Medium',
        k % 2 ? 'No' : 'Yes',
      ])
  }
  // Rows the analyst added: two new questions for the vendor, and a note that is not one.
  report.addRow(['FLUP-01', 'Can you provide the bridge letter covering the period after your last SOC 2 report?', 'Medium', 'Yes'])
  report.addRow(['FLUP-02', 'Do you plan to remediate the open penetration test findings this quarter?', 'Medium', 'Yes'])
  report.addRow(['NOTE-01', 'Overall risk rating for this vendor: medium, pending evidence.', 'Medium', 'No'])
  await save(wb, 'analyst-report.xlsx')
}

/** Dropdowns as HECVAT 3 and many in-house templates define them: through defined names and lists on other sheets. */
async function namedRanges(): Promise<void> {
  const wb = workbook()
  const ws = wb.addWorksheet('Questions')
  bold(ws.addRow(['ID', 'Question', 'Answer', 'Hosting', 'Notes']))
  for (let i = 1; i <= 12; i++) ws.addRow([`GNRL-${String(i).padStart(2, '0')}`, QUESTIONS[i + 25], '', '', ''])
  const lists = wb.addWorksheet('Lists', { state: 'hidden' })
  lists.addRows([
    ['Yes', 'On premises', 'Yes'],
    ['No', 'AWS', 'No'],
    ['', 'Azure', 'N/A'],
    ['', 'Google Cloud', ''],
    ['', 'Other', ''],
  ])
  wb.definedNames.add('Lists!$A$1:$A$2', 'YesNo')
  wb.definedNames.add('Lists!$C$1:$C$3', 'YesNoNA')
  // Rows 2-5: a workbook name; 6-9: a name of another name's sheet range written with OFFSET; 10-13: a range on another sheet.
  validate(ws, 'C2:C5', listOf('YesNo'))
  validate(ws, 'C6:C9', listOf('HostingList'))
  validate(ws, 'C10:C13', listOf('Lists!$C$1:$C$3'))
  validate(ws, 'D2:D13', listOf('OFFSET(Lists!$B$1,0,0,COUNTA(Lists!$B:$B),1)'))
  // exceljs writes defined names that are cell ranges only: a name standing for another is added to the XML.
  const standsFor = '<definedName name="HostingList">YesNoNA</definedName></definedNames>'
  await save(wb, 'named-ranges.xlsx', (part, body) =>
    part === 'xl/workbook.xml' ? Buffer.from(body.toString('utf8').replace('</definedNames>', standsFor)) : body,
  )
}

/** The archive again, its entries dated WHEN, each part passed through `edit`. */
async function rezip(xlsx: Buffer, edit: (part: string, body: Buffer) => Buffer = (_part, body) => body, extra: [string, Buffer][] = []): Promise<Buffer> {
  const { default: yauzl } = await import('yauzl')
  const zip = await new Promise<import('yauzl').ZipFile>((res, rej) => yauzl.fromBuffer(xlsx, { lazyEntries: true }, (e, z) => (e || !z ? rej(e) : res(z))))
  const parts: [string, Buffer][] = []
  await new Promise<void>((resolve, reject) => {
    zip.on('end', () => resolve()).on('error', reject)
    zip.on('entry', (entry: import('yauzl').Entry) =>
      zip.openReadStream(entry, (err, s) => {
        if (err || !s) return reject(err)
        const chunks: Buffer[] = []
        s.on('data', (c: Buffer) => chunks.push(c)).on('end', () => {
          parts.push([entry.fileName, Buffer.concat(chunks)])
          zip.readEntry()
        })
      }),
    )
    zip.readEntry()
  })
  const out = new ZipFile()
  for (const [file, body] of parts.filter(([f]) => !f.endsWith('/'))) {
    out.addBuffer(edit(file, body), file, { mtime: WHEN })
  }
  for (const [file, body] of extra) out.addBuffer(body, file, { mtime: WHEN })
  out.end()
  const chunks: Buffer[] = []
  for await (const c of out.outputStream) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

/** A Word questionnaire: numbered paragraphs (Word's list numbering, and numbers typed in), a table with ids, a table without. */
async function docx(): Promise<void> {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  const p = (text: string, opts: { style?: string; num?: [number, number] } = {}) =>
    `<w:p><w:pPr>${opts.style ? `<w:pStyle w:val="${opts.style}"/>` : ''}${opts.num ? `<w:numPr><w:ilvl w:val="${opts.num[1]}"/><w:numId w:val="${opts.num[0]}"/></w:numPr>` : ''}</w:pPr><w:r><w:t xml:space="preserve">${esc(text)}</w:t></w:r></w:p>`
  const cell = (text: string, span = 1) => `<w:tc><w:tcPr>${span > 1 ? `<w:gridSpan w:val="${span}"/>` : ''}</w:tcPr>${p(text)}</w:tc>`
  const table = (rows: string[][]) =>
    `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/></w:tblPr>${rows.map((r) => `<w:tr>${r.map((c) => cell(c)).join('')}</w:tr>`).join('')}</w:tbl>`
  const body = [
    p('Vendor Security Questionnaire', { style: 'Title' }),
    table([
      ['Version', 'Date', 'Owner'],
      ['2.1', '2026-01-15', 'Procurement'],
    ]),
    p('Please answer every question below. Where a question does not apply, write N/A and explain why.'),
    p('1. General', { style: 'Heading1' }),
    p(QUESTIONS[0]!, { num: [1, 0] }),
    p('Answer:'),
    p(QUESTIONS[2]!, { num: [1, 0] }),
    p('Answer:'),
    p('Do you have a documented vendor management programme?', { num: [1, 0] }),
    p('Does it include security due diligence before onboarding?', { num: [1, 1] }),
    p('Are vendors reassessed every year?', { num: [1, 1] }),
    p(QUESTIONS[4]!, { num: [1, 0] }),
    p(QUESTIONS[5]!, { num: [1, 0] }),
    p(QUESTIONS[6]!, { num: [1, 0] }),
    p('2. Technical controls', { style: 'Heading1' }),
    `<w:tbl><w:tblPr/>${[
      `<w:tr>${cell('No.')}${cell('Question')}${cell('Response')}${cell('Comments')}</w:tr>`,
      ...[9, 10, 12, 13, 17, 18].map((q, i) => `<w:tr>${cell(`Q${7 + i}`)}${cell(QUESTIONS[q]!)}${cell('')}${cell('')}</w:tr>`),
      `<w:tr>${cell('Reviewer use only', 4)}</w:tr>`,
    ].join('')}</w:tbl>`,
    p('3. Operations', { style: 'Heading1' }),
    p(`13. ${QUESTIONS[23]}`),
    p(`14. ${QUESTIONS[47]}`),
    p('4. Privacy', { style: 'Heading1' }),
    table([
      ['Question', 'Answer'],
      [QUESTIONS[44]!, ''],
      [QUESTIONS[45]!, ''],
      [QUESTIONS[46]!, ''],
    ]),
  ].join('')
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr/></w:body></w:document>`
  const numbering = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:numbering xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl><w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2."/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`
  const files: [string, string][] = [
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/></Types>',
    ],
    [
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ],
    [
      'word/_rels/document.xml.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/></Relationships>',
    ],
    ['word/document.xml', document],
    ['word/numbering.xml', numbering],
  ]
  const zip = new ZipFile()
  for (const [name, text] of files) zip.addBuffer(Buffer.from(text, 'utf8'), name, { mtime: WHEN })
  zip.end()
  await new Promise<void>((resolve, reject) =>
    zip.outputStream
      .pipe(createWriteStream(path.join(OUT, 'vendor-questionnaire.docx')))
      .on('close', resolve)
      .on('error', reject),
  )
  console.log('  vendor-questionnaire.docx')
}

/** A generated fixture's labelled truth (tests/extraction/truth.ts): written from the data the file is built from. */
const TRUTH = path.join(ROOT, 'tests/extraction/truth')
async function saveTruth(name: string, truth: Truth): Promise<void> {
  await mkdir(TRUTH, { recursive: true })
  await writeFile(path.join(TRUTH, name), `${JSON.stringify(truth, null, 1)}\n`)
  console.log(`  ${path.relative(ROOT, path.join(TRUTH, name))}`)
}

/** Maturity answers per practice: every question of an assessment toolbox has its own list (a named range). */
const TOOLBOX_PRACTICES = [
  { name: 'Governance', levels: ['Not in place', 'Drafted', 'Approved', 'Reviewed every year'] },
  { name: 'People', levels: ['Nobody', 'Some staff', 'All staff', 'All staff and contractors'] },
  { name: 'Technology', levels: ['Not implemented', 'Partially implemented', 'Fully implemented', 'Not applicable'] },
  { name: 'Operations', levels: ['Ad hoc', 'Documented', 'Tested', 'Tested and improved'] },
  { name: 'Suppliers', levels: ['Unknown', 'Some suppliers', 'Critical suppliers', 'All suppliers'] },
]

/**
 * An assessment toolbox: a summary sheet first that repeats every question with its answer and
 * score (formulas), then the sheet to fill with a header row per practice, each question's answer
 * list its own named range (Lists sheet) and a criteria line under each question.
 */
async function toolbox(): Promise<void> {
  const wb = workbook()
  wb.addWorksheet('Instructions').addRows([
    ['Security practices toolbox'],
    [],
    ['Fill in the "Assessment" sheet: pick the answer in column C for every question and give evidence in column D.'],
    ['The criteria line under each question says what the answers mean. The "Summary" sheet is calculated.'],
  ])
  const summary = wb.addWorksheet('Summary')
  bold(summary.addRow(['Ref', 'Question', 'Answer given', 'Score', 'Practice']))
  const ws = wb.addWorksheet('Assessment')
  ws.addRow(['Security practices toolbox: assessment'])
  ws.addRow(['Organisation:', '', 'Date:', ''])
  const lists = wb.addWorksheet('Lists', { state: 'hidden' })
  const questions: Truth['questions'] = []
  let q = 0
  for (const [p, practice] of TOOLBOX_PRACTICES.entries()) {
    ws.addRow([])
    // Each practice opens with its own header row.
    bold(ws.addRow([`Practice ${p + 1}`, practice.name, 'Answer', 'Evidence / comments']))
    for (let i = 1; i <= 6; i++, q++) {
      const id = `${p + 1}.${i}`
      const text = QUESTIONS[q]!
      const row = ws.addRow([id, text, '', ''])
      // Each question's own list: the practice's levels, the last one worded for the question.
      const col = q + 1
      const values = [...practice.levels.slice(0, 3), `${practice.levels[3]} (${id})`]
      values.forEach((v, r) => {
        lists.getCell(r + 1, col).value = v
      })
      const letter = lists.getColumn(col).letter
      const name = `Q${p + 1}_${i}`
      wb.definedNames.add(`Lists!$${letter}$1:$${letter}$4`, name)
      validate(ws, `C${row.number}`, listOf(name))
      questions.push({ sheet: 'Assessment', row: row.number, id, text })
      ws.addRow(['', `Criteria: answer "${values[2]}" only with evidence; "${values[3]}" needs a review record.`, '', ''])
      const answer = `Assessment!C${row.number}`
      summary.addRow([
        id,
        text,
        { formula: `IF(${answer}="","",${answer})`, result: '' },
        { formula: `IFERROR(MATCH(${answer},${name},0)-1,0)`, result: 0 },
        practice.name,
      ])
    }
  }
  await save(wb, 'toolbox.xlsx')
  await saveTruth('built-toolbox-xlsx.json', {
    file: 'built/toolbox.xlsx',
    sheet: 'Assessment',
    headerRow: 4, // the first practice's header row
    answer: { Assessment: ['C'] },
    comments: { Assessment: ['D'] },
    ambiguous: false,
    note: 'the Assessment sheet is the one to fill (Instructions say so); answer list per question (named range Q<practice>_<n>); criteria rows and practice header rows are not questions; the Summary sheet before it repeats every id and question with formulas (not questions); Organisation and Date on row 2 are labelled fields, their values in B and D (issue 23: fields are found)',
    questions: [
      { sheet: 'Assessment', row: 2, text: 'Organisation', field: true, answer: ['B'] },
      { sheet: 'Assessment', row: 2, text: 'Date', field: true, answer: ['D'] },
      ...questions,
    ],
  })
}

/** An old CAIQ whose question cells pack lettered sub-questions ("CO-01a – ... / CO-01b – ..."): one answer cell per row. */
const PACKED: [string, string, number[]][] = [
  ['CO-01', 'Audit Planning', [0, 1]],
  ['CO-02', 'Independent Audits', [38, 39, 18]],
  ['CO-03', 'Third Party Audits', [30]],
  ['DG-01', 'Ownership / Stewardship', [7, 8]],
  ['DG-02', 'Classification', [9, 10, 11]],
  ['DG-03', 'Retention Policy', [42, 43]],
  ['FS-01', 'Policy', [36]],
  ['HR-01', 'Background Screening', [5, 6]],
  ['HR-02', 'Training / Awareness', [4, 41]],
  ['IS-01', 'Management Program', [0, 2, 3]],
  ['IS-02', 'User Access', [12, 13, 14, 15]],
  ['IS-03', 'Vulnerability Management', [17, 19]],
  ['IS-04', 'Change Management', [20, 21, 22]],
  ['IS-05', 'Incident Response', [23, 24, 25]],
  ['RS-01', 'Business Continuity', [26, 27, 28, 29]],
  ['SA-01', 'Logging', [32, 33, 16]],
  ['SA-02', 'Tenant Segregation', [47]],
]
async function caiqPacked(): Promise<void> {
  const wb = workbook()
  const ws = wb.addWorksheet('CAIQ')
  ws.addRow(['Consensus Assessments Initiative Questionnaire'])
  bold(ws.addRow(['Control ID', 'Control Group', 'Consensus Assessment Questions', 'Answer', 'Notes']))
  const questions: Truth['questions'] = []
  for (const [id, group, picks] of PACKED) {
    const subs = picks.map((n, i) => ({ id: picks.length > 1 ? `${id}${'abcd'[i]}` : id, text: QUESTIONS[n]! }))
    const row = ws.addRow([id, group, subs.map((s) => (picks.length > 1 ? `${s.id} – ${s.text}` : s.text)).join('\n'), '', ''])
    row.getCell(3).alignment = { wrapText: true }
    for (const s of subs) questions.push({ sheet: 'CAIQ', row: row.number, ...s })
  }
  await save(wb, 'caiq-packed.xlsx')
  await saveTruth('built-caiq-packed-xlsx.json', {
    file: 'built/caiq-packed.xlsx',
    sheet: 'CAIQ',
    headerRow: 2,
    answer: { CAIQ: ['D'] },
    comments: { CAIQ: ['E'] },
    ambiguous: false,
    note: 'each lettered sub-question is a question; they share their row and its answer cell',
    questions,
  })
}

/**
 * A macro-enabled questionnaire (.xlsm): a vendor form whose buttons run a VBA project (the VBA part
 * of XlsxWriter's macro01.xlsm test file, BSD-2-Clause, tests/fixtures/export/), declared as Excel
 * declares it. Nothing here runs it; the export keeps it byte for byte.
 */
async function macroWorkbook(): Promise<void> {
  const vba = await vbaProjectOf(path.join(ROOT, 'tests/fixtures/export/xlsxwriter-macro01.xlsm'))
  const wb = workbook()
  const ws = wb.addWorksheet('Vendor Assessment')
  ws.addRow(['Vendor security assessment (use the Validate button when done)'])
  bold(ws.addRow(['Ref', 'Question', 'Response', 'Supporting Evidence']))
  for (let i = 0; i < 12; i++) ws.addRow([`VSA-${String(i + 1).padStart(2, '0')}`, QUESTIONS[i], '', ''])
  validate(ws, 'C3:C14', list(['Yes', 'No', 'N/A']))
  await save(
    wb,
    'vendor-macro.xlsm',
    (part, body) => {
      const xml = body.toString('utf8')
      if (part === '[Content_Types].xml')
        return Buffer.from(
          xml
            .replace('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml', 'application/vnd.ms-excel.sheet.macroEnabled.main+xml')
            .replace('<Default Extension="xml"', '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/><Default Extension="xml"'),
        )
      if (part === 'xl/_rels/workbook.xml.rels')
        return Buffer.from(
          xml.replace(
            '</Relationships>',
            '<Relationship Id="rIdVba" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Target="vbaProject.bin"/></Relationships>',
          ),
        )
      return body
    },
    [['xl/vbaProject.bin', vba]],
  )
  await saveTruth('built-vendor-macro-xlsm.json', {
    file: 'built/vendor-macro.xlsm',
    sheet: 'Vendor Assessment',
    headerRow: 2,
    answer: { 'Vendor Assessment': ['C'] },
    comments: { 'Vendor Assessment': ['D'] },
    ambiguous: false,
    note: 'a macro-enabled workbook (VBA project from XlsxWriter macro01.xlsm): ids in A, question B, Response dropdown C, Supporting Evidence D',
    questions: QUESTIONS.slice(0, 12).map((text, i) => ({ sheet: 'Vendor Assessment', row: i + 3, id: `VSA-${String(i + 1).padStart(2, '0')}`, text })),
  })
}

/** The VBA project part of an .xlsm. */
async function vbaProjectOf(file: string): Promise<Buffer> {
  const { default: yauzl } = await import('yauzl')
  const zip = await new Promise<import('yauzl').ZipFile>((res, rej) => yauzl.open(file, { lazyEntries: true }, (e, z) => (e || !z ? rej(e) : res(z))))
  return new Promise<Buffer>((resolve, reject) => {
    zip.on('error', reject).on('end', () => reject(new Error(`${file} has no VBA project`)))
    zip.on('entry', (entry: import('yauzl').Entry) => {
      if (entry.fileName !== 'xl/vbaProject.bin') return zip.readEntry()
      zip.openReadStream(entry, (err, s) => {
        if (err || !s) return reject(err)
        const chunks: Buffer[] = []
        s.on('data', (c: Buffer) => chunks.push(c)).on('end', () => {
          zip.close()
          resolve(Buffer.concat(chunks))
        })
      })
    })
    zip.readEntry()
  })
}

await mkdir(OUT, { recursive: true })
console.log(`Writing ${path.relative(ROOT, OUT)}/`)
const core = await csfCore()
await Promise.all([
  caiq4(),
  sig(),
  vsa(),
  numbered(),
  csv(),
  csfProfile(core),
  csfAssessment(core),
  analystReport(),
  namedRanges(),
  docx(),
  toolbox(),
  caiqPacked(),
  macroWorkbook(),
])
