// A draft's evidence is kept by reference (issue 26): the passages shown beside it are chunks already,
// so the question row holds their ids, places and a short excerpt, and reads back with the same
// retrievedNarrative as the drafter composed. Rows from before keep their whole text and read as
// they did; a passage whose chunk is gone (its document replaced) reads as its excerpt.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createMemoryBus } from '@portal/bus'
import { type Database, migrateSchema, systemView, testDatabaseKinds } from '@portal/db'
import { draftQuestion, offlineDrafter } from '@portal/drafting'
import { deleteDocumentChunks, knowledgeDb } from '@portal/knowledge'
import {
  EXCERPT_CHARS,
  findQuestion,
  listQuestions,
  migrations,
  questionnaireDb,
  questionnaireKnowledge,
  replaceQuestions,
  SCHEMA,
  updateAnswer,
} from '@portal/questionnaire-store'
import { draftAnswers } from '../src/jobs/draft-answers.js'
import { clientWithDocument } from './client-with-document.js'

const PASSAGES = [
  `Access control. ${'Production access requires multi-factor authentication and is reviewed every quarter by the security team. '.repeat(8)}`,
  `Backups. ${'Backups are encrypted, taken daily and kept for thirty days in a second region. '.repeat(8)}`,
]

describe.each(testDatabaseKinds())('draft evidence by reference on %s', (_kind, open) => {
  let database: Database
  beforeAll(async () => {
    database = systemView(await open())
    await migrateSchema(database, SCHEMA, migrations)
  })
  afterAll(async () => database?.close())

  async function drafted(questions: string[]) {
    const knowledge = questionnaireKnowledge(database)
    const { db, tenantId, doc, questionnaire } = await clientWithDocument(
      database,
      PASSAGES.map((text, i) => ({ ordinal: i, page: i + 2, heading: i ? 'Backups' : '', text })),
    )
    await replaceQuestions(
      db,
      tenantId,
      questionnaire.id,
      questions.map((question, i) => ({ sheet: 'S', row: i + 2, questionRef: String(i + 1), question, answerCells: [] })),
    )
    await draftAnswers({ db: database, bus: createMemoryBus(), knowledge, drafter: offlineDrafter }, { tenantId, fileId: questionnaire.id })
    // What the drafter composed for each question, to compare with what the store gives back.
    const composed = await Promise.all(questions.map((q) => draftQuestion({ knowledge, drafter: offlineDrafter }, tenantId, q, { documentIds: [doc.id] })))
    return { db, tenantId, doc, questionnaire, composed }
  }

  /** The row as stored, and its bytes for the context (text and references). */
  const stored = async (tenantId: string, fileId: string) =>
    (
      await questionnaireDb(database)
        .selectFrom('question')
        .select(['retrievedNarrative', 'evidence'])
        .where('tenantId', '=', tenantId)
        .where('fileId', '=', fileId)
        .orderBy('ordinal')
        .execute()
    ).map((r) => ({
      narrative: r.retrievedNarrative,
      evidence: r.evidence,
      bytes: Buffer.byteLength(r.retrievedNarrative) + Buffer.byteLength(JSON.stringify(r.evidence)),
    }))

  it('stores references, not the passages, and reads back the text the drafter composed', async () => {
    const questions = ['Is multi-factor authentication required for production access?', 'How often are backups taken?', 'Do you sponsor a football team?']
    const { db, tenantId, questionnaire, composed } = await drafted(questions)
    const rows = await stored(tenantId, questionnaire.id)
    const listed = await listQuestions(db, tenantId, questionnaire.id)
    for (const [i, c] of composed.entries()) {
      expect(c.shown.length).toBeGreaterThan(0) // even the unanswered one shows passages
      expect(rows[i]!.narrative).toBe('') // no note: every word of the context is a chunk's
      expect(rows[i]!.evidence).toHaveLength(c.shown.length)
      expect(rows[i]!.bytes).toBeLessThan(c.retrievedNarrative.length / 2)
      expect(listed[i]!.retrievedNarrative).toBe(c.retrievedNarrative)
      expect(listed[i]).not.toHaveProperty('evidence')
      expect((await findQuestion(db, tenantId, listed[i]!.id))!.retrievedNarrative).toBe(c.retrievedNarrative)
    }
    // A save answers with the question as it reads too.
    const saved = await updateAnswer(db, tenantId, listed[2]!.id, { answer: 'No.', by: 'Rita' })
    expect(saved!.retrievedNarrative).toBe(composed[2]!.retrievedNarrative)
  })

  it('reads a passage whose chunk is gone as its excerpt, and a row from before as it was stored', async () => {
    const { db, tenantId, doc, questionnaire } = await drafted(['How often are backups taken?'])
    await deleteDocumentChunks(knowledgeDb(database, SCHEMA), tenantId, doc.id)
    const [q] = await listQuestions(db, tenantId, questionnaire.id)
    expect(q!.retrievedNarrative).toContain(`policy.pdf, page 3 (Backups):\n${PASSAGES[1]!.slice(0, EXCERPT_CHARS)}`)
    expect(q!.retrievedNarrative).not.toContain(PASSAGES[1]!.slice(0, EXCERPT_CHARS + 1))

    // A row drafted before references: its whole text in retrieved_narrative, no evidence.
    const before = 'policy.pdf, page 2:\nThe text as it was stored whole.'
    await db.updateTable('question').set({ retrievedNarrative: before, evidence: '[]' }).where('tenantId', '=', tenantId).where('id', '=', q!.id).execute()
    expect((await findQuestion(db, tenantId, q!.id))!.retrievedNarrative).toBe(before)
  })

  it("keeps another tenant's chunks out of a question's evidence", async () => {
    const a = await drafted(['How often are backups taken?'])
    const b = await drafted(['How often are backups taken?'])
    // Tenant B's row pointed at tenant A's chunks: they are not read, only the excerpts show.
    const aRefs = (await stored(a.tenantId, a.questionnaire.id))[0]!.evidence
    await b.db
      .updateTable('question')
      .set({ evidence: JSON.stringify(aRefs) })
      .where('tenantId', '=', b.tenantId)
      .execute()
    const [q] = await listQuestions(b.db, b.tenantId, b.questionnaire.id)
    expect(q!.retrievedNarrative).not.toContain(PASSAGES[1]!.slice(0, EXCERPT_CHARS + 1))
  })
})
