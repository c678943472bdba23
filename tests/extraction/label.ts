// Writes the labelled truth of each questionnaire fixture (truth/<name>.json) and the truth index
// (truth/index.json). The labels are the specs below, written by reading each file (its sheets,
// header rows and columns, as a person filling it in would); this script only copies the cells the
// specs point at, through the spreadsheet reader (@portal/sheets), never through the extraction.
// The two generated layouts (built/toolbox.xlsx, built/caiq-packed.xlsx) get their truth from their
// generator, packages/sheets/test/make-questionnaire-fixtures.ts. Run from the repository root:
//   node --import tsx tests/extraction/label.ts
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { columnLetters, readWorkbook, type Sheet } from '@portal/sheets'
import { FIXTURES, type Half, type Truth, type TruthEntry, TRUTH_DIR, type TruthQuestion } from './truth.js'

/** Where questions are on one sheet: rows below the header whose id (or, without ids, question) cell qualifies. */
interface Region {
  sheet: string
  /** 1-based header row; questions are below it. */
  headerRow: number
  /** Column of the id; absent: the questions have no ids and are matched by their text. */
  id?: string
  question: string
  /** Answer columns a reader must find (choices and the narrative); 'new': the file has none, the answer goes in a column after the header's last. */
  answer: string[] | 'new'
  /** Comments or evidence columns a reader may also offer. */
  comments?: string[]
  idPattern?: RegExp
  /** Ids written in the question cell: 'line' (the id on its own first line), 'colon' (`GV.OC-01: text`). */
  embedded?: 'line' | 'colon'
  /** Rows whose question text matches are not questions (withdrawn items, notes). */
  skip?: RegExp
  /** Last 1-based row of the region. */
  lastRow?: number
}

interface Spec {
  file: string
  half: Half
  ambiguous?: boolean
  note: string
  regions: Region[]
  /** Labelled single fields (a date, a name) with no id, found by their label cell. */
  fields?: { sheet: string; row: number; label: string; answer: string }[]
}

const HECVAT_ID = /^[A-Z]{4}-\d{2}$/
const HECVAT_TABS = ['START HERE', 'Organization', 'Product', 'Infrastructure', 'IT Accessibility', 'Case-Specific', 'AI', 'Privacy']
const CAIQ3 = (file: string, half: Half, note: string): Spec => ({
  file,
  half,
  note,
  regions: [{ sheet: 'CSA CAIQ v3.0.1', headerRow: 4, id: 'C', question: 'E', answer: ['F', 'G', 'H'], comments: ['I'], idPattern: /^[A-Z]{3}-\d{2}\.\d+$/ }],
})

const CISA_SCRM = (file: string, half: Half): Spec => ({
  file,
  half,
  ambiguous: true,
  note: 'an intuitem library: ids in D, the question in G on questionnaire_content; H is an answer type code (TXT, YNANA), not an answer cell, so a careful person would ask where answers go (a new column after H); section and "OR" rows are not questions; meta sheets hold none',
  regions: [{ sheet: 'questionnaire_content', headerRow: 1, id: 'D', question: 'G', answer: 'new', idPattern: /^\d+(\.\d+)*$/ }],
})

