// @ts-check
// A Word questionnaire (.docx) as grids, so the questions are found the way a workbook's are:
// each table becomes a sheet ("Table 1", ...: its rows and cells), and the paragraphs outside
// tables one sheet ("Document": a row per paragraph, its list number or written number in A, its
// text in B). Only word/document.xml is read, from the archive the zip scan checked and kept
// (scan-zip.mjs: sizes counted while inflating, no DTD anywhere), with a small walk over its tags:
// no XML parser, no entity expansion, nothing fetched. Bounded by the grid limits.
import { cleanText } from './shared.mjs'
import { refuse } from './sheet-error.mjs'

/**
 * @typedef {import('./read-grid.mjs').GridLimits} GridLimits
 * @typedef {import('./read-grid.mjs').Sheet} Sheet
 * @typedef {{ rows: string[][], row: string[] | undefined, cell: string[] | undefined, span: number }} Table
 */

const TAG = /<(\/?)([A-Za-z][\w.-]*:)?([A-Za-z]+)\b([^>]*?)(\/?)>/g
/** A number written at the start of a paragraph: "1.", "1.2", "Q4:", "3)". */
const WRITTEN_NUMBER = /^((?:Q\s?)?\d{1,3}(?:\.\d{1,3}){0,4})[.):]?\s+(?=\S)/i
const HEADING = /heading|title|toc/i
const MAX_NESTING = 64
const tooLarge = () => refuse('The document is too large to read')

/** @param {string} s */
const decodeEntities = (s) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, e) => {
    const k = String(e).toLowerCase()
    if (k[0] === '#') {
      const code = k[1] === 'x' ? Number.parseInt(k.slice(2), 16) : Number(k.slice(1))
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
    }
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[k] ?? ''
  })

/** @param {string} attrs @param {string} name */
const attr = (attrs, name) => new RegExp(`\\b(?:w:)?${name}="([^"]*)"`).exec(attrs)?.[1]

/**
 * @param {string} xml word/document.xml @param {GridLimits} limits
 * @returns {import('./read-grid.mjs').Grid}
 */
export function readDocx(xml, limits) {
  /** @type {Sheet[]} */
  const tables = []
  /** @type {string[][]} */
  const document = []
  /** @type {Table[]} open tables, innermost last */
  const open = []
  /** @type {Map<string, number[]>} list counters per numbering id */
  const counters = new Map()
  let text = ''
  let inText = false
  let numId = ''
  let level = 0
  let style = ''
  let cells = 0
  let chars = 0
  const count = (/** @type {string} */ s) => {
    cells++
    chars += s.length
    if (cells > limits.maxCells || chars > limits.maxChars) throw tooLarge()
  }
  const endParagraph = () => {
    const para = cleanText(text, limits.maxCell)
    const table = open.at(-1)
    if (table?.cell) {
      if (para) table.cell.push(para)
    } else if (para && document.length < limits.maxRows) {
      count(para)
      let id = ''
      let body = para
      if (numId && numId !== '0' && !HEADING.test(style)) {
        const levels = counters.get(numId) ?? []
        levels[level] = (levels[level] ?? 0) + 1
        levels.length = level + 1
        counters.set(numId, levels)
        id = levels.map((n) => n || 1).join('.')
      } else {
        const m = WRITTEN_NUMBER.exec(para)
        if (m && !HEADING.test(style)) {
          id = (m[1] ?? '').replace(/\s/g, '')
          body = para.slice(m[0].length)
        }
      }
      document.push([id, body])
    }
    text = ''
    numId = ''
    level = 0
    style = ''
  }

  TAG.lastIndex = 0
  let at = 0
  for (let m = TAG.exec(xml); m; m = TAG.exec(xml)) {
    if (inText && m.index > at) text += decodeEntities(xml.slice(at, m.index))
    at = TAG.lastIndex
    const [, close, , name, attrs = '', selfClosing] = m
    const table = open.at(-1)
    switch (name) {
      case 't':
        inText = !close && !selfClosing
        break
      case 'tab':
        if (!close) text += '\t'
        break
      case 'br':
      case 'cr':
        if (!close) text += '\n'
        break
      case 'p':
        if (close || selfClosing) endParagraph()
        break
      case 'pStyle':
        style = attr(attrs, 'val') ?? ''
        break
      case 'numId':
        numId = attr(attrs, 'val') ?? ''
        break
      case 'ilvl':
        level = Math.min(8, Number(attr(attrs, 'val') ?? 0) || 0)
        break
      case 'tbl':
        if (close) {
          const done = open.pop()
          const outer = open.at(-1)
          // A table inside a cell is part of that cell's text.
          if (done && outer?.cell) outer.cell.push(done.rows.map((r) => r.join('\t')).join('\n'))
          else if (done && tables.length < 200) tables.push({ name: `Table ${tables.length + 1}`, hidden: false, rows: done.rows, validations: [] })
        } else if (!selfClosing) {
          // Word nests tables a few levels deep; thousands of levels are an attack on this stack.
          if (open.length >= MAX_NESTING) throw tooLarge()
          open.push({ rows: [], row: undefined, cell: undefined, span: 1 })
        }
        break
      case 'tr':
        if (!table) break
        if (close) {
          if (table.row && table.rows.length < limits.maxRows) table.rows.push(table.row)
          table.row = undefined
        } else if (!selfClosing) table.row = []
        break
      case 'tc':
        if (!table?.row) break
        if (close) {
          const value = cleanText((table.cell ?? []).join('\n'), limits.maxCell)
          count(value)
          // A merged cell spans columns: the ones it covers stay empty, as a workbook's followers do.
          for (let i = 0; i < table.span && table.row.length < limits.maxCols; i++) table.row.push(i ? '' : value)
          table.cell = undefined
          table.span = 1
        } else if (!selfClosing) table.cell = []
        break
      case 'gridSpan':
        if (table?.cell) table.span = Math.max(1, Math.min(limits.maxCols, Number(attr(attrs, 'val') ?? 1) || 1))
        break
      default:
        break
    }
  }
  return { format: 'docx', sheets: [{ name: 'Document', hidden: false, rows: document, validations: [] }, ...tables] }
}
