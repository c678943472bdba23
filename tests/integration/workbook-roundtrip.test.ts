// The export promise: answers are written into the customer's own workbook, into the recorded
// answer cells only. Every real workbook is filled, re-read, and compared cell by cell and part by
// part with the original.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { type CellWrites, columnLetters, readWorkbook, writeCells, xlsToXlsx } from '@portal/sheets'
import { findQuestions } from '@portal/svc-ingest-worker/extract'
import yauzl from 'yauzl'

const DATA = path.resolve(process.cwd(), 'tests/fixtures/questionnaires')

async function parts(buf: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((res, rej) => yauzl.fromBuffer(buf, { lazyEntries: true }, (e, z) => (e || !z ? rej(e) : res(z))))
  const out = new Map<string, Buffer>()
  await new Promise<void>((resolve, reject) => {
    zip.on('end', () => resolve()).on('error', reject)
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, (err, s) => {
        if (err || !s) return reject(err)
        const chunks: Buffer[] = []
        s.on('data', (c: Buffer) => chunks.push(c)).on('end', () => {
          out.set(entry.fileName, Buffer.concat(chunks))
          zip.readEntry()
        })
      }),
    )
    zip.readEntry()
  })
  return out
}

describe.each([
  'HECVAT414_blank_sagearbor.xlsx',
  'csa-caiq-v3.0.1-09-01-2017.xlsx',
  'csa-caiq-v1.1-09-01-2011.xlsx',
  'nist_csf2.0_official_export.xlsx',
  'intuitem/CyFun2025_Self-Assessment_tool_ESSENTIAL_v3.1.xlsx',
  'intuitem/cisa-vendor-scrm.xlsx',
  'intuitem/vendor-due-diligence.xlsx',
  'intuitem/iso27001-2022.xlsx',
])('answers written into %s', (file) => {
  it('change the answer cells and nothing else', async () => {
    const original = await readFile(path.join(DATA, file))
    const before = await readWorkbook(original)
    const questions = findQuestions(before)
    const writes: CellWrites = new Map()
    const expected = new Map<string, string>()
    questions.forEach((q, i) => {
      const cells = writes.get(q.sheet) ?? new Map<string, string>()
      writes.set(q.sheet, cells)
      q.answerCells.forEach((cell, j) => {
        // A dropdown value where there is one; one answer per workbook tries a formula injection.
        const text = cell.choices?.[0] ?? (i === 0 && j === 0 ? '=HYPERLINK("http://evil","x")' : `Answer ${i + 1}.${j + 1} <&> "é"`)
        cells.set(cell.address, text)
        expected.set(`${q.sheet}!${cell.address}`, text.startsWith('=') ? `'${text}` : text)
      })
    })
    const filled = await writeCells(original, writes)
    const after = await readWorkbook(filled)

    expect(after.sheets.map((s) => [s.name, s.hidden])).toEqual(before.sheets.map((s) => [s.name, s.hidden]))
    let changed = 0
    for (const [i, sheet] of before.sheets.entries()) {
      const next = after.sheets[i]!
      expect(next.validations).toEqual(sheet.validations)
      const rows = Math.max(sheet.rows.length, next.rows.length)
      for (let r = 0; r < rows; r++) {
        const cols = Math.max(sheet.rows[r]?.length ?? 0, next.rows[r]?.length ?? 0)
        for (let c = 0; c < cols; c++) {
          let col = ''
          for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) col = String.fromCharCode(65 + ((n - 1) % 26)) + col
          const key = `${sheet.name}!${col}${r + 1}`
          const want = expected.get(key) ?? sheet.rows[r]?.[c] ?? ''
          if (expected.has(key)) changed++
          if ((next.rows[r]?.[c] ?? '') !== want) throw new Error(`${key}: expected ${JSON.stringify(want)}, got ${JSON.stringify(next.rows[r]?.[c])}`)
        }
      }
    }
    expect(changed).toBe(expected.size)

    // Every part but the answered sheets is byte for byte the original.
    const [a, b] = await Promise.all([parts(original), parts(filled)])
    expect([...b.keys()]).toEqual([...a.keys()])
    const touched = [...a.keys()].filter((k) => !a.get(k)!.equals(b.get(k)!))
    expect(touched.every((k) => /^xl\/worksheets\/[^/]+\.xml$/.test(k))).toBe(true)
    expect(touched.length).toBeLessThanOrEqual(writes.size)
  })
})

// A legacy .xls comes back as an .xlsx: the same sheets and every cell's value, answers only in the
// recorded answer cells.
describe.each(['xls/csa-caiq-v3.0.1-09-01-2017.xls', 'xls/cisa-vendor-scrm.xls'])('answers written into %s', (file) => {
  it('give an .xlsx whose only changed cells are the answer cells', async () => {
    const original = await readFile(path.join(DATA, file))
    const before = await readWorkbook(original)
    const questions = findQuestions(before)
    expect(questions.length).toBeGreaterThan(10)
    const writes: CellWrites = new Map()
    const expected = new Map<string, string>()
    questions.forEach((q, i) => {
      const cells = writes.get(q.sheet) ?? new Map<string, string>()
      writes.set(q.sheet, cells)
      const cell = q.answerCells[0]!
      cells.set(cell.address, `Answer ${i + 1}`)
      expected.set(`${q.sheet}!${cell.address}`, `Answer ${i + 1}`)
    })
    const after = await readWorkbook(await writeCells(await xlsToXlsx(original), writes))
    expect(after.format).toBe('xlsx')
    expect(after.sheets.map((s) => [s.name, s.hidden])).toEqual(before.sheets.map((s) => [s.name, s.hidden]))
    let changed = 0
    for (const [i, sheet] of before.sheets.entries()) {
      const next = after.sheets[i]!
      const rows = Math.max(sheet.rows.length, next.rows.length)
      for (let r = 0; r < rows; r++) {
        const cols = Math.max(sheet.rows[r]?.length ?? 0, next.rows[r]?.length ?? 0)
        for (let c = 0; c < cols; c++) {
          const key = `${sheet.name}!${columnLetters(c + 1)}${r + 1}`
          const want = expected.get(key) ?? sheet.rows[r]?.[c] ?? ''
          if (expected.has(key)) changed++
          if ((next.rows[r]?.[c] ?? '') !== want) throw new Error(`${key}: expected ${JSON.stringify(want)}, got ${JSON.stringify(next.rows[r]?.[c])}`)
        }
      }
    }
    expect(changed).toBe(expected.size)
  })
})
