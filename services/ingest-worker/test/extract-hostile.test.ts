// The extract-questions job reads workbooks in the spreadsheet worker thread (read and search
// there, only the questions come back). A workbook that cannot be read safely ends as a failed
// file with the reason shown, after one attempt (security.md B12: no retry, no question rows).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createMemoryBus } from '@portal/bus'
import { JOBS } from '@portal/contracts'
import { type Database, migrateSchema, testDatabaseKinds, withTenant, withTenantOf } from '@portal/db'
import { silentLogger } from '@portal/observability'
import { findFile, insertCompany, insertFile, listQuestions, migrations, questionnaireDb, SCHEMA } from '@portal/questionnaire-store'
import { createMemoryQueue, type JobQueue } from '@portal/queue'
import { type BlobStore, createFsStore } from '@portal/storage'
import { hostile, questionnaire } from '../../../tests/support/hostile-workbooks.js'
import { extractQuestions } from '../src/jobs/extract-questions.js'
import { runFileJob } from '../src/jobs/file-job.js'

describe.each(testDatabaseKinds())('extract-questions on hostile workbooks (%s)', (_kind, open) => {
  let database: Database
  let dir: string
  let blobs: BlobStore
  let queue: JobQueue
  const runs = new Map<string, number>()

  beforeAll(async () => {
    database = await open()
    await migrateSchema(database, SCHEMA, migrations)
    dir = await mkdtemp(path.join(tmpdir(), 'extract-'))
    blobs = await createFsStore(dir)
    queue = createMemoryQueue()
    const bus = createMemoryBus()
    // As the ingest-worker module wires it, with the queue's default three attempts and backoff.
    queue.process(
      JOBS.extractQuestions,
      (job) => {
        const { fileId } = job.data as { fileId: string }
        runs.set(fileId, (runs.get(fileId) ?? 0) + 1)
        return withTenantOf(job.data, () =>
          runFileJob(job, { database, bus, log: silentLogger }, (data, file) => extractQuestions({ db: database, blobs, bus, queue }, data, file)),
        )
      },
      { concurrency: 2 },
    )
  })
  afterAll(async () => {
    await queue.close()
    await database.close()
    await rm(dir, { recursive: true, force: true })
  })

  /** Stores `bytes` as a questionnaire of a new tenant and runs its extraction to the end. */
  async function extract(bytes: Buffer, format: 'xlsx' | 'xls' = 'xlsx') {
    const db = questionnaireDb(database)
    const tenantId = crypto.randomUUID()
    const storageKey = `${tenantId}/questionnaires/${crypto.randomUUID()}`
    await blobs.put(storageKey, bytes)
    const file = await withTenant(tenantId, async () => {
      const company = await insertCompany(db, tenantId, { companyName: 'Hostile Client', complianceBucket: 'c', questionnairesBucket: 'q' })
      return insertFile(db, tenantId, { companyId: company.id, kind: 'questionnaire', fileName: `q.${format}`, storageKey, format })
    })
    await queue.add(JOBS.extractQuestions, { tenantId, fileId: file.id }, { jobId: `questionnaire-${file.id}` })
    await queue.drain(JOBS.extractQuestions, 25_000)
    return withTenant(tenantId, async () => {
      const after = await findFile(db, tenantId, file.id)
      return { state: after?.state, error: after?.error, runs: runs.get(file.id), questions: (await listQuestions(db, tenantId, file.id)).length }
    })
  }

  it('extracts the harmless questionnaire in the worker thread', async () => {
    expect(await extract(questionnaire())).toEqual({ state: 'ready', error: null, runs: 1, questions: 3 })
  })

  it.each([
    ['a zip bomb whose headers declare 1 KiB (4 GiB inside)', () => hostile.lyingBomb(), 'The workbook is damaged or unsafe'],
    ['a DOCTYPE spelled in UTF-16', () => hostile.doctypeIn('utf16le', { bom: true }), 'The workbook contains XML declarations that are not allowed'],
    ['31 MiB of tiny shared strings (past the worker heap limit)', () => hostile.manyTinyStrings(), 'The workbook is too large to read'],
  ])('%s: failed with the reason, after one attempt, no questions', async (_name, make, reason) => {
    expect(await extract(make())).toEqual({ state: 'failed', error: reason, runs: 1, questions: 0 })
  })

  it('a broken legacy .xls: failed with the reason, after one attempt', async () => {
    const broken = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096, 0xff)])
    expect(await extract(broken, 'xls')).toEqual({ state: 'failed', error: 'The workbook could not be read', runs: 1, questions: 0 })
  })
})
