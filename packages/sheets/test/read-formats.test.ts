// Questionnaires that are not plain .xlsx grids (issue 11): dropdowns defined through names and
// lists on other sheets, CSV files (encodings, delimiters, quoting, refusals, limits) and Word
// documents (tables, list numbering, the archive checks), all read in the worker thread.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { deflateRepeated, questionnaire, questionnaireParts, zip } from '../../../tests/support/hostile-workbooks.js'
import { gridLimits, inspectCsv, inspectQuestionnaireArchive, looksLikeCsv, readWorkbook, sheetLimits } from '../src/index.js'

const BUILT = path.resolve(process.cwd(), 'tests/fixtures/questionnaires/built')
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`
const sheetXml = (rows: string[][], extra = '') =>
  `<worksheet xmlns="${NS}" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main" xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main"><sheetData>${rows
    .map((cells, r) => `<row r="${r + 1}">${cells.map((v, c) => (v ? inline(`${'ABCDE'[c]}${r + 1}`, v) : '')).join('')}</row>`)
    .join('')}</sheetData>${extra}</worksheet>`

describe('dropdowns through defined names and lists on other sheets', () => {
  it('resolves names (the sheet-scoped one first), names of names, OFFSET ranges, whole columns and quoted sheet names', async () => {
    const list = (sqref: string, formula: string) =>
      `<dataValidation type="list" allowBlank="1" sqref="${sqref}"><formula1>${formula}</formula1></dataValidation>`
    const lists = "'Vendor''s lists'"
    const parts = {
      ...questionnaireParts(),
      'xl/workbook.xml': `<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Questions" sheetId="1" r:id="rId1"/><sheet name="Vendor's lists" sheetId="2" state="hidden" r:id="rId3"/></sheets><definedNames>
        <definedName name="YesNo">${lists}!$A$1:$A$2</definedName>
        <definedName name="YesNo" localSheetId="0">${lists}!$B$1:$B$3</definedName>
        <definedName name="Answers">YesNo</definedName>
        <definedName name="Loop">Loop</definedName>
        <definedName name="Dynamic">OFFSET(${lists}!$C$1,0,0,COUNTA(${lists}!$C:$C),1)</definedName>
        <definedName name="Whole">${lists}!$A:$A</definedName></definedNames></workbook>`,
      'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId3" Type="${REL}/worksheet" Target="worksheets/sheet2.xml"/></Relationships>`,
      'xl/worksheets/sheet1.xml': sheetXml(
        [['ID', 'Question', 'Answer', 'Hosting'], ...['1', '2', '3', '4', '5', '6', '7'].map((n) => [`Q-0${n}`, `Do you do thing ${n}?`, '', ''])],
        `<dataValidations count="7">${list('C2', 'YesNo')}${list('C3', 'Answers')}${list('C4', 'Loop')}${list('C5', 'Dynamic')}${list('C6', 'Whole')}${list('C7', 'INDIRECT(&quot;YesNo&quot;)')}${list('C8', '&quot;Yes,No&quot;')}</dataValidations>` +
          `<extLst><ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}"><x14:dataValidations count="1"><x14:dataValidation type="list" allowBlank="1"><x14:formula1><xm:f>${lists}!$C$1:$C$2</xm:f></x14:formula1><xm:sqref>D2:D8</xm:sqref></x14:dataValidation></x14:dataValidations></ext></extLst>`,
      ),
      'xl/worksheets/sheet2.xml': sheetXml([
        ['Yes', 'Yes', 'On premises'],
        ['No', 'No', 'Cloud'],
        ['', 'N/A', 'Hybrid'],
        ['Maybe', '', ''],
      ]),
    }
    const grid = await readWorkbook(zip(Object.entries(parts).map(([name, body]) => ({ name, body }))))
    const questions = grid.sheets.find((s) => s.name === 'Questions')!
    expect(grid.sheets.find((s) => s.name === "Vendor's lists")?.hidden).toBe(true)
    const choicesAt = (col: number, row: number) => questions.validations.find((v) => v.col === col && row >= v.fromRow && row <= v.toRow)?.choices
    expect(choicesAt(2, 1)).toEqual(['Yes', 'No', 'N/A']) // the Questions sheet's own YesNo
    expect(choicesAt(2, 2)).toEqual(['Yes', 'No', 'N/A']) // Answers → YesNo, on this sheet
    expect(choicesAt(2, 3)).toBeUndefined() // a name standing for itself ends
    expect(choicesAt(2, 4)).toEqual(['On premises', 'Cloud', 'Hybrid'])
    expect(choicesAt(2, 5)).toEqual(['Yes', 'No', 'Maybe'])
    expect(choicesAt(2, 6)).toBeUndefined() // INDIRECT is not evaluated
    expect(choicesAt(2, 7)).toEqual(['Yes', 'No'])
    expect(choicesAt(3, 7)).toEqual(['On premises', 'Cloud'])
  })

  it('reads at most a million list cells per workbook: many dropdowns over wide ranges cost a bounded time', async () => {
    // 2,000 dropdowns, each over its own 21 × 1,000-cell range of a list sheet with one value at its foot.
    const dropdowns = Array.from(
      { length: 2_000 },
      (_, i) => `<dataValidation type="list" sqref="C${i + 2}"><formula1>Lists!$A$1:$U$${1_000 + i}</formula1></dataValidation>`,
    )
    const parts = {
      ...questionnaireParts(),
      'xl/workbook.xml': `<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Questions" sheetId="1" r:id="rId1"/><sheet name="Lists" sheetId="2" r:id="rId3"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId3" Type="${REL}/worksheet" Target="worksheets/sheet2.xml"/></Relationships>`,
      'xl/worksheets/sheet1.xml': sheetXml(
        [
          ['ID', 'Question', 'Answer'],
          ['Q-01', 'Do you?', ''],
        ],
        `<dataValidations count="2000">${dropdowns.join('')}</dataValidations>`,
      ),
      'xl/worksheets/sheet2.xml': sheetXml([...Array.from({ length: 999 }, () => ['']), ['Yes']]),
    }
    const t0 = performance.now()
    const grid = await readWorkbook(zip(Object.entries(parts).map(([name, body]) => ({ name, body }))))
    const validations = grid.sheets.find((s) => s.name === 'Questions')!.validations
    expect(validations[0]).toEqual({ col: 2, fromRow: 1, toRow: 1, choices: ['Yes'] })
    // 21,000 cells a list: about 47 lists fit the budget; the rest give no choices.
    expect(validations.length).toBeGreaterThan(40)
    expect(validations.length).toBeLessThan(50)
    expect(performance.now() - t0).toBeLessThan(10_000)
  })
})

