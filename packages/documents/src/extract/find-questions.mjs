// @ts-check
// Finds the questions of a questionnaire (a workbook, a CSV, or a Word document read as a grid):
// per sheet, where the questions are (sheet-layout.mjs) and their exact answer cells
// (answer-cells.mjs); across sheets, which sheets are questions and which repeat them (evaluator
// copies, derived reports, hidden databases). Plain JavaScript (types in find-questions.d.mts): it
// runs in the spreadsheet worker thread, beside the parser (@portal/sheets analyseWorkbook), so a
// hostile grid costs that thread's time.
import { a1, answerCellsOf } from './answer-cells.mjs'
import { baseId, cell, embeddedCol, isQuestionShaped, layoutOf, rowNumberLayout, splitEmbedded } from './sheet-layout.mjs'

export { a1 } from './answer-cells.mjs'
export { isQuestionId, isQuestionShaped } from './sheet-layout.mjs'

/**
 * @typedef {import('@portal/sheets').Grid} Grid
 * @typedef {import('@portal/sheets').Sheet} Sheet
 * @typedef {import('./sheet-layout.mjs').Layout} Layout
 * @typedef {import('./answer-cells.mjs').AnswerCell} AnswerCell
 * @typedef {{ sheet: string, row: number, questionId: string, question: string, answerCells: AnswerCell[], field?: boolean }} FoundQuestion row: 0-based; field: a labelled single field (a date, a name)
 * @typedef {{ sheet: Sheet, layout: Layout }} LaidOut
 */

const SKIPPED_SHEET = /change ?log|revision|history|instructions?$|read ?me|glossary|definitions|scoring|backend/i
/** NIST CSF levels: a subcategory (GV.OC-01) is assessed; its category (GV.OC) only groups. */
const CSF_SUBCATEGORY = /^[A-Z]{2}\.[A-Z]{2}-\d{2}/
const CSF_CATEGORY = /^[A-Z]{2}\.[A-Z]{2}$/
/** A sheet whose ids are mostly ids of earlier question sheets repeats them (an analyst's report, a summary). */
const DERIVED = 0.5
/** Sheets that report on, look up or query the table to fill: never the one a person fills in. */
const REPORT_SHEET = /\b(?:qry|query|pivot|report|summary|dashboard|reference|mapping|lookup|catalog(?:ue)?|legend|lists?)\b/i
/** What instructions say about the sheet to fill: "Fill in the "Assessment" sheet". */
const FILL_WORDS = /\b(?:fill|complete|answer|respond|modify|enter|edit)\b/i

/**
 * How surely a sheet is the one to fill, when several hold the same items (a summary, a query copy,
 * a catalogue beside the form): named by the workbook's instructions (+2), with dropdowns on its
 * question rows (+1), named like a report or a lookup (-2). Order decides the rest.
 * @param {Sheet} sheet @param {Layout} layout @param {string} instructions
 */
