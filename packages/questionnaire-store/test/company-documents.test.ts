// Company-wide documents (issue 25): a compliance document with no client answers every client's
// questionnaires of its tenant, so drafting waits for it too and resumes every client's after it;
// the knowledge base lists them with the clients' own; a questionnaire always has its client.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type Database, migrateSchema, systemView, testDatabaseKinds } from '@portal/db'
import {
  clientDocumentsPending,
  draftingDocuments,
  finishFile,
  insertCompany,
  insertFile,
  listFiles,
  listKnowledgeBase,
  migrations,
  olderVersions,
  questionnaireDb,
  questionnairesAwaitingDocuments,
  questionnairesToDraft,
  replaceQuestions,
  SCHEMA,
} from '../src/index.js'

describe.each(testDatabaseKinds())('company-wide documents on %s', (_kind, open) => {
  let database: Database
  beforeAll(async () => {
    database = systemView(await open())
    await migrateSchema(database, SCHEMA, migrations)
  })
  afterAll(async () => database?.close())

  const tenant = async () => {
    const db = questionnaireDb(database)
    const tenantId = crypto.randomUUID()
    const client = (companyName: string) => insertCompany(db, tenantId, { companyName, complianceBucket: 'c', questionnairesBucket: 'q' })
    const file = (companyId: string | null, kind: 'compliance' | 'questionnaire', fileName: string) =>
      insertFile(db, tenantId, { companyId, kind, fileName, storageKey: `${tenantId}/${crypto.randomUUID()}`, format: kind === 'compliance' ? 'pdf' : 'xlsx' })
    const questionnaire = async (companyId: string) => {
      const q = await file(companyId, 'questionnaire', 'q.xlsx')
      await replaceQuestions(db, tenantId, q.id, [{ sheet: 'S', row: 2, questionRef: 'Q-1', question: 'Is data encrypted?', answerCells: [] }])
      await finishFile(db, tenantId, q.id, { state: 'ready', total: 1 })
      return q
    }
    return { db, tenantId, client, file, questionnaire }
  }

  it("holds every client's drafting while a company-wide document is read, and resumes all of them after it", async () => {
    const { db, tenantId, client, file, questionnaire } = await tenant()
    const [a, b] = [await client('Alpha'), await client('Beta')]
    const policy = await file(null, 'compliance', 'policy.pdf')
    const [qa, qb] = [await questionnaire(a.id), await questionnaire(b.id)]
    const other = await tenant() // another tenant's questionnaire is never held by this tenant's document
    const qo = await other.questionnaire((await other.client('Gamma')).id)
    expect(await clientDocumentsPending(db, tenantId, qa.id)).toBe(true)
    expect(await clientDocumentsPending(db, tenantId, qb.id)).toBe(true)
    expect(await clientDocumentsPending(db, other.tenantId, qo.id)).toBe(false)
    expect(await questionnairesAwaitingDocuments(db, tenantId, null)).toEqual([])
    const swept = (await questionnairesToDraft(db)).map((x) => x.id)
    expect(swept).not.toContain(qa.id)
    expect(swept).toContain(qo.id)
    await finishFile(db, tenantId, policy.id, { state: 'ready', total: 3 })
    expect(await clientDocumentsPending(db, tenantId, qa.id)).toBe(false)
    expect((await questionnairesAwaitingDocuments(db, tenantId, null)).map((x) => x.id).sort()).toEqual([qa.id, qb.id].sort())
    expect(await questionnairesAwaitingDocuments(db, tenantId, a.id)).toEqual([{ id: qa.id, total: 1, drafted: 0 }])
    // A client's own document still being read holds that client only.
    await file(b.id, 'compliance', 'beta-annex.pdf')
    expect((await questionnairesAwaitingDocuments(db, tenantId, null)).map((x) => x.id)).toEqual([qa.id])
  })

  it("drafts from the client's own and the company-wide documents, never another client's", async () => {
    const { db, tenantId, client, file } = await tenant()
    const [a, b] = [await client('Alpha'), await client('Beta')]
    const shared = await file(null, 'compliance', 'shared.pdf')
    const own = await file(a.id, 'compliance', 'alpha.pdf')
    await file(b.id, 'compliance', 'beta.pdf')
    expect((await draftingDocuments(db, tenantId, a.id)).map((d) => d.id).sort()).toEqual([shared.id, own.id].sort())
    expect((await draftingDocuments(db, crypto.randomUUID(), a.id)).length).toBe(0)
    // The per-client list keeps the client's own; null lists the company-wide ones.
    expect((await listFiles(db, tenantId, a.id, 'compliance')).map((d) => d.id)).toEqual([own.id])
    expect((await listFiles(db, tenantId, null, 'compliance')).map((d) => d.id)).toEqual([shared.id])
    const kb = await listKnowledgeBase(db, tenantId)
    expect(kb.map((d) => [d.fileName, d.companyName])).toEqual([
      ['alpha.pdf', 'Alpha'],
      ['beta.pdf', 'Beta'],
      ['shared.pdf', null],
    ])
    expect(await listKnowledgeBase(db, crypto.randomUUID())).toEqual([])
  })

  it('replaces a company-wide document uploaded again under its name, and leaves a client document of that name alone', async () => {
    const { db, tenantId, client, file } = await tenant()
    const a = await client('Alpha')
    const v1 = await file(null, 'compliance', 'policy.pdf')
    const theirs = await file(a.id, 'compliance', 'policy.pdf')
    const v2 = await file(null, 'compliance', 'policy.pdf')
    for (const f of [v1, theirs, v2]) await finishFile(db, tenantId, f.id, { state: 'ready', total: 1 })
    expect((await olderVersions(db, tenantId, v2)).map((f) => f.id)).toEqual([v1.id])
  })

  it('refuses a questionnaire without a client', async () => {
    const { file } = await tenant()
    await expect(file(null, 'questionnaire', 'q.xlsx')).rejects.toThrow(/file_questionnaire_has_client/)
  })
})