const SPECS: Spec[] = [
  // (a) NIST CSF 2.0 profile, one row per implementation example, already filled in (issue 23).
  {
    file: 'csf_profile/csf2-profile-examples.xlsx',
    half: 'tuning',
    note: 'id `GV.SC-04 Ex1` in A; function/category/subcategory B-H; the implementation example (I) is the question, Implementation Description (J) the narrative answer; In Scope? and Q1-Q4 Examine/Interview/Test Yes/No are other fields; README and pivot sheets hold no questions',
    regions: [{ sheet: 'yyyy-mm-dd_CSF_Profile', headerRow: 1, id: 'A', question: 'I', answer: ['J'], idPattern: /^[A-Z]{2}\.[A-Z]{2}-\d{2} Ex\d+$/ }],
  },
  // (b) The 20-sheet CSF assessment workbook: its README names tblProfile as the copy to work in.
  {
    file: 'csf_profile/csf2-assessment-workbook.xlsx',
    half: 'held-out',
    ambiguous: true,
    note: 'sheet to fill `(4.1) tblProfile` (README: "a copy ... to modify"); header on row 4; NIST reference sheets, tblCSF, qryCSF (a query copy with the same ids), pivots and empty divider sheets hold no questions. Ambiguous: the table has no answer column by name; Observations (Q) is the narrative a person would write in, Action Plan (V) is a candidate too',
    regions: [{ sheet: '(4.1) tblProfile', headerRow: 4, id: 'A', question: 'I', answer: ['Q'], idPattern: /^[A-Z]{2}\.[A-Z]{2}-\d{2} Ex\d+$/ }],
  },
  // (c) CISO self-assessment CSV, filled: J is the vendor's existing answer, longer than the question in I.
  {
    file: 'csf_profile/ciso-self-assessment.csv',
    half: 'tuning',
    note: 'id `DE.AE-02 Ex1` in A (the subcategory column G holds ids too); question = Implementation Example (I); existing answer narrative in J; multi-line quoted cells',
    regions: [{ sheet: 'Sheet1', headerRow: 1, id: 'A', question: 'I', answer: ['J'], idPattern: /^[A-Z]{2}\.[A-Z]{2}-\d{2} Ex\d+$/ }],
  },
  // (f) HECVAT 4.1.4: questions on eight vendor tabs, and the "Date Completed" field of START HERE.
  {
    file: 'HECVAT414_blank_sagearbor.xlsx',
    half: 'tuning',
    note: 'ids like GNRL-01 in A, question in B, (each tab repeats the general information and required questions of START HERE: counted once, there), answer C and Additional Information D on the eight vendor tabs; evaluator, reference and hidden sheets repeat them; START HERE row 3 "Date Completed" is a labelled field (this version has no DATE-01 id)',
    regions: HECVAT_TABS.map((sheet) => ({ sheet, headerRow: 1, id: 'A', question: 'B', answer: ['C'], comments: ['D'], idPattern: HECVAT_ID })),
    fields: [{ sheet: 'START HERE', row: 3, label: 'Date Completed', answer: 'B' }],
  },
  CAIQ3(
    'csa-caiq-v3.0.1-09-01-2017.xlsx',
    'tuning',
    'blank; three-row merged header (rows 2-4); answers F/G/H marked with x, Notes in I; the change log repeats ids',
  ),
  CAIQ3('csa-caiq-v3.0.1-09-01-2017-filled.xlsx', 'held-out', 'the same template marked in the Yes column, Notes filled'),
  { ...CAIQ3('xls/csa-caiq-v3.0.1-09-01-2017.xls', 'held-out', 'the blank CAIQ v3.0.1 as Excel 97'), file: 'xls/csa-caiq-v3.0.1-09-01-2017.xls' },
  {
    file: 'csa-caiq-v1.1-09-01-2011.xlsx',
    half: 'tuning',
    note: 'two header rows; id in E (CO-01.1), question in F, the answer goes in "Comments and Notes" (G); the CCM sheet holds controls, not questions',
    regions: [{ sheet: 'csa-cai v1.1', headerRow: 2, id: 'E', question: 'F', answer: ['G'], idPattern: /^[A-Z]{2}-\d{2}\.\d+\s*$/ }],
  },
  {
    file: 'csa_reference/csa_caiq_v4.0.3_questions_normalized.csv',
    half: 'tuning',
    note: 'question ids in E beside control ids in C; no answer column (a new one after the last)',
    regions: [{ sheet: 'Sheet1', headerRow: 1, id: 'E', question: 'F', answer: 'new', idPattern: /^[A-Z&]{3}-\d{2}\.\d+$/ }],
  },
  {
    file: 'csa_reference/csa_aicm_caiq_v1.1.0_questions.csv',
    half: 'held-out',
    note: 'ids with & (A&A-01.1) in A, question in B (wrapped over lines); no answer column',
    regions: [{ sheet: 'Sheet1', headerRow: 1, id: 'A', question: 'B', answer: 'new', idPattern: /^[A-Z&]{3}-\d{2}\.\d+$/ }],
  },
  {
    file: 'built/caiq-v4.0.3.xlsx',
    half: 'held-out',
    note: 'Yes/No/NA (C), SSRM (D) dropdowns and the description (E); intro and change log hold no questions',
    regions: [{ sheet: 'CAIQv4.0.3', headerRow: 2, id: 'A', question: 'B', answer: ['C', 'D', 'E'], idPattern: /^[A-Z&]{3}-\d{2}\.\d+$/ }],
  },
  {
    file: 'built/sig-lite.xlsx',
    half: 'tuning',
    note: 'dotted numeric ids, section rows; Business Information labels (company, contact, date) are fields left out here as in SOURCES.md',
    regions: [
      { sheet: 'SIG Lite', headerRow: 3, id: 'A', question: 'B', answer: ['C'], comments: ['D'], idPattern: /^\d+(\.\d+)+$/ },
      { sheet: 'Privacy', headerRow: 2, id: 'A', question: 'B', answer: ['C'], comments: ['D'], idPattern: /^\d+(\.\d+)+$/ },
    ],
  },
  {
    file: 'built/vsa-core.xlsx',
    half: 'tuning',
    note: 'no ids: matched by text; the answer is in C on two sheets and D on Data Security',
    regions: [
      { sheet: 'Policies', headerRow: 1, question: 'B', answer: ['C'], comments: ['D'] },
      { sheet: 'Data Security', headerRow: 2, question: 'C', answer: ['D'], comments: ['E'] },
      { sheet: 'Access Control', headerRow: 1, question: 'B', answer: ['C'], comments: ['D'] },
    ],
  },
  {
    file: 'built/numbered-ids.xlsx',
    half: 'tuning',
    note: 'ids 1, 2, 3; the Scoring Guide is numbered too and holds no questions',
    regions: [{ sheet: 'Questionnaire', headerRow: 3, id: 'A', question: 'B', answer: ['C'], comments: ['D'], idPattern: /^\d+$/ }],
  },
  {
    file: 'built/vendor-questions.csv',
    half: 'tuning',
    note: 'semicolons, Windows-1252',
    regions: [{ sheet: 'Sheet1', headerRow: 1, id: 'A', question: 'B', answer: ['C'], comments: ['D'], idPattern: /^\d+$/ }],
  },
  {
    file: 'built/vendor-questionnaire.docx',
    half: 'held-out',
    note: 'numbered paragraphs (the reader gives them as the Document grid), a table with ids, a table without; a document-control table; answer cells of paragraphs are not columns, so only the tables are checked',
    regions: [
      { sheet: 'Document', headerRow: 0, id: 'A', question: 'B', answer: [], idPattern: /^\d+(\.\d+)?$/ },
      { sheet: 'Table 2', headerRow: 1, id: 'A', question: 'B', answer: ['C'], comments: ['D'], idPattern: /^Q\d+$/ },
      { sheet: 'Table 3', headerRow: 1, question: 'A', answer: ['B'] },
    ],
  },
  {
    file: 'built/csf2-profile.xlsx',
    half: 'tuning',
    note: 'the subcategory id on its own first line above the outcome (C); Current/Target tier dropdowns (D, E), practices (F) and gap (G)',
    regions: [
      {
        sheet: 'Organizational Profile',
        headerRow: 4,
        question: 'C',
        answer: ['D', 'F'],
        comments: ['E', 'G'],
        embedded: 'line',
        idPattern: /^[A-Z]{2}\.[A-Z]{2}-\d{2}$/,
      },
    ],
  },
  {
    file: 'built/csf2-assessment.xlsx',
    half: 'held-out',
    note: '`GV.OC-01: text` in C; withdrawn subcategories are not questions; Summary pivot and Control Mapping hold none',
    regions: [
      {
        sheet: 'Assessment',
        headerRow: 1,
        question: 'C',
        answer: ['D', 'F'],
        comments: ['E'],
        embedded: 'colon',
        idPattern: /^[A-Z]{2}\.[A-Z]{2}-\d{2}$/,
        skip: /withdrawn/i,
      },
    ],
  },
  {
    file: 'built/analyst-report.xlsx',
    half: 'held-out',
    ambiguous: true,
    note: "vendor tab: ids in A, question B, answer C/D; the Analyst Report repeats its ids with findings, and adds two follow-up questions (FLUP-01, FLUP-02) whose answer cells are unclear (Risk / Follow-up Required are the analyst's)",
    regions: [
      { sheet: 'Vendor Response', headerRow: 2, id: 'A', question: 'B', answer: ['C'], comments: ['D'], idPattern: /^[A-Z]{4}-\d{2}$/ },
      { sheet: 'Analyst Report', headerRow: 1, id: 'A', question: 'B', answer: 'new', idPattern: /^FLUP-\d{2}$/ },
    ],
  },
  CISA_SCRM('intuitem/cisa-vendor-scrm.xlsx', 'tuning'),
  CISA_SCRM('xls/cisa-vendor-scrm.xls', 'held-out'),
  {
    file: 'intuitem/vendor-due-diligence.xlsx',
    half: 'held-out',
    ambiguous: true,
    note: 'an intuitem library in French with English beside it: ids in C, the statement in E (the library locale, fr) and G (en); no answer column (a new one after G); domain rows are not questions. Ambiguous: statements, not questions, in two languages',
    regions: [{ sheet: 'objectives_content', headerRow: 1, id: 'C', question: 'E', answer: 'new', idPattern: /^[A-Z]+\.\d{2}$/ }],
  },
  {
    file: 'built/named-ranges.xlsx',
    half: 'tuning',
    note: 'dropdowns through defined names; Answer (C), Hosting (D), Notes (E)',
    regions: [{ sheet: 'Questions', headerRow: 1, id: 'A', question: 'B', answer: ['C', 'D'], comments: ['E'], idPattern: /^GNRL-\d{2}$/ }],
  },
]

