// A client's questionnaires waiting for drafts get their draft job once the client's last document
// is read, and only then; other clients, tenants and fully drafted questionnaires are left alone.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { draftJob } from '@portal/contracts'
import { type Database, migrateSchema, openDatabase, systemView } from '@portal/db'
import { finishFile, insertCompany, insertFile, migrations, questionnaireDb, replaceQuestions, SCHEMA, setDrafted } from '@portal/questionnaire-store'
import { resumeDrafting } from '../src/jobs/resume-drafting.js'

describe('resume drafting after documents are read', () => {
  let database: Database
  beforeAll(async () => {
    database = systemView(await openDatabase({})) // jobs run in their payload's tenant in the workers; here, outside any scope
    await migrateSchema(database, SCHEMA, migrations)
  })
  afterAll(async () => database.close())

  it('queues the draft job of each undrafted questionnaire of the client when no document is pending', async () => {
    const db = questionnaireDb(database)
    const tenantId = crypto.randomUUID()
    const client = await insertCompany(db, tenantId, { companyName: 'Slow Docs', complianceBucket: 'c', questionnairesBucket: 'q' })
    const other = await insertCompany(db, tenantId, { companyName: 'Other Client', complianceBucket: 'c', questionnairesBucket: 'q' })
    const file = (companyId: string, kind: 'compliance' | 'questionnaire', name: string) =>
      insertFile(db, tenantId, { companyId, kind, fileName: name, storageKey: `k-${name}`, format: kind === 'compliance' ? 'pdf' : 'xlsx' })
    const questionnaire = async (companyId: string, name: string, drafted: boolean) => {
      const q = await file(companyId, 'questionnaire', name)
      await replaceQuestions(db, tenantId, q.id, [{ sheet: 'S', row: 2, questionRef: '1', question: 'Is data encrypted at rest?', answerCells: [] }])
      await finishFile(db, tenantId, q.id, { state: 'ready', total: 1 })
      if (drafted) {
        await db.updateTable('question').set({ drafted: true }).where('fileId', '=', q.id).execute()
        await setDrafted(db, tenantId, q.id)
      }
      return q
    }
    const slow = await file(client.id, 'compliance', 'big.pdf')
    const quick = await file(client.id, 'compliance', 'small.pdf')
    const waiting = await questionnaire(client.id, 'caiq.xlsx', false)
    await questionnaire(client.id, 'done.xlsx', true)
    await questionnaire(other.id, 'elsewhere.xlsx', false)

    const added: unknown[][] = []
    const deps = {
      db: database,
      queue: {
        add: async (...args: unknown[]) => {
          added.push(args)
          return 'id'
        },
      },
    }
    await finishFile(db, tenantId, quick.id, { state: 'ready', total: 1 })
    await resumeDrafting(deps, { tenantId, fileId: quick.id })
    expect(added).toEqual([]) // big.pdf is still queued

    await finishFile(db, tenantId, slow.id, { state: 'failed', error: 'The PDF could not be read' })
    await resumeDrafting(deps, { tenantId, fileId: slow.id })
    expect(added).toEqual([[...draftJob(tenantId, waiting.id, `after-${slow.id}`, 1)]]) // named after the document: a re-run of its job adds nothing

    // Another tenant naming this file, or a questionnaire id, queues nothing.
    added.length = 0
    await resumeDrafting(deps, { tenantId: crypto.randomUUID(), fileId: slow.id })
    await resumeDrafting(deps, { tenantId, fileId: waiting.id })
    expect(added).toEqual([])
  })
})