function fillRank(sheet, layout, instructions) {
  let rank = 0
  const name = sheet.name.trim().toLowerCase()
  if (instructions && name.length >= 3) {
    for (let at = instructions.indexOf(name); at >= 0; at = instructions.indexOf(name, at + 1)) {
      if (FILL_WORDS.test(instructions.slice(Math.max(0, at - 80), at + name.length + 40))) {
        rank += 2
        break
      }
    }
  }
  const covered = layout.rows.filter((r) => sheet.validations.some((v) => r >= v.fromRow && r <= v.toRow)).length
  if (covered >= layout.rows.length * 0.5) rank += 1
  if (REPORT_SHEET.test(sheet.name.replace(/[_-]/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2'))) rank -= 2
  return rank
}

/** The text of the workbook's instruction sheets, lower case: what they say about which sheet to fill. @param {Grid} grid */
const instructionsOf = (grid) =>
  grid.sheets
    .filter((s) => SKIPPED_SHEET.test(s.name) || /start here|how to/i.test(s.name))
    .flatMap((s) => s.rows.slice(0, 300).flatMap((row) => row.filter(Boolean)))
    .join('\n')
    .toLowerCase()

/** @param {Grid} grid @returns {FoundQuestion[]} */
export const findQuestions = (grid) => readSheets(grid).questions

/**
 * The questions of a grid, and how many sheets holding the same items were set aside (derived
 * copies, catalogues): each one is a choice of sheet the reading made, which a person may not.
 * @param {Grid} grid @returns {{ questions: FoundQuestion[], setAside: number }}
 */
export function readSheets(grid) {
  const sheets = grid.sheets.filter((s) => !SKIPPED_SHEET.test(s.name))
  /** @type {(LaidOut & { hidden: boolean })[]} */
  let laid = []
  for (const sheet of sheets) {
    const layout = layoutOf(sheet)
    if (layout) laid.push({ sheet, layout, hidden: sheet.hidden })
  }
  // Without ids anywhere, rows shaped like questions are the questions, named by their row number.
  // A Word document mixes both freely: a table of questions without numbers beside numbered ones.
  if (!laid.length || grid.format === 'docx') {
    const withIds = new Set(laid.map((x) => x.sheet))
    for (const sheet of sheets.filter((s) => !withIds.has(s))) {
      const layout = rowNumberLayout(sheet)
      if (layout) laid.push({ sheet, layout, hidden: sheet.hidden })
    }
  }
  const shaped = (/** @type {Layout} */ l) => l.shaped / Math.max(1, l.rows.length)
  // Plain numbers beside sheets with real ids name a legend or a scale ("1 | No process ..."),
  // unless their rows are questions.
  if (laid.some((x) => !x.layout.numbered)) laid = laid.filter((x) => !x.layout.numbered || shaped(x.layout) >= 0.5)
  // A workbook of questions keeps only its question sheets (control catalogues beside them are
  // reference); a catalogue workbook keeps every item sheet.
  if (laid.some((x) => !x.hidden && shaped(x.layout) >= 0.5)) laid = laid.filter((x) => shaped(x.layout) >= 0.3)
  // The sheet to fill first: the sheets repeating its items after it are derived from it.
  const instructions = instructionsOf(grid)
  const rank = new Map(laid.map((x) => [x, fillRank(x.sheet, x.layout, instructions)]))
  laid = laid
    .map((x, i) => ({ x, i }))
    .sort((a, b) => (rank.get(b.x) ?? 0) - (rank.get(a.x) ?? 0) || a.i - b.i)
    .map(({ x }) => x)

  const before = laid.filter((x) => !x.hidden).length
  laid = withoutCatalogues(laid)
  let setAside = before - laid.filter((x) => !x.hidden).length
  /** @type {Set<string>} */
  const seen = new Set()
  /** @type {Set<string>} */
  const ids = new Set()
  /** @type {Set<string>} */
  const texts = new Set()
  /** @type {FoundQuestion[]} */
  let out = []
  for (const { sheet, layout } of laid.filter((x) => !x.hidden)) {
    const found = questionsOfSheet(sheet, layout).map((q) => ({ q, id: q.questionId.toUpperCase(), text: q.question.toLowerCase().replace(/\s+/g, ' ') }))
    // A sheet repeating the ids (an analyst's report: other texts) or the texts (an evaluator's
    // copy, renumbered) of earlier sheets is derived from them.
    const derived = found.length >= 3 && found.filter((f) => (!layout.rowIds && ids.has(f.id)) || texts.has(f.text)).length >= found.length * DERIVED
    if (derived) setAside++
    for (const { q, id, text } of found) {
      // A derived sheet adds only new questions; elsewhere an evaluator copy or a repeated general
      // item counts once, and a reused id with another text is another question.
      if (derived && (ids.has(id) || texts.has(text) || !isQuestionShaped(q.question))) continue
      const key = `${id}\u0000${text}`
      if (seen.has(key)) continue
      seen.add(key)
      ids.add(id)
      texts.add(text)
      out.push(q)
    }
  }
  // Hidden sheets repeat the visible questions (HECVAT's database also keeps retired ones, which
  // have no answer cell on the tabs the vendor fills): they are read only when nothing visible is.
  for (const { sheet, layout } of out.length ? [] : laid.filter((x) => x.hidden)) {
    for (const q of questionsOfSheet(sheet, layout)) {
      if (ids.has(q.questionId.toUpperCase())) continue
      ids.add(q.questionId.toUpperCase())
      out.push(q)
    }
  }
  if (out.some((q) => CSF_SUBCATEGORY.test(q.questionId))) out = out.filter((q) => !CSF_CATEGORY.test(q.questionId))
  out = [...fieldsOf(grid, out), ...out]
  // Plain data (the answer cells are read here, once): the result crosses back to the main thread.
  return { questions: out.map((q) => ({ ...q })), setAside }
}

/** A labelled single field of the respondent's: a date, a name, a contact. */
const FIELD_LABEL =
  /^(?:date(?: completed| of (?:completion|assessment|submission))?|completed (?:by|on)|(?:vendor|supplier|company|organi[sz]ation|solution(?: provider)?|respondent|product|service)(?: name)?|name|(?:primary |main )?contact(?: name| e-?mail| person)?|e-?mail(?: address)?|(?:job )?title|phone(?: number)?|prepared by|submitted by)\s*:?$/i
/** A sheet of such fields: the respondent's details before the questions. */
const DETAILS_SHEET = /business|general|company|vendor|supplier|respondent|contact|cover|details/i

/**
 * The labelled fields of a questionnaire (HECVAT's "Date Completed", a cover sheet's "Company Name"):
 * a label cell with the empty cell right of it for the value, above a question sheet's first
 * question or on a sheet of the respondent's details, in a row of at most a few cells (not a header).
 * @param {Grid} grid @param {FoundQuestion[]} questions @returns {FoundQuestion[]}
 */
export function fieldsOf(grid, questions) {
  /** @type {FoundQuestion[]} */
  const out = []
  // Once per workbook (each HECVAT tab repeats START HERE's), and never a question's own text.
  const seen = new Set(questions.map((q) => q.question.replace(/\s+/g, ' ').trim().toLowerCase()))
  for (const sheet of grid.sheets.filter((s) => !s.hidden)) {
    const first = questions.find((q) => q.sheet === sheet.name)?.row
    // A file of nothing but fields is no questionnaire: fields come with questions.
    const until = first ?? (questions.length && DETAILS_SHEET.test(sheet.name) ? 50 : 0)
    for (let r = 0; r < Math.min(until, sheet.rows.length, 50); r++) {
      const row = sheet.rows[r] ?? []
      if (row.filter((v) => v.trim()).length > 4) continue
      for (let c = 0; c < row.length; c++) {
        const label = (row[c] ?? '').replace(/\s+/g, ' ').trim()
        if (!FIELD_LABEL.test(label) || (row[c + 1] ?? '').trim()) continue
        const text = label.replace(/\s*:$/, '')
        if (seen.has(text.toLowerCase())) continue
        seen.add(text.toLowerCase())
        out.push({
          sheet: sheet.name,
          row: r,
          questionId: text,
          question: text,
          field: true,
          answerCells: [{ address: a1(c + 1, r), header: text, role: 'narrative' }],
        })
      }
    }
  }
  return out
}

/**
 * Without the sheets that catalogue the items a form asks about by example: where one sheet's ids
 * are suffixed (GV.SC-04 Ex1, one row per implementation example), a sheet naming mostly their
 * base ids (GV.SC-04) is the reference they come from, wherever it sits in the workbook.
 * @template {LaidOut} T @param {T[]} laid @returns {T[]}
 */
function withoutCatalogues(laid) {
  const idsOf = (/** @type {T} */ x) =>
    x.layout.rowIds || x.layout.embedded ? [] : x.layout.rows.map((r) => cell(x.sheet, r, x.layout.idCol).trim().toUpperCase())
  const embeddedIds = (/** @type {T} */ x) => x.layout.rows.map((r) => splitEmbedded(cell(x.sheet, r, embeddedCol(x.sheet, r)))?.questionId.toUpperCase() ?? '')
  /** @type {Set<string>} */
  const bases = new Set()
  for (const x of laid) for (const id of idsOf(x)) if (baseId(id) !== id) bases.add(baseId(id))
  if (!bases.size) return laid
  return laid.filter((x) => {
    const ids = x.layout.embedded ? embeddedIds(x) : idsOf(x)
    return ids.length < 3 || ids.filter((id) => bases.has(id)).length < ids.length * DERIVED
  })
}

/**
 * The questions of a sheet, their answer cells decided on first use (most rows of derived and
 * hidden sheets are dropped before).
 * @param {Sheet} sheet @param {Layout} layout @returns {FoundQuestion[]}
 */
function questionsOfSheet(sheet, layout) {
  /** @type {((row: number) => AnswerCell[]) | undefined} */
  let cellsOf
  return layout.rows.flatMap((r) => {
    let questionId = String(r + 1)
    let question = cell(sheet, r, layout.questionCol)
    if (layout.embedded) {
      const split = /** @type {{ questionId: string, question: string }} */ (splitEmbedded(cell(sheet, r, embeddedCol(sheet, r))))
      questionId = split.questionId
      question = split.question
    } else if (!layout.rowIds) {
      questionId = cell(sheet, r, layout.idCol).trim().replace(/[.)]$/, '')
    }
    /** @type {AnswerCell[] | undefined} */
    let answerCells
    const parts = subQuestions(question)
    // Lettered sub-questions of one cell are questions of their own; they share the row's answer
    // cells (the export writes their answers there as one text, labelled per sub-question).
    return (parts.length >= 2 ? parts : [{ questionId, question }]).map((part) => ({
      sheet: sheet.name,
      row: r,
      questionId: part.questionId,
      question: part.question,
      get answerCells() {
        cellsOf ??= answerCellsOf(sheet, layout)
        answerCells ??= cellsOf(r)
        return answerCells
      },
    }))
  })
}

/** A lettered sub-question's label inside a cell: "CO-01a – ", "AIS-01.2b: ". */
const SUB_LABEL = /(?:^|\s)([A-Z][A-Za-z&]{0,9}[-.]?\d{1,3}(?:\.\d{1,3})*[a-z])\s*[–—:-]\s+/g

/**
 * The sub-questions a cell packs ("CO-01a – Do you …? CO-01b – Is …?"): each with its own id, or
 * none when the cell holds one question.
 * @param {string} text @returns {{ questionId: string, question: string }[]}
 */
export function subQuestions(text) {
  const labels = [...text.matchAll(SUB_LABEL)]
  if (labels.length < 2) return []
  return labels.map((m, i) => ({
    questionId: /** @type {string} */ (m[1]),
    question: text.slice((m.index ?? 0) + m[0].length, labels[i + 1]?.index ?? text.length).trim(),
  }))
}
