// Counts and flow (issue 11): answered counts non-empty answers; one draft run per questionnaire at a
// time, with requests made during a run drafted by it; drafting waits for the client's documents;
// answers citing a document that goes back to review with the reason. On PGlite and PostgreSQL (the
// races run on PostgreSQL's real connections there).
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type Database, migrateSchema, systemView, testDatabaseKinds } from '@portal/db'
import { knowledgeDb, replaceDocumentChunks } from '@portal/knowledge'
import {
  answerCountsOf,
  citedDocumentOf,
  citedDocumentReason,
  citedDocuments,
  clientDocumentsPending,
  countsOf,
  endDraftTurn,
  finishFile,
  flagAnswersCiting,
  insertCompany,
  insertFile,
  listQuestions,
  migrations,
  olderVersions,
  questionnaireDb,
  questionnairesAwaitingDocuments,
  questionnairesToDraft,
  replaceQuestions,
  SCHEMA,
  saveDraft,
  setDrafted,
  takeDraftTurn,
  updateAnswer,
  withDraftTurns,
} from '../src/index.js'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe.each(testDatabaseKinds())('questionnaire flow on %s', (_kind, open) => {
  let database: Database
  beforeAll(async () => {
    database = systemView(await open()) // outside any request: the store's own tenant filters are the wall
    await migrateSchema(database, SCHEMA, migrations)
  })
  afterAll(async () => database?.close())

  const client = async (tenantId = crypto.randomUUID()) => {
    const db = questionnaireDb(database)
    const company = await insertCompany(db, tenantId, { companyName: 'Flow Co', complianceBucket: 'c', questionnairesBucket: 'q' })
    const file = (kind: 'compliance' | 'questionnaire', fileName: string) =>
      insertFile(db, tenantId, {
        companyId: company.id,
        kind,
        fileName,
        storageKey: `${tenantId}/${kind}/${crypto.randomUUID()}`,
        format: kind === 'compliance' ? 'pdf' : 'xlsx',
      })
    const questionnaire = async (n: number) => {
      const q = await file('questionnaire', 'q.xlsx')
      await replaceQuestions(
        db,
        tenantId,
        q.id,
        Array.from({ length: n }, (_, i) => ({ sheet: 'S', row: i + 2, questionRef: `Q-${i}`, question: `Question ${i}?`, answerCells: [] })),
      )
      await finishFile(db, tenantId, q.id, { state: 'ready', total: n })
      return q
    }
    return { db, tenantId, company, file, questionnaire }
  }
  const draft = (answer: string, citations: string[] = []) => ({
    answer,
    choiceValue: undefined,
    citations,
    needsReview: !answer,
    reviewReason: '',
    answerSource: 'documents' as const,
    retrievedNarrative: '',
    documentName: '',
    fileAndFolder: '',
  })

  it('counts as answered what a person approved or wrote, apart from filled (drafts), drafted and approved, per questionnaire and per list', async () => {
    const { db, tenantId, questionnaire } = await client()
    const q = await questionnaire(6)
    const rows = await listQuestions(db, tenantId, q.id)
    // All six drafted; two found no evidence and stay empty (the drawer used to call them answered).
    for (const [i, r] of rows.entries()) await saveDraft(db, tenantId, r.id, draft(i < 4 ? `Answer ${i}` : ''))
    expect(await countsOf(db, tenantId, q.id)).toMatchObject({ answered: 0, filled: 4 }) // drafts only: nothing answered yet (issue 14)
    // Approved; written by a person into an empty one; changed before `personAnswer` existed (a history).
    await updateAnswer(db, tenantId, rows[0]!.id, {
      answer: 'Answer 0',
      choiceValue: null,
      reviewstatus: true,
      llmstatus: true,
      comment: '',
      by: 'Test User',
    })
    await updateAnswer(db, tenantId, rows[4]!.id, {
      answer: 'Written',
      choiceValue: null,
      reviewstatus: false,
      llmstatus: false,
      comment: '',
      by: 'Test User',
    })
    await db
      .updateTable('question')
      .set({ answer: 'Answer 1, edited', answerHistory: JSON.stringify([{ answer: 'Answer 1', createdAt: '2026-11-01T00:00:00Z', name: 'Dana' }]) })
      .where('tenantId', '=', tenantId)
      .where('id', '=', rows[1]!.id)
      .execute()
    // A draft saved again unchanged stays a draft.
    await updateAnswer(db, tenantId, rows[2]!.id, {
      answer: 'Answer 2',
      choiceValue: null,
      reviewstatus: false,
      llmstatus: false,
      comment: '',
      by: 'Test User',
    })
    expect(await setDrafted(db, tenantId, q.id)).toEqual({ drafted: 6, total: 6 })
    expect(await countsOf(db, tenantId, q.id)).toEqual({ countOfApproved: 1, countOfReview: 5, total: 6, answered: 3, filled: 5, drafted: 6, empty: 1 })
    const other = await questionnaire(2)
    const lists = await answerCountsOf(db, tenantId, [q.id, other.id])
    expect(lists.get(q.id)).toEqual({ answered: 3, approved: 1, filled: 5 })
    expect(lists.get(other.id) ?? { answered: 0, approved: 0, filled: 0 }).toEqual({ answered: 0, approved: 0, filled: 0 })
    expect((await answerCountsOf(db, crypto.randomUUID(), [q.id])).size).toBe(0) // another tenant sees nothing
    expect(await countsOf(db, crypto.randomUUID(), q.id)).toMatchObject({ total: 0, answered: 0 })
  })

  it('lets one draft run hold a questionnaire; a request made meanwhile makes it draft again', async () => {
    const { db, tenantId, questionnaire } = await client()
    const q = await questionnaire(1)
    const first = await takeDraftTurn(db, tenantId, q.id, 'run-1')
    expect(first?.turn).toEqual({ run: 'run-1', seen: 1 })
    expect(await takeDraftTurn(db, tenantId, q.id, 'run-2')).toEqual({}) // taken: counted, not run
    expect(await takeDraftTurn(db, crypto.randomUUID(), q.id, 'run-3')).toBeUndefined() // another tenant's id names nothing
    const turn = first!.turn!
    expect(await endDraftTurn(db, tenantId, q.id, turn)).toBe(false) // run-2 asked meanwhile: draft again
    expect(turn.seen).toBe(2)
    expect(await endDraftTurn(db, tenantId, q.id, turn)).toBe(true)
    expect((await takeDraftTurn(db, tenantId, q.id, 'run-4'))?.turn).toEqual({ run: 'run-4', seen: 3 })
    // A run that died keeps it only until its lease runs out.
    const dead = await client()
    const stuck = await dead.questionnaire(1)
    expect((await takeDraftTurn(dead.db, dead.tenantId, stuck.id, 'dead', -1000))?.turn).toBeDefined()
    expect((await takeDraftTurn(dead.db, dead.tenantId, stuck.id, 'alive'))?.turn?.run).toBe('alive')
  })

  it('never runs two drafts of a questionnaire at once, and drafts every request made during a run', async () => {
    const { db, tenantId, questionnaire } = await client()
    const q = await questionnaire(1)
    let running = 0
    let most = 0
    let runs = 0
    let requests = 0
    let servedUpTo = 0
    const job = (n: number) =>
      withDraftTurns(db, tenantId, q.id, async () => {
        running++
        most = Math.max(most, running)
        const asked = requests // every request made before this point is served by this run
        await sleep(15)
        servedUpTo = Math.max(servedUpTo, asked)
        runs++
        running--
      }).then((outcome) => ({ n, outcome }))
    // Twelve jobs, as from clicks on Re-draft, arriving while runs are under way.
    const jobs = []
    for (let i = 1; i <= 12; i++) {
      requests = i
      jobs.push(job(i))
      await sleep(i % 3 === 0 ? 20 : 2)
    }
    const outcomes = await Promise.all(jobs)
    expect(most).toBe(1)
    expect(servedUpTo).toBe(12) // the last request was drafted after it was made
    expect(outcomes.filter((o) => o.outcome === 'absorbed').length).toBeGreaterThan(0)
    expect(runs).toBeLessThan(12)
    expect((await takeDraftTurn(db, tenantId, q.id, 'after'))?.turn).toBeDefined() // let go at the end
  })

  it('lets go of a questionnaire when its run fails, so the retry can take it', async () => {
    const { db, tenantId, questionnaire } = await client()
    const q = await questionnaire(1)
    await expect(
      withDraftTurns(db, tenantId, q.id, async () => {
        throw new Error('model server down')
      }),
    ).rejects.toThrow('model server down')
    expect(await withDraftTurns(db, tenantId, q.id, async () => undefined)).toBe('ran')
    expect(await withDraftTurns(db, tenantId, crypto.randomUUID(), async () => undefined)).toBe('gone')
  })

  it('holds drafting until the client documents are read, and sweeps only what should be drafting', async () => {
    const { db, tenantId, company, file, questionnaire } = await client()
    const doc = await file('compliance', 'policy.pdf')
    const q = await questionnaire(2)
    expect(await clientDocumentsPending(db, tenantId, q.id)).toBe(true)
    expect(await questionnairesAwaitingDocuments(db, tenantId, company.id)).toEqual([])
    expect((await questionnairesToDraft(db)).map((x) => x.id)).not.toContain(q.id)
    await finishFile(db, tenantId, doc.id, { state: 'failed', error: 'unreadable' }) // failed counts as done
    expect(await clientDocumentsPending(db, tenantId, q.id)).toBe(false)
    expect(await clientDocumentsPending(db, crypto.randomUUID(), q.id)).toBe(false)
    expect(await questionnairesAwaitingDocuments(db, tenantId, company.id)).toEqual([{ id: q.id, total: 2, drafted: 0 }])
    expect(await questionnairesAwaitingDocuments(db, crypto.randomUUID(), company.id)).toEqual([])
    expect((await questionnairesToDraft(db)).filter((x) => x.id === q.id)).toEqual([{ id: q.id, tenantId, total: 2, drafted: 0 }])
    // Held by a live run: not swept; drafted in full: not swept.
    await takeDraftTurn(db, tenantId, q.id, 'live')
    expect((await questionnairesToDraft(db)).map((x) => x.id)).not.toContain(q.id)
    const done = await questionnaire(1)
    for (const r of await listQuestions(db, tenantId, done.id)) await saveDraft(db, tenantId, r.id, draft(''))
    await setDrafted(db, tenantId, done.id)
    expect((await questionnairesToDraft(db)).map((x) => x.id)).not.toContain(done.id)
  })

  it('sends answers citing a deleted or replaced document back to review, saying why', async () => {
    const { db, tenantId, file, questionnaire } = await client()
    const kept = await file('compliance', 'kept.pdf')
    const gone = await file('compliance', 'gone.pdf')
    const chunks = knowledgeDb(database, SCHEMA)
    await replaceDocumentChunks(chunks, tenantId, { id: kept.id, name: 'kept.pdf' }, [{ ordinal: 0, page: 1, heading: '', text: 'Backups are taken daily.' }])
    await replaceDocumentChunks(chunks, tenantId, { id: gone.id, name: 'gone.pdf' }, [
      { ordinal: 0, page: 2, heading: '', text: 'Data is encrypted at rest.' },
      { ordinal: 1, page: 3, heading: '', text: 'MFA is required.' },
    ])
    const ids = async (doc: string) =>
      (await chunks.selectFrom('chunk').select('id').where('documentId', '=', doc).orderBy('ordinal').execute()).map((c) => String(c.id))
    const [goneA, goneB] = await ids(gone.id)
    const [keptA] = await ids(kept.id)
    const q = await questionnaire(4)
    const [approved, drafted, elsewhere, empty] = await listQuestions(db, tenantId, q.id)
    await saveDraft(db, tenantId, approved!.id, draft('Encrypted at rest.', [goneA!]))
    await updateAnswer(db, tenantId, approved!.id, {
      answer: 'Encrypted at rest.',
      choiceValue: null,
      reviewstatus: true,
      llmstatus: true,
      comment: '',
      by: 'Test User',
    })
    await saveDraft(db, tenantId, drafted!.id, draft('MFA is required.', [keptA!, goneB!]))
    await saveDraft(db, tenantId, elsewhere!.id, draft('Backups are daily.', [keptA!]))
    await saveDraft(db, tenantId, empty!.id, draft(''))
    // The review page's source link: each cited chunk names its document and page, for this tenant only.
    const cited = await citedDocuments(db, tenantId, [goneA!, keptA!, goneB!, 'not-a-uuid'])
    expect(Object.fromEntries(cited)).toEqual({
      [goneA!]: { documentId: gone.id, documentName: 'gone.pdf', page: 2 },
      [keptA!]: { documentId: kept.id, documentName: 'kept.pdf', page: 1 },
      [goneB!]: { documentId: gone.id, documentName: 'gone.pdf', page: 3 },
    })
    expect((await citedDocuments(db, crypto.randomUUID(), [goneA!, keptA!])).size).toBe(0)
    expect(citedDocumentOf({ citations: [keptA!, goneB!], documentName: 'gone.pdf' }, cited)).toEqual({
      documentId: gone.id,
      documentName: 'gone.pdf',
      page: 3,
    })
    expect(citedDocumentOf({ citations: [keptA!], documentName: 'gone.pdf' }, cited)).toBeUndefined()
    const on = new Date('2026-12-01T10:00:00Z')
    const reason = citedDocumentReason('gone.pdf', 'deleted', on)
    expect(reason).toBe('The cited document gone.pdf was deleted on 2026-12-01')
    expect(await flagAnswersCiting(db, crypto.randomUUID(), gone.id, reason)).toBe(0) // another tenant: nothing
    expect(await flagAnswersCiting(db, tenantId, gone.id, reason)).toBe(2)
    const after = new Map((await listQuestions(db, tenantId, q.id)).map((r) => [r.id, r]))
    expect(after.get(approved!.id)).toMatchObject({
      answer: 'Encrypted at rest.',
      llmstatus: false,
      reviewstatus: false,
      llmReviewRespons: 1,
      reviewReason: reason,
    })
    expect(after.get(drafted!.id)).toMatchObject({ answer: 'MFA is required.', llmReviewRespons: 1, reviewReason: reason })
    expect(after.get(elsewhere!.id)).toMatchObject({ llmReviewRespons: 0, reviewReason: '' })
    expect(await countsOf(db, tenantId, q.id)).toMatchObject({ countOfApproved: 0, answered: 0, filled: 3 })
    expect(citedDocumentReason('kept.pdf', 'replaced', on)).toBe('The cited document kept.pdf was replaced on 2026-12-01')
  })

  it('finds the older versions of a document uploaded again under its name, never a newer one', async () => {
    const { db, tenantId, file } = await client()
    const v1 = await file('compliance', 'policy.pdf')
    const other = await file('compliance', 'other.pdf')
    const v2 = await file('compliance', 'policy.pdf')
    for (const f of [v1, other, v2]) await finishFile(db, tenantId, f.id, { state: 'ready', total: 1 })
    expect((await olderVersions(db, tenantId, v2)).map((f) => f.id)).toEqual([v1.id])
    expect(await olderVersions(db, tenantId, v1)).toEqual([]) // an older upload read late replaces nothing
    expect(await olderVersions(db, crypto.randomUUID(), v2)).toEqual([])
  })
})
