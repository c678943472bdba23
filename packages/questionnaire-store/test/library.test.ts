// The answer library's store (issue 24): approved answers derived with their edits and retirements,
// imported rows stored whole, company scoping, and the tenant wall on every id.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type Database, migrateSchema, systemView, testDatabaseKinds } from '@portal/db'
import {
  editLibraryEntry,
  findLibraryImport,
  finishLibraryImport,
  insertCompany,
  insertFile,
  insertImportedRows,
  insertLibraryImport,
  libraryEntries,
  libraryRecords,
  listQuestions,
  migrations,
  questionnaireDb,
  replaceQuestions,
  retireLibraryEntry,
  SCHEMA,
  updateAnswer,
} from '../src/index.js'

describe.each(testDatabaseKinds())('answer library store on %s', (_kind, open) => {
  let database: Database
  const a = crypto.randomUUID()
  const b = crypto.randomUUID()
  beforeAll(async () => {
    database = systemView(await open())
    await migrateSchema(database, SCHEMA, migrations)
  })
  afterAll(async () => database?.close())

  it('offers approved and imported entries, edited as edited, retired never again, per tenant and company', async () => {
    const db = questionnaireDb(database)
    const acme = await insertCompany(db, a, { companyName: 'Acme', complianceBucket: 'c', questionnairesBucket: 'q' })
    const other = await insertCompany(db, a, { companyName: 'Other client', complianceBucket: 'c', questionnairesBucket: 'q' })
    const file = await insertFile(db, a, { companyId: acme.id, kind: 'questionnaire', fileName: 'caiq-2025.xlsx', storageKey: 'k', format: 'xlsx' })
    await replaceQuestions(db, a, file.id, [
      { sheet: 'CAIQ', row: 4, questionRef: 'BCR-01.1', question: 'Do you have a business continuity plan?', answerCells: [] },
      { sheet: 'CAIQ', row: 5, questionRef: 'BCR-01.2', question: 'Is the plan tested every year?', answerCells: [] },
    ])
    const [q1, q2] = await listQuestions(db, a, file.id)
    await updateAnswer(db, a, q1!.id, { answer: 'Yes, reviewed yearly.', choiceValue: 'Yes', reviewstatus: false, llmstatus: true, comment: '', by: 'T' })
    await updateAnswer(db, a, q2!.id, { answer: 'Draft only', choiceValue: null, reviewstatus: true, llmstatus: false, comment: '', by: 'T' }) // not approved

    const imp = await insertLibraryImport(db, a, {
      companyId: null,
      fileName: 'vendor.xlsx',
      storageKey: 'k2',
      format: 'xlsx',
      state: 'imported',
      layout: null,
    })
    expect(
      await insertImportedRows(db, a, { importId: imp.id, companyId: null, sourceFile: 'vendor.xlsx' }, [
        { sheet: 'Sheet1', row: 7, questionRef: 'IAM-02', question: 'Is MFA required for administrators?', answer: 'Yes, through SSO.', choiceValue: 'Yes' },
      ]),
    ).toBe(1)
    const scoped = await insertLibraryImport(db, a, {
      companyId: other.id,
      fileName: 'other.csv',
      storageKey: 'k3',
      format: 'csv',
      state: 'imported',
      layout: null,
    })
    await insertImportedRows(db, a, { importId: scoped.id, companyId: other.id, sourceFile: 'other.csv' }, [
      { sheet: 'Sheet1', row: 2, questionRef: '', question: 'Do you encrypt backups?', answer: 'Yes, AES-256.', choiceValue: null },
    ])

    // Unscoped: the approved answer and the unscoped import; with the other company, its row too.
    const plain = await libraryEntries(db, a)
    expect(plain.map((e) => [e.source, e.question])).toEqual([
      ['approved', 'Do you have a business continuity plan?'],
      ['import', 'Is MFA required for administrators?'],
    ])
    expect(plain[1]).toMatchObject({ fileName: 'vendor.xlsx', sheet: 'Sheet1', row: 7, questionRef: 'IAM-02', choiceValue: 'Yes' })
    expect(plain[0]).toMatchObject({ id: q1!.id, fileName: 'caiq-2025.xlsx', choiceValue: 'Yes' })
    expect((await libraryEntries(db, a, { companyId: other.id })).map((e) => e.question)).toContain('Do you encrypt backups?')
    expect((await libraryEntries(db, a, { companyId: acme.id })).map((e) => e.question)).not.toContain('Do you encrypt backups?')
    expect(await libraryEntries(db, b)).toEqual([])
    expect((await libraryRecords(db, a, { all: true })).length).toBe(3)

    // Another tenant can neither edit nor retire them.
    expect(await editLibraryEntry(db, b, q1!.id, { answer: 'x' })).toBeUndefined()
    expect(await retireLibraryEntry(db, b, plain[1]!.id)).toBe(false)
    expect(await editLibraryEntry(db, a, q2!.id, { answer: 'x' })).toBeUndefined() // not approved: not an entry

    // Edit the approved one: offered as edited, reviewed now.
    const edited = await editLibraryEntry(db, a, q1!.id, { answer: 'Yes, tested twice a year.', choiceValue: 'Yes' })
    expect(edited).toMatchObject({ id: q1!.id, answer: 'Yes, tested twice a year.', source: 'approved' })
    expect(edited!.reviewedAt).toBeInstanceOf(Date)
    expect((await libraryEntries(db, a))[0]).toMatchObject({ id: q1!.id, answer: 'Yes, tested twice a year.' })
    // Approved anew afterwards with another answer: that one is offered.
    await new Promise((r) => setTimeout(r, 5))
    await updateAnswer(db, a, q1!.id, { answer: 'Yes, a plan since 2019.', choiceValue: 'Yes', reviewstatus: false, llmstatus: true, comment: '', by: 'T' })
    expect((await libraryEntries(db, a))[0]).toMatchObject({ answer: 'Yes, a plan since 2019.' })

    // Edit an imported one.
    const imported = await editLibraryEntry(db, a, plain[1]!.id, { choiceValue: null })
    expect(imported).toMatchObject({ choiceValue: null, answer: 'Yes, through SSO.' })
    expect(imported!.reviewedAt).toBeInstanceOf(Date)

    // Retire both: never offered again, not even after a new approval.
    expect(await retireLibraryEntry(db, a, q1!.id)).toBe(true)
    expect(await retireLibraryEntry(db, a, plain[1]!.id)).toBe(true)
    expect(await retireLibraryEntry(db, a, plain[1]!.id)).toBe(false) // already retired
    await updateAnswer(db, a, q1!.id, { answer: 'Yes, again.', choiceValue: 'Yes', reviewstatus: false, llmstatus: true, comment: '', by: 'T' })
    expect(await libraryEntries(db, a)).toEqual([])
  })

  it('keeps an import waiting on its columns, then finishes it', async () => {
    const db = questionnaireDb(database)
    const imp = await insertLibraryImport(db, a, {
      companyId: null,
      fileName: 'unsure.xlsx',
      storageKey: 'k9',
      format: 'xlsx',
      state: 'check',
      layout: null,
      unanswered: 0,
    })
    expect(await findLibraryImport(db, b, imp.id)).toBeUndefined()
    expect(await findLibraryImport(db, a, imp.id)).toMatchObject({ state: 'check', fileName: 'unsure.xlsx' })
    await finishLibraryImport(db, a, imp.id, { state: 'imported', layout: null, imported: 4, unanswered: 1 })
    expect(await findLibraryImport(db, a, imp.id)).toMatchObject({ state: 'imported', imported: 4, unanswered: 1 })
  })
})
