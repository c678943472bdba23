// `npm start` keeps its data across restarts: the PGlite database, the signing key (so tokens
// issued before the restart stay valid) and the demo tenant, which is seeded once; drafting cut
// short by a stop resumes.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { loadConfig } from '@portal/config'
import { systemView } from '@portal/db'
import { silentLogger } from '@portal/observability'
import { listQuestions, questionnaireDb, setDrafted, undraftedQuestionnaires } from '@portal/questionnaire-store'
import { startPortal } from '@portal/svc-host'

describe('restart of the embedded portal', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-restart-'))
  })
  afterAll(async () => rm(dataDir, { recursive: true, force: true }))

  const start = () => startPortal(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), silentLogger)
  const undrafted = async (portal: Awaited<ReturnType<typeof start>>) => (await undraftedQuestionnaires(questionnaireDb(systemView(portal.ctx.db!)))).length
  const until = async (cond: () => Promise<boolean>, ms = 30_000) => {
    for (const end = Date.now() + ms; !(await cond()); ) {
      if (Date.now() > end) throw new Error('timed out')
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  it('keeps accounts, the demo tenant and valid tokens', async () => {
    const first = await start()
    expect(first.demo).toMatchObject({ email: 'admin@demo.example', dbName: 'demo' })
    const signUp = await first.server.inject({
      method: 'POST',
      url: '/api/usercreate',
      payload: { firstName: 'kept', lastName: 'data', email: 'kept@kept-co.example', password: 'Str0ng!pass', cnfpassword: 'Str0ng!pass' },
    })
    expect(signUp.statusCode).toBe(201)
    const token = signUp.json().data.token as string
    await first.stop()

    const second = await start()
    try {
      expect(second.demo).toEqual(first.demo)
      const people = await second.server.inject({ url: '/api/people', headers: { authorization: `Bearer ${token}` } })
      expect(people.statusCode).toBe(200)
      expect(people.json().data.map((p: { email: string }) => p.email)).toEqual(['kept@kept-co.example'])
      const demoLogin = await second.server.inject({
        method: 'POST',
        url: '/api/userlogin',
        payload: { email: 'admin@demo.example', password: first.demo!.password },
      })
      expect(demoLogin.statusCode).toBe(200)
      const tenants = await second.server.inject({ method: 'POST', url: '/api/userlogin', payload: { email: 'kept@kept-co.example', password: 'Str0ng!pass' } })
      expect(tenants.json().data.dbName).toBe('kept_co')
    } finally {
      await second.stop()
    }
  })

  it('drafts again what a stop left undrafted (the in-process queue forgets its jobs)', async () => {
    const first = await start()
    const db = questionnaireDb(systemView(first.ctx.db!))
    // "Nothing undrafted" also holds while the sample is still queued for extraction (a stop of the
    // first test may have cut it short): wait for it to be extracted and drafted in full.
    await until(async () => {
      const file = await db.selectFrom('file').select(['id', 'state']).where('kind', '=', 'questionnaire').executeTakeFirst()
      if (file?.state !== 'ready') return false
      const open = await db.selectFrom('question').select('id').where('fileId', '=', file.id).where('drafted', '=', false).executeTakeFirst()
      const any = await db.selectFrom('question').select('id').where('fileId', '=', file.id).executeTakeFirst()
      return Boolean(any) && !open
    })
    // As if the stop came in the middle of drafting the demo's sample questionnaire.
    const sample = await db.selectFrom('file').select(['id', 'tenantId']).where('kind', '=', 'questionnaire').executeTakeFirstOrThrow()
    await db.updateTable('question').set({ drafted: false, answer: '' }).where('fileId', '=', sample.id).execute()
    await setDrafted(db, sample.tenantId, sample.id)
    expect(await undrafted(first)).toBe(1)
    await first.stop()

    const second = await start()
    try {
      await until(async () => (await undrafted(second)) === 0)
      const questions = await listQuestions(questionnaireDb(systemView(second.ctx.db!)), sample.tenantId, sample.id)
      expect(questions.every((q) => q.drafted)).toBe(true)
      expect(questions.some((q) => q.answer.length > 0)).toBe(true)
    } finally {
      await second.stop()
    }
  })
})
