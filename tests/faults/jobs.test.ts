// Jobs under faults, with the services as real processes on real PostgreSQL, Redis, NATS and an S3
// server (s3rver, in the test's process): the API (identity and questionnaire), the ingest-worker and
// the llm-worker, which share files only through S3 as pods do. Redis is the test's own server
// (stopped and started again at will); NATS is reached through a relay the test cuts. For each fault:
// every file and questionnaire ends processed, no file job runs twice to completion, the event stream
// ends with the final state, and the API answers what it documents. Leases and sweeps are shortened
// (JOB_LEASE=6, SWEEP_INTERVAL=2) so recovery takes seconds, not the production minute.
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createScratchDatabase } from '@portal/db'
import pg from 'pg'
import S3rver from 's3rver'
import { freePort, until } from '../support/portal.js'
import { companyWithClient, privateRedis, type ServiceProcess, startService } from '../support/service-process.js'
import { tcpRelay } from '../support/tcp-relay.js'

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures')
const SOC2 = path.join(FIXTURES, 'policies/open_access_policies/minimal-soc2_compiled.pdf') // 167 pages: about 2 s to read
const CAIQ = path.join(FIXTURES, 'questionnaires/csa-caiq-v3.0.1-09-01-2017.xlsx') // 294 questions
const SHUTDOWN_TIMEOUT = 20

interface FileRow {
  state: string
  drafted: number
  total: number
  error: string | null
}

