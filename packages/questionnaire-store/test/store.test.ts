import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type Database, migrateSchema, systemView, testDatabaseKinds } from '@portal/db'
import {
  libraryEntries,
  claimFile,
  countsOf,
  deleteCompany,
  findFile,
  finishFile,
  insertCompany,
  insertFile,
  listCompanies,
  listQuestions,
  migrations,
  questionnaireDb,
  renewFile,
  replaceQuestions,
  SCHEMA,
  saveDraft,
  setDrafted,
  staleFiles,
  undraftedQuestions,
  updateAnswer,
} from '../src/index.js'

describe.each(testDatabaseKinds())('questionnaire store on %s', (_kind, open) => {
  let database: Database
  const a = crypto.randomUUID()
  const b = crypto.randomUUID()
  beforeAll(async () => {
    database = systemView(await open()) // outside any request: the store's own tenant filters are the wall
    await migrateSchema(database, SCHEMA, migrations)
  })
  afterAll(async () => database?.close())

  it('keeps companies, files and questions per tenant, and drafts idempotently', async () => {
    const db = questionnaireDb(database)
    const company = await insertCompany(db, a, { companyName: 'Acme Vendor', complianceBucket: 'compliance', questionnairesBucket: 'questionnaires' })
    await insertCompany(db, b, { companyName: 'Other', complianceBucket: 'c', questionnairesBucket: 'q' })
    expect((await listCompanies(db, a)).map((c) => c.companyName)).toEqual(['Acme Vendor'])

    const file = await insertFile(db, a, {
      companyId: company.id,
      kind: 'questionnaire',
      fileName: 'caiq.xlsx',
      storageKey: `${a}/questionnaires/x`,
      format: 'xlsx',
    })
    expect(file.state).toBe('queued')
    expect(await findFile(db, b, file.id)).toBeUndefined()
    const lease = await claimFile(db, a, file.id, 60_000)
    expect(lease).toBeInstanceOf(Date)
    expect(await claimFile(db, a, file.id, 60_000)).toBeUndefined() // a live lease: another run holds it
    expect(await claimFile(db, b, file.id, 60_000)).toBeUndefined()
    // Only the holder renews; a renewal gives a new lease, and the old one no longer renews.
    expect(await renewFile(db, a, file.id, new Date(lease!.getTime() + 1), 60_000)).toBeUndefined()
    expect(await renewFile(db, b, file.id, lease!, 60_000)).toBeUndefined()
    const renewed = await renewFile(db, a, file.id, lease!, 120_000)
    expect(renewed!.getTime()).toBeGreaterThan(lease!.getTime())
    expect(await renewFile(db, a, file.id, lease!, 60_000)).toBeUndefined()

    const qs = [0, 1, 2].map((i) => ({
      sheet: 'S',
      row: i + 4,
      questionRef: `Q-${i}`,
      question: `Do you do thing ${i}?`,
      answerCells: [{ address: `C${i + 5}`, header: 'Answer', choices: ['Yes', 'No'] }],
    }))
    await replaceQuestions(db, a, file.id, qs)
    await replaceQuestions(db, a, file.id, qs) // re-run: same rows
    expect(await listQuestions(db, a, file.id)).toHaveLength(3)
    expect(await listQuestions(db, b, file.id)).toEqual([])
    await finishFile(db, a, file.id, { state: 'ready', total: 3 })

    const [first] = await undraftedQuestions(db, a, file.id)
    const draft = {
      answer: 'Yes, always.',
      choiceValue: 'Yes',
      citations: ['c1'],
      needsReview: false,
      reviewReason: '',
      answerSource: 'documents' as const,
      retrievedNarrative: 'evidence',
      documentName: 'p.pdf',
      fileAndFolder: 'compliance/p.pdf',
    }
    await saveDraft(db, a, first!.id, draft)
    await saveDraft(db, a, first!.id, { ...draft, answer: 'changed by a duplicate run' }) // drafted rows are not overwritten
    expect(await setDrafted(db, a, file.id)).toEqual({ drafted: 1, total: 3 })
    const saved = (await listQuestions(db, a, file.id))[0]!
    expect(saved).toMatchObject({
      answer: 'Yes, always.',
      choiceValue: 'Yes',
      citations: ['c1'],
      llmReviewRespons: 0,
      drafted: true,
      answerCells: qs[0]!.answerCells,
    })

    expect(await countsOf(db, a, file.id)).toEqual({ countOfApproved: 0, countOfReview: 3, total: 3, answered: 0, filled: 1, drafted: 1, empty: 2 })
    await updateAnswer(db, a, first!.id, { answer: 'Yes, always.', choiceValue: null, reviewstatus: false, llmstatus: true, comment: '', by: 'Test User' })
    expect(await countsOf(db, a, file.id)).toEqual({ countOfApproved: 1, countOfReview: 2, total: 3, answered: 1, filled: 1, drafted: 1, empty: 2 })
    expect((await libraryEntries(db, a)).map((e) => e.answer)).toEqual(['Yes, always.'])
    expect(await libraryEntries(db, b)).toEqual([])
    expect(
      await updateAnswer(db, b, first!.id, { answer: 'x', choiceValue: null, reviewstatus: true, llmstatus: true, comment: '', by: 'Test User' }),
    ).toBeUndefined()

    expect(await deleteCompany(db, b, company.id)).toBeUndefined()
    expect(await deleteCompany(db, a, company.id)).toEqual({ fileIds: [file.id], storageKeys: [`${a}/questionnaires/x`] })
    expect(await listQuestions(db, a, file.id)).toEqual([])
  })

  it('finds files left queued or running past their lease', async () => {
    const db = questionnaireDb(database)
    const company = await insertCompany(db, a, { companyName: 'Sweep Co', complianceBucket: 'c', questionnairesBucket: 'q' })
    const queued = await insertFile(db, a, { companyId: company.id, kind: 'compliance', fileName: 'a.pdf', storageKey: 'k1', format: 'pdf' })
    const stuck = await insertFile(db, a, { companyId: company.id, kind: 'compliance', fileName: 'b.pdf', storageKey: 'k2', format: 'pdf' })
    await claimFile(db, a, stuck.id, -1000) // its lease has already run out
    const ids = (await staleFiles(db)).map((f) => f.id)
    expect(ids).toEqual(expect.arrayContaining([queued.id, stuck.id]))
    expect(await claimFile(db, a, stuck.id, 60_000)).toBeInstanceOf(Date)
  })
})
