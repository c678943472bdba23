// Text extraction from real policy PDFs, and refusals for broken or hostile ones.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { extractPdfText, isPdf, pdfLimits } from '../src/pdf/extract-text.js'

const POLICIES = path.resolve(process.cwd(), '../shared/data/policies')
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
