// Any questionnaire workbook (.xlsx or legacy .xls) as plain text grids, one per sheet, with the
// facts extraction needs: hidden sheets and dropdown (data-validation) choices. Bounded: rows,
// columns and cell length are capped so a hostile file cannot exhaust memory.
import { AppError } from '@portal/errors'
import * as XLSX from 'xlsx-republish'
import { decodeXml, sheetParts } from './workbook-parts.js'
import { inspectXlsx } from './zip-guard.js'

export const gridLimits = { maxRows: 20_000, maxCols: 200, maxCell: 8_000 }

export interface Validation {
  /** 0-based column and row range the dropdown covers. */
  col: number
  fromRow: number
  toRow: number
  choices: string[]
}

export interface Sheet {
  name: string
  hidden: boolean
  /** rows[r][c], 0-based; merged cells' followers are empty. */
  rows: string[][]
  validations: Validation[]
}

export interface Grid {
  format: 'xlsx' | 'xls'
  sheets: Sheet[]
}

/** Excel's `_x000D_` escapes, control characters and the length cap. */
export function cleanText(raw: string): string {
  return raw
    .replace(/_x([0-9A-Fa-f]{4})_/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are dropped on purpose
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
    .replace(/\r\n?/g, '\n')
    .trim()
    .slice(0, gridLimits.maxCell)
}

function valueText(v: unknown): string {
  if (v === null || v === undefined) return ''
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  if (v instanceof Date) return v.toISOString().slice(0, 10)
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: string }
    if (o.richText) return o.richText.map((r) => r.text).join('')
    if ('result' in o) return valueText(o.result)
    if (o.text !== undefined) return valueText(o.text)
  }
  return ''
}

/** "A1" → {col: 0, row: 0}; column letters only → row undefined. */
function parseRef(ref: string): { col: number; row: number | undefined } {
  const m = /^\$?([A-Z]{1,3})\$?(\d*)$/.exec(ref.trim())
  if (!m) return { col: -1, row: undefined }
  let col = 0
  for (const ch of m[1]!) col = col * 26 + (ch.charCodeAt(0) - 64)
  return { col: col - 1, row: m[2] ? Number(m[2]) - 1 : undefined }
}

function parseRange(range: string): { c1: number; r1: number; c2: number; r2: number } | undefined {
  const [a, b = a] = range.split(':')
  const s = parseRef(a!)
  const e = parseRef(b!)
  if (s.col < 0 || e.col < 0) return undefined
  return { c1: s.col, r1: s.row ?? 0, c2: e.col, r2: e.row ?? gridLimits.maxRows }
}


/** List choices of each dropdown: a literal list, or a range on a sheet of this workbook. */
function validationsOf(xml: string, sheetName: string, grids: Map<string, string[][]>): Validation[] {
  const found: { sqref: string; formula: string }[] = []
  for (const m of xml.matchAll(/<dataValidation\b([^>]*)>([\s\S]*?)<\/dataValidation>/g)) {
    if (!/\btype="list"/.test(m[1]!)) continue
    const sqref = /\bsqref="([^"]+)"/.exec(m[1]!)?.[1]
    const formula = /<formula1>([\s\S]*?)<\/formula1>/.exec(m[2]!)?.[1]
    if (sqref && formula) found.push({ sqref, formula: decodeXml(formula) })
  }
  for (const m of xml.matchAll(/<x14:dataValidation\b([^>]*)>([\s\S]*?)<\/x14:dataValidation>/g)) {
    if (!/\btype="list"/.test(m[1]!)) continue
    const formula = /<xm:f>([\s\S]*?)<\/xm:f>/.exec(m[2]!)?.[1]
    const sqref = /<xm:sqref>([\s\S]*?)<\/xm:sqref>/.exec(m[2]!)?.[1]
    if (sqref && formula) found.push({ sqref, formula: decodeXml(formula) })
  }
  const out: Validation[] = []
  for (const { sqref, formula } of found) {
    let choices: string[] = []
    const literal = /^"([\s\S]*)"$/.exec(formula.trim())
    if (literal) choices = literal[1]!.split(',').map((s) => s.trim()).filter(Boolean)
    else {
      const ref = /^(?:'?([^'!]+)'?!)?(\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?)$/.exec(formula.trim())
      const range = ref ? parseRange(ref[2]!) : undefined
      const rows = grids.get(ref?.[1] ?? sheetName)
      if (range && rows) {
        for (let r = range.r1; r <= Math.min(range.r2, rows.length - 1); r++) {
          for (let c = range.c1; c <= range.c2; c++) {
            const v = rows[r]?.[c]
            if (v) choices.push(v)
          }
        }
      }
    }
    if (!choices.length) continue
    for (const part of sqref.split(/\s+/)) {
      const range = parseRange(part)
      if (!range) continue
      for (let c = range.c1; c <= range.c2; c++) out.push({ col: c, fromRow: range.r1, toRow: range.r2, choices: [...new Set(choices)] })
    }
  }
  return out
}