describe('CSV questionnaires', () => {
  const read = (text: string | Buffer) => readWorkbook(Buffer.isBuffer(text) ? text : Buffer.from(text))

  it('reads UTF-8 with a BOM and commas, CRLF, quoted delimiters, quotes and line breaks', async () => {
    const grid = await read(
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from('ID,Question,Answer\r\nA-1,"Do you, really?",\r\nA-2,"Is it ""quoted""\nover two lines?",Yes\r\n'),
      ]),
    )
    expect(grid.format).toBe('csv')
    expect(grid.sheets).toEqual([
      {
        name: 'Sheet1',
        hidden: false,
        validations: [],
        rows: [
          ['ID', 'Question', 'Answer'],
          ['A-1', 'Do you, really?', ''],
          ['A-2', 'Is it "quoted"\nover two lines?', 'Yes'],
        ],
      },
    ])
  })

  it('reads what Excel saves as "Unicode text" (UTF-16 LE, tabs) and Windows-1252 with semicolons', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Nr\tFrage\tAntwort\n1\tVerschlüsseln Sie Daten?\t\n2\tGibt es MFA?\t\n', 'utf16le')])
    expect((await read(utf16)).sheets[0]!.rows[1]).toEqual(['1', 'Verschlüsseln Sie Daten?', ''])
    const latin = Buffer.from('Nr;Question;Réponse\n1;Chiffrez-vous les données?;\n2;Utilisez-vous le MFA?;\n', 'latin1')
    expect((await read(latin)).sheets[0]!.rows[0]).toEqual(['Nr', 'Question', 'Réponse'])
  })

  it('refuses binary files and text that is no table (415), and files past the grid limits (422)', async () => {
    expect(looksLikeCsv(Buffer.from('a,b\n1,2'))).toBe(true)
    expect(looksLikeCsv(Buffer.from([0x61, 0x2c, 0x00, 0x62]))).toBe(false)
    await expect(read(Buffer.from([0x49, 0x44, 0x2c, 0x51, 0x00, 0x01, 0x0a]))).rejects.toMatchObject({ statusCode: 415 })
    await expect(
      read('Dear vendor,\nplease find our questions attached.\nWe look forward to your answers, comments, and documents.\nRegards'),
    ).rejects.toMatchObject({
      statusCode: 415,
      message: 'The CSV file has no consistent columns (separated by commas, semicolons, tabs or |)',
    })
    const big = ['id,question', ...Array.from({ length: 200 }, (_, i) => `${i},Question number ${i}?`)].join('\n')
    const small = { ...sheetLimits, grid: { ...gridLimits, maxCells: 100 } }
    await expect(readWorkbook(Buffer.from(big), small)).rejects.toMatchObject({ statusCode: 422, message: 'The CSV file is too large to read' })
  })

  it('bounds hostile CSV files of upload size (≈ 20 MB): refused past the cell budget, cells cut to the cell limit', async () => {
    const MiB = 1024 * 1024
    const line = (cells: number, width: number) => Array.from({ length: cells }, (_, i) => String(i).padStart(width, 'x')).join(',')
    // 10 M one-letter cells, and 4 M cells of a full grid: past the cell budget.
    await expect(read('a,'.repeat(50).concat('\n').repeat(100_000))).rejects.toMatchObject({ statusCode: 422, message: 'The CSV file is too large to read' })
    await expect(read(`${line(200, 4)}\n`.repeat(20_000))).rejects.toMatchObject({ statusCode: 422 })
    // One 19 MB field: no table.
    await expect(read(`a,b\n"${'x'.repeat(19 * MiB)}",1\n`)).rejects.toMatchObject({ statusCode: 415 })
    // An unclosed quote swallowing 18 MB: one cell, cut to the cell limit.
    const open = await read(`a,b\n1,"${'y,\n'.repeat(6 * MiB)}`)
    expect(open.sheets[0]!.rows.map((r) => r.map((c) => c.length))).toEqual([
      [1, 1],
      [1, gridLimits.maxCell],
    ])
  })

  it('checks an uploaded CSV whole, from its file, in the worker thread', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'csv-'))
    try {
      await writeFile(path.join(dir, 'ok.csv'), await readFile(path.join(BUILT, 'vendor-questions.csv')))
      await expect(inspectCsv({ path: path.join(dir, 'ok.csv') })).resolves.toBeUndefined()
      // A table at the top, a letter below: the delimiter is not found consistently.
      await writeFile(path.join(dir, 'bad.csv'), ['a,b', '1,2', 'Some prose follows', 'and more prose', 'and more', 'x'].join('\n'))
      await expect(inspectCsv({ path: path.join(dir, 'bad.csv') })).rejects.toMatchObject({ statusCode: 415 })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('Word questionnaires', () => {
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main'
  const docx = (body: string, extra: Record<string, string> = {}) =>
    zip(
      Object.entries({
        '[Content_Types].xml':
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
        'word/document.xml': `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`,
        ...extra,
      }).map(([name, b]) => ({ name, body: b })),
    )
  const p = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`

  it('reads tables (merged cells, nested tables) and numbered paragraphs as grids', async () => {
    const grid = await readWorkbook(await readFile(path.join(BUILT, 'vendor-questionnaire.docx')))
    expect(grid.format).toBe('docx')
    expect(grid.sheets.map((s) => s.name)).toEqual(['Document', 'Table 1', 'Table 2', 'Table 3'])
    expect(grid.sheets[2]!.rows.at(-1)).toEqual(['Reviewer use only', '', '', ''])
    expect(grid.sheets[0]!.rows.slice(0, 3)).toEqual([
      ['', 'Vendor Security Questionnaire'],
      ['', 'Please answer every question below. Where a question does not apply, write N/A and explain why.'],
      ['', '1. General'],
    ])
    const nested = await readWorkbook(
      docx(
        `<w:tbl><w:tr><w:tc>${p('Q1')}</w:tc><w:tc>${p('Do you &amp; your vendors encrypt data?')}<w:tbl><w:tr><w:tc>${p('inner')}</w:tc><w:tc>${p('cell')}</w:tc></w:tr></w:tbl></w:tc></w:tr></w:tbl>` +
          `<w:p><w:r><w:t>Kept</w:t></w:r><w:r><w:delText>deleted</w:delText></w:r><w:r><w:tab/><w:t>&#x2019;s text</w:t></w:r></w:p>`,
      ),
    )
    expect(nested.sheets).toEqual([
      { name: 'Document', hidden: false, validations: [], rows: [['', 'Kept\t’s text']] },
      { name: 'Table 1', hidden: false, validations: [], rows: [['Q1', 'Do you & your vendors encrypt data?\ninner\tcell']] },
    ])
  })

  it('goes through the same archive checks as a workbook', async () => {
    await expect(readWorkbook(docx(p('x'), { 'word/vbaProject.bin': 'macro' }))).rejects.toMatchObject({ statusCode: 415 })
    const doctype = docx('', { 'word/styles.xml': '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><w:styles/>' })
    await expect(readWorkbook(doctype)).rejects.toMatchObject({ statusCode: 422, message: 'The workbook contains XML declarations that are not allowed' })
    // word/document.xml declares 1 KiB and inflates to 200 MiB: stopped at the first byte past its size.
    const body = deflateRepeated([{ block: Buffer.from(`<w:document xmlns:w="${W}"><w:body>`) }, { block: Buffer.alloc(1024 * 1024, 0x20), times: 200 }], {
      crc: false,
    })
    const bomb = zip([
      { name: '[Content_Types].xml', body: '<Types/>' },
      { name: 'word/document.xml', body, central: { size: 1024 }, local: { size: 1024 } },
    ])
    await expect(readWorkbook(bomb)).rejects.toMatchObject({ statusCode: 422, message: 'The workbook is damaged or unsafe' })
  })

  it('refuses a document past the cell budget, or with tables nested thousands deep (422)', async () => {
    const many = docx(p('Is it?').repeat(50))
    const small = { ...sheetLimits, grid: { ...gridLimits, maxCells: 20 } }
    await expect(readWorkbook(many, small)).rejects.toMatchObject({ statusCode: 422, message: 'The document is too large to read' })
    const nested = (depth: number) => docx(`${'<w:tbl><w:tr><w:tc>'.repeat(depth)}${p('deep')}${'</w:tc></w:tr></w:tbl>'.repeat(depth)}`)
    expect((await readWorkbook(nested(5))).sheets[1]!.rows).toEqual([['deep']])
    await expect(readWorkbook(nested(5_000))).rejects.toMatchObject({ statusCode: 422, message: 'The document is too large to read' })
  })

  it('tells a workbook from a Word document at upload, and refuses other archives (415)', async () => {
    expect(await inspectQuestionnaireArchive(await readFile(path.join(BUILT, 'vendor-questionnaire.docx')))).toBe('docx')
    expect(await inspectQuestionnaireArchive(questionnaire())).toBe('xlsx')
    const slides = zip([
      { name: '[Content_Types].xml', body: '<Types/>' },
      { name: 'ppt/presentation.xml', body: '<p:presentation/>' },
    ])
    await expect(inspectQuestionnaireArchive(slides)).rejects.toMatchObject({ statusCode: 415 })
  })
})