/** Fixtures labelled by their generator (truth written beside the file). */
const GENERATED: { file: string; truth: string; half: Half }[] = [
  { file: 'built/toolbox.xlsx', truth: 'built-toolbox-xlsx.json', half: 'tuning' },
  { file: 'built/caiq-packed.xlsx', truth: 'built-caiq-packed-xlsx.json', half: 'held-out' },
]

const colIndex = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1
const cellText = (sheet: Sheet, row: number, col: string) => (sheet.rows[row - 1]?.[colIndex(col)] ?? '').trim()

function questionsOf(sheet: Sheet, region: Region): TruthQuestion[] {
  const out: TruthQuestion[] = []
  const last = Math.min(region.lastRow ?? sheet.rows.length, sheet.rows.length)
  for (let row = region.headerRow + 1; row <= last; row++) {
    let text = cellText(sheet, row, region.question)
    let id = region.id ? cellText(sheet, row, region.id) : ''
    if (region.embedded === 'line') [id = '', text = ''] = [text.split('\n')[0]!.trim(), text.split('\n').slice(1).join('\n').trim()]
    if (region.embedded === 'colon') {
      const at = text.indexOf(':')
      ;[id, text] = at > 0 ? [text.slice(0, at).trim(), text.slice(at + 1).trim()] : ['', text]
    }
    if (!text || (region.idPattern && !region.idPattern.test(id)) || region.skip?.test(text)) continue
    out.push({ sheet: sheet.name, row, ...(region.id || region.embedded ? { id: id.trim() } : {}), text })
  }
  return out
}

