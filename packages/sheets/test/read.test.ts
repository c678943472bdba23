// Reading untrusted workbooks: the archive checks that run before any parser sees them.
import { describe, expect, it } from '@jest/globals'
import yazl from 'yazl'
import { questionnaire } from '../../../tests/support/hostile-workbooks.js'
import { readWorkbook } from '../src/index.js'

function zip(entries: [string, string | Buffer, { mode?: number }?][]): Promise<Buffer> {
  const z = new yazl.ZipFile()
  for (const [name, body, opts] of entries) z.addBuffer(Buffer.isBuffer(body) ? body : Buffer.from(body), name, opts?.mode ? { mode: opts.mode } : {})
  z.end()
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    z.outputStream
      .on('data', (c: Buffer) => chunks.push(c))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject)
  })
}
const workbookXml = '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>'

describe('hostile workbooks are refused before parsing', () => {
  it.each([
    [
      'an XML part with a DTD (external entity)',
      [
        ['xl/workbook.xml', workbookXml],
        ['xl/sharedStrings.xml', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><sst>&e;</sst>'],
      ],
      422,
    ],
    [
      "a Word document's macro project",
      [
        ['word/document.xml', '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>'],
        ['word/vbaProject.bin', 'x'],
      ],
      415,
    ],
    [
      'a path that climbs out',
      [
        ['xl/workbook.xml', workbookXml],
        ['UP/UP/evil.xml', '<x/>'],
      ],
      422,
    ],
    [
      'a symbolic link',
      [
        ['xl/workbook.xml', workbookXml],
        ['xl/link.xml', '/etc/passwd', { mode: 0o120777 }],
      ],
      422,
    ],
    [
      'a bomb that inflates past the limits',
      [
        ['xl/workbook.xml', workbookXml],
        ['xl/worksheets/sheet1.xml', Buffer.alloc(120 * 1024 * 1024, 0x20)],
      ],
      422,
    ],
    ['a zip that is no workbook', [['hello.txt', 'hi']], 415],
  ] as [string, [string, string | Buffer, { mode?: number }?][], number][])('%s', async (_name, entries, status) => {
    // yazl will not write a climbing path: a same-length placeholder is patched in the bytes.
    const bytes = Buffer.from((await zip(entries)).toString('latin1').replaceAll('UP/UP/', '../../'), 'latin1')
    await expect(readWorkbook(bytes)).rejects.toMatchObject({ statusCode: status })
  })

  it("reads a macro-enabled workbook's cells (an .xlsm: its VBA project is an opaque part, never run)", async () => {
    const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
    const sheet = `<worksheet xmlns="${ns}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Do you?</t></is></c></row></sheetData></worksheet>`
    const grid = await readWorkbook(questionnaire({ 'xl/worksheets/sheet1.xml': sheet, 'xl/vbaProject.bin': 'x' }))
    expect(grid.sheets[0]!.rows).toEqual([['Do you?']])
  })

  it('refuses files that are no spreadsheet at all, whatever their name', async () => {
    await expect(readWorkbook(Buffer.from('%PDF-1.7 not a workbook'))).rejects.toMatchObject({ statusCode: 415 })
    await expect(readWorkbook(Buffer.from('PK\u0003\u0004 truncated'))).rejects.toMatchObject({ statusCode: 415 })
  })
})

describe('grids are addressed from A1', () => {
  it("puts a cell at rows[r][c] for row r+1 and column c+1 even when the sheet's range starts later", async () => {
    // CyFun's dropdowns name Sheet1!$B$2:$B$6 on a sheet whose range starts at B2: read from the
    // range's corner, their choices came from the wrong cells.
    const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
    const cell = (r: string, t: string) => `<c r="${r}" t="inlineStr"><is><t>${t}</t></is></c>`
    const sheet = `<worksheet xmlns="${ns}"><dimension ref="B3:C4"/><sheetData><row r="3">${cell('B3', 'ID')}${cell('C3', 'Question')}</row><row r="4">${cell('B4', 'X-01')}${cell('C4', 'Do you?')}</row></sheetData></worksheet>`
    const grid = await readWorkbook(questionnaire({ 'xl/worksheets/sheet1.xml': sheet }))
    const rows = grid.sheets[0]!.rows
    expect(rows).toHaveLength(4)
    expect(rows.slice(2)).toEqual([
      ['', 'ID', 'Question'],
      ['', 'X-01', 'Do you?'],
    ])
  })
})