async function readXlsx(buf: Buffer): Promise<Grid> {
  // The archive is checked before the parser sees it; its XML also gives hidden state and dropdowns.
  const parts = await inspectXlsx(buf, (n) => n === 'xl/workbook.xml' || n === 'xl/_rels/workbook.xml.rels' || /^xl\/worksheets\/[^/]+\.xml$/.test(n))
  const order = sheetParts(parts)
  const parsed = parseSheets(buf)
  const grids = new Map(parsed.sheets.map((s) => [s.name, s.rows]))
  return {
    format: 'xlsx',
    sheets: parsed.sheets.map((s) => {
      const meta = order.find((o) => o.name === s.name)
      return { ...s, hidden: meta?.hidden ?? s.hidden, validations: meta?.path ? validationsOf(parts.get(meta.path) ?? '', s.name, grids) : [] }
    }),
  }
}

/** Both formats go through one parser (SheetJS 0.20.3, read-only: no cell styles, formulas or HTML). */
function parseSheets(buf: Buffer): { sheets: Sheet[] } {
  let wb: XLSX.WorkBook
  try {
    wb = XLSX.read(buf, { type: 'buffer', dense: true, cellFormula: false, cellHTML: false, cellStyles: false, cellDates: true, sheetRows: gridLimits.maxRows })
  } catch {
    throw new AppError('UNPROCESSABLE', { message: 'The workbook could not be read' })
  }
  return {
    sheets: wb.SheetNames.map((name, i) => {
      const raw = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[name]!, { header: 1, raw: false, defval: '', blankrows: true })
      const rows = raw.map((r) => r.slice(0, gridLimits.maxCols).map((v) => cleanText(valueText(v))))
      return { name, hidden: Boolean(wb.Workbook?.Sheets?.[i]?.Hidden), rows, validations: [] }
    }),
  }
}

function readXls(buf: Buffer): Grid {
  return { format: 'xls', ...parseSheets(buf) }
}

export function spreadsheetKind(buf: Buffer): 'xlsx' | 'xls' | undefined {
  if (buf.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'xlsx'
  if (buf.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return 'xls'
  return undefined
}

/** Reads a workbook by its content, never its name. */
export async function readWorkbook(buf: Buffer): Promise<Grid> {
  const kind = spreadsheetKind(buf)
  if (kind === 'xlsx') return readXlsx(buf)
  if (kind === 'xls') return readXls(buf)
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Only Excel workbooks (.xlsx, .xls) are accepted' })
}

/**
 * A legacy .xls as an .xlsx, so answers can be written back into the customer's workbook: sheets,
 * values, formulas, merges, column widths and hidden sheets are kept; the binary format's cell
 * styling and validations are not (SheetJS community edition writes no styles).
 */
export function xlsToXlsx(buf: Buffer): Buffer {
  if (spreadsheetKind(buf) !== 'xls') throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Not a legacy .xls workbook' })
  let wb: XLSX.WorkBook
  try {
    wb = XLSX.read(buf, { type: 'buffer', cellFormula: true, cellHTML: false, cellStyles: true, cellDates: true, sheetRows: gridLimits.maxRows })
  } catch {
    throw new AppError('UNPROCESSABLE', { message: 'The workbook could not be read' })
  }
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer
}
