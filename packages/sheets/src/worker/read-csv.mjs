// @ts-check
// A CSV questionnaire as a one-sheet grid, the way Excel opens one: decoded by its bytes
// (text-kind.mjs), the delimiter found by reading the records (the same number of fields on
// nearly every line), fields quoted per RFC 4180 (quotes doubled, line breaks inside quotes).
// Bounded like every grid (gridLimits), and refused with words for people when it is not a table.
import { cleanText } from './shared.mjs'
import { refuse, SheetError } from './sheet-error.mjs'
import { DELIMITERS, decodeText } from './text-kind.mjs'

/** @typedef {import('./read-grid.mjs').GridLimits} GridLimits */

export const csvMessages = {
  notText: 'Questionnaires must be Excel workbooks (.xlsx, .xlsm, .xls), Word documents (.docx), CSV files or PDF files',
  noTable: 'The CSV file has no consistent columns (separated by commas, semicolons, tabs or |)',
  tooLarge: 'The CSV file is too large to read',
}

/** Records, and characters, looked at to find the delimiter. */
const SAMPLE = 200
const SAMPLE_CHARS = 256 * 1024

/**
 * Splits CSV text into records of fields. Fields and rows past the grid limits are cut; past the
 * cell and character budget the whole read is refused.
 * @param {string} text @param {string} delimiter @param {{ maxRows: number, maxCols: number, maxCell: number, maxCells?: number, maxChars?: number }} limits
 * @returns {string[][]}
 */
export function parseCsv(text, delimiter, limits) {
  /** @type {string[][]} */
  const rows = []
  /** @type {string[]} */
  let row = []
  let cells = 0
  let chars = 0
  const n = text.length
  // The end of an unquoted field: the delimiter or a line break.
  const stop = new RegExp(`[${delimiter === '\t' ? '\\t' : `\\${delimiter}`}\\r\\n]`, 'g')
  const until = (/** @type {number} */ from) => {
    stop.lastIndex = from
    return stop.exec(text)?.index ?? n
  }
  let i = 0
  while (i < n) {
    let value = ''
    if (text[i] === '"') {
      // Quoted: up to the closing quote, "" standing for one; anything after it up to the delimiter is kept, as Excel does.
      let from = i + 1
      for (;;) {
        const q = text.indexOf('"', from)
        if (q < 0) {
          value += text.slice(from)
          i = n
          break
        }
        value += text.slice(from, q)
        if (text[q + 1] === '"') {
          value += '"'
          from = q + 2
        } else {
          i = q + 1
          break
        }
      }
      const end = until(i)
      value += text.slice(i, end)
      i = end
    } else {
      const end = until(i)
      value = text.slice(i, end)
      i = end
    }
    if (row.length < limits.maxCols) row.push(cleanText(value, limits.maxCell))
    cells++
    chars += value.length
    if ((limits.maxCells && cells > limits.maxCells) || (limits.maxChars && chars > limits.maxChars)) throw refuse(csvMessages.tooLarge)
    if (text[i] === delimiter) {
      i++
      if (i < n) continue
      row.push('') // a trailing delimiter ends the file: its last field is empty
    } else if (text[i] === '\r' && text[i + 1] === '\n') i += 2
    else if (i < n) i++
    rows.push(row)
    row = []
    if (rows.length >= limits.maxRows) break
  }
  return rows
}

/**
 * The delimiter that splits the first records into the same number of fields (two or more) most
 * consistently; undefined when none does (prose, a log, a single column).
 * @param {string} text @returns {string | undefined}
 */
export function delimiterOf(text) {
  let best
  let bestScore = 0
  for (const d of DELIMITERS) {
    const records = parseCsv(text.slice(0, SAMPLE_CHARS), d, { maxRows: SAMPLE, maxCols: 1_000, maxCell: 100_000 }).filter((r) => r.some(Boolean))
    if (records.length < 2) continue
    /** @type {Map<number, number>} */
    const widths = new Map()
    for (const r of records) widths.set(r.length, (widths.get(r.length) ?? 0) + 1)
    const [width, count] = [...widths].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0] ?? [0, 0]
    // A last record cut short by the sample is forgiven: most records agree.
    if (width < 2 || count < records.length * 0.8) continue
    const score = count * width
    if (score > bestScore) {
      best = d
      bestScore = score
    }
  }
  return best
}

/**
 * A CSV file's text and delimiter, or a refusal.
 * @param {Buffer} buf @returns {{ text: string, delimiter: string }}
 */
export function checkCsv(buf) {
  const text = decodeText(buf)
  if (text === undefined) throw new SheetError('UNSUPPORTED_MEDIA_TYPE', csvMessages.notText)
  const delimiter = delimiterOf(text)
  // Text that is not a table is not a CSV questionnaire: the wrong kind of file, like a binary one.
  if (!delimiter) throw new SheetError('UNSUPPORTED_MEDIA_TYPE', csvMessages.noTable)
  return { text, delimiter }
}

/**
 * @param {Buffer} buf @param {GridLimits} limits
 * @returns {import('./read-grid.mjs').Grid}
 */
export function readCsv(buf, limits) {
  const { text, delimiter } = checkCsv(buf)
  const rows = parseCsv(text, delimiter, limits)
  return { format: 'csv', sheets: [{ name: 'Sheet1', hidden: false, rows, validations: [] }] }
}
