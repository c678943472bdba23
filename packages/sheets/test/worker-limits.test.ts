// Every spreadsheet read and write runs in a worker thread with a heap limit, a timeout and a
// bound on threads at once; hitting a limit is a 422 with words for people, and the main thread's
// timers keep running while a workbook is parsed.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { hostile, questionnaire } from '../../../tests/support/hostile-workbooks.js'
import { buildQuestionsWorkbook, readWorkbook, type SheetLimits, sheetLimits, writeCells, xlsToXlsx } from '../src/index.js'

const MiB = 1024 * 1024
const DATA = path.resolve(process.cwd(), 'tests/fixtures/questionnaires')
const worker = (w: Partial<SheetLimits['worker']>): SheetLimits => ({ ...sheetLimits, worker: { ...sheetLimits.worker, ...w } })

describe('spreadsheet worker limits', () => {
  it('stops a parse past the heap limit with 422 "too large to read", the process growing < 300 MB and its timers running', async () => {
    const file = hostile.manyTinyStrings()
    const before = process.memoryUsage().rss
    let peak = before
    let last = performance.now()
    let stall = 0
    const ticker = setInterval(() => {
      const now = performance.now()
      stall = Math.max(stall, now - last)
      last = now
      peak = Math.max(peak, process.memoryUsage().rss)
    }, 10)
    try {
      await expect(readWorkbook(file)).rejects.toMatchObject({ statusCode: 422, message: 'The workbook is too large to read' })
    } finally {
      clearInterval(ticker)
    }
    expect((peak - before) / MiB).toBeLessThan(300)
    expect(stall).toBeLessThan(200)
  })

  it('terminates a read that takes longer than its time limit', async () => {
    const hecvat = await readFile(path.join(DATA, 'HECVAT414_blank_sagearbor.xlsx'))
    const t0 = performance.now()
    await expect(readWorkbook(hecvat, worker({ timeoutMs: { read: 50, write: 50 } }))).rejects.toMatchObject({
      statusCode: 422,
      message: 'Reading the workbook took too long',
    })
    expect(performance.now() - t0).toBeLessThan(1_000)
    // The same file within the normal limits: the refusal was the clock, not the file.
    expect((await readWorkbook(hecvat)).sheets.length).toBeGreaterThan(10)
  })

  it('runs the writes there too, with their own words', async () => {
    const tight = worker({ timeoutMs: { read: 1, write: 1 } })
    await expect(buildQuestionsWorkbook([{ questionId: '1', question: 'Q?', answer: 'A', status: 'Approved' }], undefined, tight)).rejects.toMatchObject({
      statusCode: 422,
      message: 'Writing the workbook took too long',
    })
    await expect(writeCells(questionnaire(), new Map([['Questions', new Map([['C2', 'Yes']])]]), tight)).rejects.toMatchObject({
      statusCode: 422,
      message: 'Writing the workbook took too long',
    })
    const xls = await readFile(path.join(DATA, 'xls/cisa-vendor-scrm.xls'))
    await expect(xlsToXlsx(xls, tight)).rejects.toMatchObject({ statusCode: 422, message: 'Reading the workbook took too long' })
    await expect(writeCells(questionnaire(), new Map([['Nope', new Map([['C2', 'Yes']])]]))).rejects.toMatchObject({
      statusCode: 400,
      message: 'The workbook has no sheet "Nope"',
    })
  })

  it('refuses a grid larger than the cell budget rather than sending it to the main thread', async () => {
    const limits = { ...sheetLimits, grid: { ...sheetLimits.grid, maxCells: 10 } }
    await expect(readWorkbook(questionnaire(), limits)).rejects.toMatchObject({ statusCode: 422, message: 'The workbook is too large to read' })
  })

  it('queues tasks behind `concurrency` threads and turns them away past the queue bound (503)', async () => {
    const limits = worker({ concurrency: 1, maxQueued: 1 })
    const file = questionnaire()
    const outcomes = await Promise.allSettled([readWorkbook(file, limits), readWorkbook(file, limits), readWorkbook(file, limits)])
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected'])
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ statusCode: 503, retryAfter: 30 })
  })
})
