// Text extraction from real policy PDFs, and refusals for broken or hostile ones.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { pdfFromContentStreams, pdfString } from '@portal/pdf-writer'
import { isPdf } from '@portal/storage'
import { extractPdfFile, extractPdfText, pdfLimits } from '../src/pdf/extract-text.js'

const POLICIES = path.resolve(process.cwd(), 'tests/fixtures/policies')
const soc2 = () => readFile(path.join(POLICIES, 'open_access_policies/minimal-soc2_compiled.pdf'))

describe('PDF text per page', () => {
  it('reads all 167 pages of the SOC 2 policy set, in order, with their text', async () => {
    const pages = await extractPdfText(await soc2())
    expect(pages).toHaveLength(167)
    expect(pages.map((p) => p.page)).toEqual(Array.from({ length: 167 }, (_, i) => i + 1))
    expect(pages[0]!.text).toContain('SOC 2 Compliance Policies & Procedures')
    expect(pages.filter((p) => p.text.length > 200).length).toBeGreaterThan(150)
    expect(pages.some((p) => /encrypt/i.test(p.text))).toBe(true)
  })

  it('reads a PDF on disk by byte ranges to the same pages as from memory', async () => {
    const file = path.join(POLICIES, 'open_access_policies/minimal-soc2_compiled.pdf')
    expect(await extractPdfFile(file)).toEqual(await extractPdfText(await soc2()))
    await expect(extractPdfFile(path.join(POLICIES, '../SOURCES.md'))).rejects.toMatchObject({ statusCode: 415 })
  })

  it('reads the CID-font security overview', async () => {
    const pages = await extractPdfText(await readFile(path.join(POLICIES, 'basecamp_37signals/security_37signals_Security_Overview_2022-09.pdf')))
    expect(pages).toHaveLength(5)
    expect(pages[0]!.text).toMatch(/Keeping customer data safe and secure/)
  })

  it('refuses what is not a PDF by its content, and a broken PDF with a clear message', async () => {
    expect(isPdf(Buffer.from('PK\u0003\u0004'))).toBe(false)
    await expect(extractPdfText(Buffer.from('<html>not a pdf</html>'))).rejects.toMatchObject({ statusCode: 415 })
    await expect(extractPdfText(Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\ntrailer garbage'))).rejects.toMatchObject({
      statusCode: 422,
      message: 'The PDF could not be read: check that it is a valid PDF file',
    })
  })

  it('stops at its page and time limits', async () => {
    const pdf = await soc2()
    await expect(extractPdfText(pdf, { ...pdfLimits, maxPages: 100 })).rejects.toMatchObject({ statusCode: 422, message: 'The PDF has more than 100 pages' })
    await expect(extractPdfText(pdf, { ...pdfLimits, timeoutMs: 50 })).rejects.toMatchObject({ statusCode: 422, message: 'The PDF took too long to read' })
  })
})

describe('text a reader cannot see (security.md B22)', () => {
  const line = (y: number, text: string, before = '', after = '') => `${before} BT /F1 11 Tf 50 ${y} Td ${pdfString(text)} Tj ET ${after}`
  const textOf = async (ops: string[]) => (await extractPdfText(pdfFromContentStreams([ops.join('\n')])))[0]!.text

  it('drops white, invisible, tiny and off-page text', async () => {
    const text = await textOf([
      line(760, 'Data is encrypted at rest.'),
      line(740, 'HIDDEN-WHITE', '1 1 1 rg', '0 0 0 rg'),
      line(720, 'HIDDEN-NEARWHITE', '0.97 g', '0 g'),
      `BT 3 Tr /F1 11 Tf 50 700 Td ${pdfString('HIDDEN-MODE3')} Tj 0 Tr ET`,
      `BT /F1 0.4 Tf 50 680 Td ${pdfString('HIDDEN-TINY')} Tj ET`,
      line(3000, 'HIDDEN-ABOVE'),
      line(-200, 'HIDDEN-BELOW'),
      `BT /F1 11 Tf -900 600 Td ${pdfString('HIDDEN-LEFT')} Tj ET`,
      `q 1 0 0 1 0 0 cm BT /F1 11 Tf 50 660 Td ${pdfString('Backups run daily.')} Tj ET Q`,
    ])
    expect(text).toContain('Data is encrypted at rest.')
    expect(text).toContain('Backups run daily.')
    expect(text).not.toContain('HIDDEN')
  })

  it('keeps white text drawn on a dark box, and colour set inside a saved state ends with it', async () => {
    const text = await textOf([
      '0 0 0.5 rg 40 590 300 30 re f',
      line(600, 'Access Control Policy', '1 1 1 rg', '0 0 0 rg'),
      `q 1 1 1 rg BT /F1 11 Tf 50 560 Td ${pdfString('HIDDEN-IN-Q')} Tj ET Q`,
      line(540, 'Visible after the saved state.'),
    ])
    expect(text).toContain('Access Control Policy')
    expect(text).toContain('Visible after the saved state.')
    expect(text).not.toContain('HIDDEN')
  })

  it('keeps the invisible text layer that OCR draws over a scanned page image', async () => {
    const text = await textOf([
      'q 500 0 0 300 40 450 cm BI /W 1 /H 1 /CS /G /BPC 8 ID A EI Q', // the "scan"
      `BT 3 Tr /F1 11 Tf 50 600 Td ${pdfString('Scanned: visitors sign in at reception.')} Tj ET`,
      `BT 3 Tr /F1 11 Tf 50 200 Td ${pdfString('HIDDEN-BESIDE-THE-SCAN')} Tj ET`,
    ])
    expect(text).toContain('Scanned: visitors sign in at reception.')
    expect(text).not.toContain('HIDDEN')
  })

  it('drops text on a layer that is off, and keeps the layers that are on', async () => {
    const pdf = pdfFromContentStreams(
      [
        [
          `/OC /L0 BDC ${line(700, 'Shown layer: incidents are reported within 24 hours.')} EMC`,
          `/OC /L1 BDC ${line(680, 'HIDDEN-LAYER')} /OC /L0 BDC ${line(660, 'HIDDEN-NESTED')} EMC EMC`,
          line(640, 'Outside any layer.'),
        ].join('\n'),
      ],
      {
        layers: [
          { name: 'Main', visible: true },
          { name: 'Notes', visible: false },
        ],
      },
    )
    const text = (await extractPdfText(pdf))[0]!.text
    expect(text).toContain('Shown layer: incidents are reported within 24 hours.')
    expect(text).toContain('Outside any layer.')
    expect(text).not.toContain('HIDDEN')
  })

  it('takes out only the hidden words of a line', async () => {
    const text = await textOf([
      `BT /F1 11 Tf 50 700 Td ${pdfString('Keys rotate yearly. ')} Tj 1 1 1 rg ${pdfString('HIDDEN-TAIL')} Tj 0 0 0 rg ${pdfString(' Logs kept a year.')} Tj ET`,
    ])
    expect(text).toMatch(/^Keys rotate yearly\.\s+Logs kept a year\.$/)
  })
})
