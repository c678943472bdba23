// Spreadsheets from untrusted uploads: read safely as text grids (.xlsx and legacy .xls; CSV files
// and Word documents too, for questionnaires), checked as archives before anything parses them,
// and answers written back into the customer's own .xlsx touching nothing but the answer cells. Every read and write runs in a worker thread with time and
// memory limits (run-in-worker.ts): these functions are the only way in, so nothing parses a
// workbook on the thread that answers requests.
import { AppError } from '@portal/errors'
import { sheetLimits } from './limits.js'
import { asBuffer, runInWorker } from './run-in-worker.js'
import type { AnsweredQuestion, CellWrites, Grid, QuestionRows, WorkbookComparison } from './types.js'
import { spreadsheetKind } from './worker/shared.mjs'
import { looksLikeCsv } from './worker/text-kind.mjs'

export { documentLimits, documentZipLimits, gridLimits, type SheetLimits, sheetLimits, workerLimits, zipLimits } from './limits.js'
export type { AnsweredQuestion, CellWrites, Grid, Sheet, Validation } from './types.js'
export type { QuestionRows, WorkbookComparison, WorkbookDifference, WorkbookReplacement } from './types.js'
export { cleanText, columnLetters, neutralise, spreadsheetKind } from './worker/shared.mjs'
export { looksLikeCsv } from './worker/text-kind.mjs'

const notSpreadsheet = () => new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Only Excel workbooks (.xlsx, .xls) are accepted' })

/** A workbook (or a Word document, both zips), a legacy workbook, or a CSV file, by their bytes. */
const readable = (bytes: Buffer) => Boolean(spreadsheetKind(bytes)) || looksLikeCsv(bytes.subarray(0, 4096))

/** Reads a workbook by its content, never its name; a CSV file or a .docx comes back as a grid too. */
export async function readWorkbook(bytes: Buffer, limits = sheetLimits): Promise<Grid> {
  if (!readable(bytes)) throw notSpreadsheet()
  return runInWorker<Grid>({ kind: 'read', bytes }, limits)
}

/**
 * Reads a workbook and runs `analyser` on its grid in the same worker thread, returning only what
 * it returns (extraction: the questions, not the whole grid). `module` is a plain JavaScript module
 * of ours exporting `name(grid: Grid, arg)`; it must be pure (no I/O). `arg` is plain data (options).
 */
export async function analyseWorkbook<T>(bytes: Buffer, analyser: { module: URL; name: string }, limits = sheetLimits, arg?: unknown): Promise<T> {
  if (!readable(bytes)) throw notSpreadsheet()
  return runInWorker<T>({ kind: 'analyse', bytes, module: analyser.module.href, name: analyser.name, arg }, limits)
}

/**
 * Checks an OOXML archive (.xlsx here; docx and pptx share the checks) given as bytes or as a file
 * on disk: entry count, real unpacked bytes, ratio, paths, links, macros, local headers, DTDs in any
 * encoding. `onPart` is told the name of each XML part once the whole archive has passed. Throws
 * UNPROCESSABLE, or UNSUPPORTED_MEDIA_TYPE for macros and for archives with no workbook.
 */
export async function inspectXlsx(source: Buffer | { path: string }, onPart?: (name: string) => unknown, limits = sheetLimits): Promise<void> {
  const task = Buffer.isBuffer(source) ? { kind: 'inspect' as const, bytes: source } : { kind: 'inspect' as const, path: source.path }
  const { xmlParts, workbook } = await runInWorker<{ xmlParts: string[]; workbook: boolean }>(task, limits)
  for (const name of xmlParts) onPart?.(name)
  if (!workbook) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'The file is not a valid Excel workbook' })
}

/**
 * A questionnaire that arrived as a zip, after inspectXlsx's checks: a workbook, or a Word
 * document (a `word/document.xml` and no workbook). Anything else is refused (415). A workbook may
 * carry its customer's macros (an .xlsm): the VBA project is an opaque part nothing here runs, kept
 * byte for byte in the filled workbook; a Word document with macros is refused (scan-zip.mjs).
 */
export async function inspectQuestionnaireArchive(source: Buffer | { path: string }, limits = sheetLimits): Promise<'xlsx' | 'docx'> {
  const where = Buffer.isBuffer(source) ? { bytes: source } : { path: source.path }
  const { xmlParts, workbook } = await runInWorker<{ xmlParts: string[]; workbook: boolean }>({ kind: 'inspect', ...where, macros: true }, limits)
  if (workbook) return 'xlsx'
  if (xmlParts.includes('word/document.xml')) return 'docx'
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'The file is neither an Excel workbook nor a Word document' })
}

/** A CSV questionnaire checked whole in the worker thread: text, one delimiter throughout, within the grid limits. */
export async function inspectCsv(source: Buffer | { path: string }, limits = sheetLimits): Promise<void> {
  const task = Buffer.isBuffer(source) ? { kind: 'inspect-csv' as const, bytes: source } : { kind: 'inspect-csv' as const, path: source.path }
  await runInWorker<{ rows: number }>(task, limits)
}

/**
 * A legacy .xls as an .xlsx, so answers can be written back into the customer's workbook: sheets,
 * values, formulas, merges, column widths and hidden sheets are kept; the binary format's cell
 * styling and validations are not (SheetJS community edition writes no styles).
 */
export async function xlsToXlsx(bytes: Buffer, limits = sheetLimits): Promise<Buffer> {
  if (spreadsheetKind(bytes) !== 'xls') throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Not a legacy .xls workbook' })
  return asBuffer(await runInWorker<Uint8Array>({ kind: 'xls-to-xlsx', bytes }, limits))
}

/** A copy of the workbook with the given cells set to text (formula-like text neutralised); nothing else changes. */
export async function writeCells(workbook: Buffer, writes: CellWrites, limits = sheetLimits): Promise<Buffer> {
  return asBuffer(await runInWorker<Uint8Array>({ kind: 'write-cells', bytes: workbook, writes }, limits))
}

/**
 * Reads both workbooks in the worker thread and compares them sheet by sheet, cell by cell (type,
 * value, formula) and, for an .xlsx original, part by part: only the `written` cells may differ,
 * each must hold what was written, and no non-empty cell may become empty; written cells that held
 * something come back as replacements. With `questions` (where the answered questions are), a
 * written cell must also be on a question's row that holds its question, and not be its id or text
 * cell. `before` may be the .xls the .xlsx was converted from.
 */
export async function compareWorkbooks(
  before: Buffer,
  after: Buffer,
  written: CellWrites,
  limits = sheetLimits,
  questions?: QuestionRows,
): Promise<WorkbookComparison> {
  return runInWorker<WorkbookComparison>({ kind: 'compare-workbooks', before, after, writes: written, ...(questions ? { questions } : {}) }, limits)
}

/** `questions_and_answers.xlsx`: every question with its answer and review state, as a new workbook. */
export async function buildQuestionsWorkbook(rows: AnsweredQuestion[], sheetName?: string, limits = sheetLimits): Promise<Buffer> {
  return asBuffer(await runInWorker<Uint8Array>({ kind: 'questions-workbook', rows, ...(sheetName ? { sheetName } : {}) }, limits))
}
