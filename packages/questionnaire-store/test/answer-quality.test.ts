// The drafter's track record (issue 24): every kind of review outcome counted under its draft's
// source, on both databases; drafts a person never saw are pending; another tenant sees nothing.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type Database, migrateSchema, systemView, testDatabaseKinds } from '@portal/db'
import {
  answerQuality,
  changedShare,
  type DraftFields,
  finishFile,
  insertCompany,
  insertFile,
  listQuestions,
  migrations,
  questionnaireDb,
  replaceQuestions,
  SCHEMA,
  saveDraft,
  updateAnswer,
} from '../src/index.js'

describe('changedShare', () => {
  it('is 0 for the same words, 1 for none shared, and between for an edit', () => {
    expect(changedShare('Yes, daily backups.', 'yes daily backups')).toBe(0)
    expect(changedShare('Yes.', 'No, never.')).toBe(1)
    const share = changedShare('Backups run daily and are tested quarterly.', 'Backups run daily and are tested every month.')
    expect(share).toBeGreaterThan(0.1)
    expect(share).toBeLessThan(0.4)
  })
})

describe.each(testDatabaseKinds())('answer quality on %s', (_kind, open) => {
  let database: Database
  const a = crypto.randomUUID()
  const b = crypto.randomUUID()
  beforeAll(async () => {
    database = systemView(await open())
    await migrateSchema(database, SCHEMA, migrations)
  })
  afterAll(async () => database?.close())

  const draft = (answerSource: DraftFields['answerSource'], answer: string, choiceValue?: string): DraftFields => ({
    answer,
    choiceValue,
    citations: [],
    needsReview: false,
    reviewReason: '',
    answerSource,
    retrievedNarrative: '',
    documentName: '',
    fileAndFolder: '',
  })

  it('counts approved unchanged, edited, cleared, choice changed and pending per source', async () => {
    const db = questionnaireDb(database)
    const company = await insertCompany(db, a, { companyName: 'Acme', complianceBucket: 'c', questionnairesBucket: 'q' })
    const file = await insertFile(db, a, { companyId: company.id, kind: 'questionnaire', fileName: 'q.xlsx', storageKey: `${a}/q`, format: 'xlsx' })
    const other = await insertFile(db, a, { companyId: company.id, kind: 'questionnaire', fileName: 'r.xlsx', storageKey: `${a}/r`, format: 'xlsx' })
    const cells = [{ address: 'C2', header: 'Answer', choices: ['Yes', 'No'] }]
    await replaceQuestions(
      db,
      a,
      file.id,
      Array.from({ length: 7 }, (_, i) => ({ sheet: 'S', row: i + 2, questionRef: `Q-${i + 1}`, question: `Question ${i + 1}?`, answerCells: cells })),
    )
    await replaceQuestions(db, a, other.id, [{ sheet: 'S', row: 2, questionRef: 'R-1', question: 'Other?', answerCells: cells }])
    await finishFile(db, a, file.id, { state: 'ready', total: 7 })
    const qs = await listQuestions(db, a, file.id)
    const [approved, edited, cleared, choice, pending, nothing, person] = qs
    await saveDraft(db, a, approved!.id, draft('library', 'Yes, reviewed yearly.', 'Yes'))
    await saveDraft(db, a, edited!.id, draft('documents', 'Backups run daily and are tested quarterly.', 'Yes'))
    await saveDraft(db, a, cleared!.id, draft('documents', 'A sentence about children.', 'Yes'))
    await saveDraft(db, a, choice!.id, draft('pair', 'Yes, with SSO.', 'Yes'))
    await saveDraft(db, a, pending!.id, draft('model', 'MFA is enforced.', 'Yes'))
    await saveDraft(db, a, nothing!.id, draft('', '')) // nothing drafted: not a draft to judge
    const [inOther] = await listQuestions(db, a, other.id)
    await saveDraft(db, a, inOther!.id, draft('documents', 'Other text.'))

    const by = 'Rita Reviewer'
    await updateAnswer(db, a, approved!.id, { answer: 'Yes, reviewed yearly.', llmstatus: true, by })
    await updateAnswer(db, a, edited!.id, { answer: 'Backups run daily and are tested every month.', llmstatus: true, by })
    await updateAnswer(db, a, cleared!.id, { answer: '', choiceValue: null, by })
    await updateAnswer(db, a, choice!.id, { answer: 'Yes, with SSO.', choiceValue: 'No', llmstatus: true, by })
    await updateAnswer(db, a, person!.id, { answer: 'Written by hand.', llmstatus: true, by }) // never drafted

    const all = await answerQuality(db, a)
    expect(all.questionnaireId).toBeNull()
    expect(all.bySource.library).toMatchObject({ drafted: 1, approvedUnchanged: 1, edited: 0, cleared: 0, choiceChanged: 0, pending: 0 })
    expect(all.bySource.sentence).toMatchObject({ drafted: 3, approvedUnchanged: 0, edited: 1, cleared: 1, choiceChanged: 0, pending: 1 })
    expect(all.bySource.sentence.editedShare).toBeGreaterThan(0.1)
    expect(all.bySource.sentence.editedShare).toBeLessThan(0.4)
    expect(all.bySource.pair).toMatchObject({ drafted: 1, approvedUnchanged: 0, choiceChanged: 1 })
    expect(all.bySource.model).toMatchObject({ drafted: 1, pending: 1 })
    expect(all.total).toMatchObject({ drafted: 6, approvedUnchanged: 1, edited: 1, cleared: 1, choiceChanged: 1, pending: 2 })

    const one = await answerQuality(db, a, file.id)
    expect(one.questionnaireId).toBe(file.id)
    expect(one.total.drafted).toBe(5)
    expect(one.bySource.sentence.pending).toBe(0)
    // Another tenant: nothing, even naming this tenant's questionnaire.
    expect((await answerQuality(db, b)).total.drafted).toBe(0)
    expect((await answerQuality(db, b, file.id)).total.drafted).toBe(0)
  })
})