describe('jobs under faults (processes on PostgreSQL, Redis, NATS)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>
  let redis: Awaited<ReturnType<typeof privateRedis>>
  let nats: Awaited<ReturnType<typeof tcpRelay>>
  let s3: S3rver
  let db: pg.Client
  let dataDir: string
  let env: Record<string, string>
  let api: ServiceProcess
  let ingest: ServiceProcess
  let llm: ServiceProcess
  const retired: ServiceProcess[] = [] // stopped workers: their logs still count
  let auth: Record<string, string>
  let companyId: string

  let apiPort: number
  // Workers fetch identity's keys when they first verify a token: they may start before the API answers.
  const worker = (target: 'ingest-worker' | 'llm-worker') => startService(target, { ...env, TARGET: target, IDENTITY_URL: `http://127.0.0.1:${apiPort}` })
  const fileOf = async (id: string) => (await db.query<FileRow>('select state, drafted, total, error from questionnaire.file where id = $1', [id])).rows[0]
  const upload = async (kind: 'compliance' | 'questionnaire', file: string) => {
    const form = new FormData()
    form.append(kind === 'compliance' ? 'companyId' : 'company_id', companyId)
    form.append('files', new Blob([new Uint8Array(await readFile(file))]), path.basename(file))
    const route = kind === 'compliance' ? '/api/fs/enterpriseapps-compliance-uploadfile' : '/api/questionnaires/save'
    const res = await fetch(`${api.url}${route}`, { method: 'POST', headers: auth, body: form })
    const body = (await res.json()) as { data: { _id: string }[] }
    return { status: res.status, id: body.data?.[0]?._id ?? '' }
  }
  const settled = (id: string, what: (f: FileRow) => boolean, ms = 60_000) =>
    until(
      `file ${id} settled`,
      async () => {
        const f = await fileOf(id)
        if (f?.state === 'failed') throw new Error(`file failed: ${f.error}`)
        return f && what(f) ? f : undefined
      },
      ms,
    )
  const read = (id: string) => settled(id, (f) => f.state === 'ready')
  const drafted = (id: string) => settled(id, (f) => f.state === 'ready' && f.total > 0 && f.drafted === f.total, 90_000)
  /** How many runs of file `id`'s job completed, over every worker process so far. */
  const completions = (id: string) => [ingest, ...retired].flatMap((p) => p.logs()).filter((l) => l['msg'] === 'file job done' && l['fileId'] === id).length

  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env['TEST_DATABASE_URL']!)
    redis = await privateRedis()
    const natsUrl = new URL(process.env['NATS_URL']!)
    nats = await tcpRelay(natsUrl.hostname, Number(natsUrl.port) || 4222)
    dataDir = await mkdtemp(path.join(tmpdir(), 'faults-'))
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(dataDir, 's3') })
    const { port: s3Port } = (await s3.run()) as unknown as { port: number }
    env = {
      DATABASE_URL: scratch.url,
      REDIS_URL: redis.url,
      NATS_URL: `nats://127.0.0.1:${nats.port()}`,
      QUEUE_PREFIX: 'faults',
      DATA_DIR: dataDir, // identity's signing keys; files go to S3 only
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_ACCESS_KEY: 'S3RVER',
      S3_SECRET_KEY: 'S3RVER',
      S3_BUCKET: 'faults',
      S3_PART_SIZE: '64', // s3rver has no multipart uploads: every file here goes in one part
      JOB_LEASE: '6',
      SWEEP_INTERVAL: '2',
      SHUTDOWN_TIMEOUT: String(SHUTDOWN_TIMEOUT),
    }
    apiPort = await freePort()
    ;[api, ingest, llm] = await Promise.all([
      startService('api', { ...env, TARGET: 'identity,questionnaire' }, 60_000, { port: apiPort }),
      worker('ingest-worker'),
      worker('llm-worker'),
    ])
    db = new pg.Client({ connectionString: scratch.url })
    await db.connect()
    ;({ auth, companyId } = await companyWithClient(api.url, 'ops@faults-corp.example', 'Fault Bank'))
  }, 120_000)

  afterAll(async () => {
    await Promise.all([api, ingest, llm].map((p) => p?.stop('SIGKILL')))
    await db?.end()
    await nats?.close()
    await redis?.close()
    await s3?.close()
    await scratch?.drop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('kill -9 of the ingest-worker mid-job: the next worker reads the file, once', async () => {
    const doc = await upload('compliance', SOC2)
    expect(doc.status).toBe(201)
    await until('the document being read', async () => ((await fileOf(doc.id))?.state === 'running' ? true : undefined), 30_000)
    await ingest.stop('SIGKILL')
    retired.push(ingest)
    expect(completions(doc.id)).toBe(0) // it died mid-job
    ingest = await worker('ingest-worker')
    await read(doc.id)
    // The worker logs after it marks the file ready, and its stdout reaches us a moment later.
    await until('the job logged done', async () => (completions(doc.id) > 0 ? true : undefined), 10_000)
    expect(completions(doc.id)).toBe(1)
  }, 120_000)

  it('kill -9 of the llm-worker mid-draft: drafting resumes on the next one and completes', async () => {
    const q = await upload('questionnaire', CAIQ)
    expect(q.status).toBe(201)
    await settled(q.id, (f) => f.state === 'ready' && f.drafted > 0 && f.drafted < f.total, 60_000)
    await llm.stop('SIGKILL')
    llm = await worker('llm-worker')
    const done = await drafted(q.id)
    expect(done.total).toBe(294)
    expect(completions(q.id)).toBe(1) // its extraction ran once
  }, 150_000)

  it('Redis restarted without persistence: the jobs it lost are queued again by the sweep', async () => {
    await ingest.stop('SIGTERM') // no worker: the job waits in Redis
    retired.push(ingest)
    const q = await upload('questionnaire', CAIQ)
    expect(q.status).toBe(201)
    await redis.stop()
    await redis.start() // empty
    ingest = await worker('ingest-worker')
    await drafted(q.id)
    expect(completions(q.id)).toBe(1)
  }, 150_000)

  it('Redis down during an upload: the upload is kept (201, queued) and read once Redis is back', async () => {
    await redis.stop()
    const q = await upload('questionnaire', CAIQ)
    expect(q.status).toBe(201)
    expect((await fileOf(q.id))?.state).toBe('queued')
    const ready = await fetch(`${api.url}/readyz`)
    expect(ready.status).toBe(503) // the queue is away, and /readyz says so
    await redis.start()
    await drafted(q.id)
    expect(completions(q.id)).toBe(1)
  }, 150_000)

  it('SIGTERM during a job: the worker drains in order within SHUTDOWN_TIMEOUT and the file ends read, once', async () => {
    const doc = await upload('compliance', SOC2)
    await until('the document being read', async () => ((await fileOf(doc.id))?.state === 'running' ? true : undefined), 30_000)
    const exit = await ingest.stop('SIGTERM')
    retired.push(ingest)
    expect(exit.code).toBe(0) // not the forced exit
    expect(exit.ms).toBeLessThan(SHUTDOWN_TIMEOUT * 1000)
    ingest = await worker('ingest-worker')
    await read(doc.id)
    expect(completions(doc.id)).toBe(1)
    // The job finished before the bus and the database closed: nothing failed on the way out.
    expect(
      retired
        .at(-1)!
        .logs()
        .filter((l) => Number(l['level']) >= 50),
    ).toEqual([])
  }, 120_000)

  it.each([10, 60])(
    'NATS away for %i s while a questionnaire is read and drafted: the event stream still ends with the final state',
    async (seconds) => {
      await nats.cut() // every event of this questionnaire is published while NATS is away
      const q = await upload('questionnaire', CAIQ)
      expect(q.status).toBe(201)
      const res = await fetch(`${api.url}/api/questionnaires/${q.id}/events`, { headers: { ...auth, accept: 'text/event-stream' } })
      expect(res.status).toBe(200)
      await new Promise((r) => setTimeout(r, seconds * 1000))
      await nats.restore()
      const text = await res.text() // the stream ends after its final event
      const last = [...text.matchAll(/^event: (\w+)\ndata: (.*)$/gm)].at(-1)!
      expect(last[1]).toBe('drafted')
      expect(JSON.parse(last[2]!)).toMatchObject({ drafted: 294, total: 294 })
      expect(await fileOf(q.id)).toMatchObject({ state: 'ready', drafted: 294, total: 294 })
      expect(completions(q.id)).toBe(1)
    },
    150_000,
  )

  it('every file went to S3: the file store of DATA_DIR holds none', async () => {
    const stored = await readdir(path.join(dataDir, 's3'), { recursive: true })
    expect(stored.filter((f) => f.endsWith('._S3rver_object')).length).toBeGreaterThanOrEqual(5) // the uploads above, and their extracts
    expect(existsSync(path.join(dataDir, 'blobs'))).toBe(false)
  })
})
