// The upload-time PDF check runs in pooled threads: checks one after another reuse a thread (pdf.js
// is loaded once), a check over its time limit is refused and the next one is answered all the same,
// and the refusals keep their words.
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { threadPoolStats } from '@portal/runtime/thread-pool'
import { checkPdfFile, PDF_CHECK_WORKER, pdfCheckLimits, pdfCheckMessages } from '../src/pdf/check-pdf.js'

const POLICIES = path.resolve(process.cwd(), 'tests/fixtures/policies')
const soc2 = path.join(POLICIES, 'open_access_policies/minimal-soc2_compiled.pdf')

describe('PDF check at upload', () => {
  it('checks ten PDFs one after another on one thread', async () => {
    const before = threadPoolStats(PDF_CHECK_WORKER)
    for (let i = 0; i < 10; i++) expect(await checkPdfFile(soc2)).toEqual({ numPages: 167 })
    const after = threadPoolStats(PDF_CHECK_WORKER)
    expect(after.tasks - before.tasks).toBe(10)
    expect(after.started - before.started).toBeLessThanOrEqual(1)
  })

  it('refuses a check over its time limit, then answers the next one', async () => {
    const before = threadPoolStats(PDF_CHECK_WORKER)
    await expect(checkPdfFile(soc2, { ...pdfCheckLimits, timeoutMs: 1 })).rejects.toMatchObject({ statusCode: 422, message: pdfCheckMessages.unreadable })
    expect(await checkPdfFile(soc2)).toEqual({ numPages: 167 })
    // The timed-out thread was ended and another started in its place.
    expect(threadPoolStats(PDF_CHECK_WORKER).started - before.started).toBeGreaterThanOrEqual(1)
  })

  it('refuses a damaged file with its words, and the pool keeps working', async () => {
    const bad = path.join(tmpdir(), `bad-${process.pid}.pdf`)
    await writeFile(bad, '%PDF-1.7\n1 0 obj << /Type /Catalog >>\ntrailer garbage')
    await expect(checkPdfFile(bad)).rejects.toMatchObject({ statusCode: 422, message: pdfCheckMessages.unreadable })
    expect(await checkPdfFile(soc2)).toEqual({ numPages: 167 })
  })
})