const answerColumns = (sheet: Sheet, region: Region) => {
  if (region.answer !== 'new') return region.answer
  const header = sheet.rows[region.headerRow - 1] ?? []
  return [`>${columnLetters(header.reduce((last, c, i) => (c.trim() ? i : last), -1))}`]
}

const index: TruthEntry[] = []
for (const spec of SPECS) {
  const grid = await readWorkbook(await readFile(path.join(FIXTURES, spec.file)))
  const questions: TruthQuestion[] = []
  const answer: Record<string, string[]> = {}
  const comments: Record<string, string[]> = {}
  for (const region of spec.regions) {
    const sheet = grid.sheets.find((s) => s.name === region.sheet)
    if (!sheet) throw new Error(`${spec.file}: no sheet ${region.sheet}`)
    // A tab repeating an earlier tab's items (HECVAT's general information on every tab) adds none.
    const seen = new Set(questions.map((q) => q.id))
    questions.push(...questionsOf(sheet, region).filter((q) => q.id === undefined || !seen.has(q.id)))
    answer[region.sheet] = answerColumns(sheet, region)
    if (region.comments) comments[region.sheet] = region.comments
  }
  for (const f of spec.fields ?? []) {
    const sheet = grid.sheets.find((s) => s.name === f.sheet)!
    if (cellText(sheet, f.row, 'A') !== f.label) throw new Error(`${spec.file}: no field ${f.label}`)
    questions.push({ sheet: f.sheet, row: f.row, text: f.label, field: true, answer: [f.answer] })
  }
  const name = `${spec.file.replace(/[/.]/g, '-')}.json`
  const first = spec.regions[0]!
  const truth: Truth = {
    file: spec.file,
    sheet: first.sheet,
    headerRow: first.headerRow,
    answer,
    comments,
    ambiguous: Boolean(spec.ambiguous),
    note: spec.note,
    questions,
  }
  await writeFile(path.join(TRUTH_DIR, name), `${JSON.stringify(truth, null, 1)}\n`)
  index.push({ file: spec.file, truth: name, half: spec.half, ambiguous: truth.ambiguous })
  console.log(`${spec.file.padEnd(60)} ${String(questions.length).padStart(5)} questions`)
}
for (const g of GENERATED) {
  const truth = JSON.parse(await readFile(path.join(TRUTH_DIR, g.truth), 'utf8')) as Truth
  index.push({ file: g.file, truth: g.truth, half: g.half, ambiguous: truth.ambiguous })
  console.log(`${g.file.padEnd(60)} ${String(truth.questions.length).padStart(5)} questions (from its generator)`)
}
await writeFile(path.join(TRUTH_DIR, 'index.json'), `${JSON.stringify(index, null, 1)}\n`)
