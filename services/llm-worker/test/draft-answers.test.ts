// The draft-answers job waits for the client's documents still being read, then drafts from them;
// approved answers of earlier questionnaires come first, with their choice. What is saved: the
// drafter's choice as the question's own option, where the answer came from, and why it needs review.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createMemoryBus } from '@portal/bus'
import { type Database, migrateSchema, systemView, testDatabaseKinds } from '@portal/db'
import { type Drafter, type ModelDraft, offlineDrafter } from '@portal/drafting'
import { knowledgeDb, replaceDocumentChunks } from '@portal/knowledge'
import {
  finishFile,
  insertCompany,
  insertFile,
  listQuestions,
  migrations,
  questionnaireDb,
  questionnaireKnowledge,
  replaceQuestions,
  SCHEMA,
  updateAnswer,
} from '@portal/questionnaire-store'
import { JobNotReadyError } from '@portal/queue'
import { draftAnswers } from '../src/jobs/draft-answers.js'
import { clientWithDocument } from './client-with-document.js'

describe.each(testDatabaseKinds())('draft-answers job on %s', (_kind, open) => {
  let database: Database
  beforeAll(async () => {
    database = systemView(await open()) // jobs run in their payload's tenant in the workers; here, outside any scope
    await migrateSchema(database, SCHEMA, migrations)
  })
  afterAll(async () => database?.close())

  const deps = (drafter: Drafter = offlineDrafter) => ({ db: database, bus: createMemoryBus(), knowledge: questionnaireKnowledge(database), drafter })
  /** A client with one read compliance document of the given passages, and a questionnaire. */
  const client = (passages: string[]) =>
    clientWithDocument(
      database,
      passages.map((text, i) => ({ ordinal: i, page: i + 3, heading: '', text })),
    )

  it('waits while a compliance document is being read, then cites it', async () => {
    const db = questionnaireDb(database)
    const tenantId = crypto.randomUUID()
    const company = await insertCompany(db, tenantId, { companyName: 'Waiting Client', complianceBucket: 'c', questionnairesBucket: 'q' })
    const doc = await insertFile(db, tenantId, { companyId: company.id, kind: 'compliance', fileName: 'policy.pdf', storageKey: 'k1', format: 'pdf' })
    const questionnaire = await insertFile(db, tenantId, { companyId: company.id, kind: 'questionnaire', fileName: 'q.xlsx', storageKey: 'k2', format: 'xlsx' })
    await replaceQuestions(db, tenantId, questionnaire.id, [
      { sheet: 'S', row: 4, questionRef: '1', question: 'Is customer data encrypted at rest?', answerCells: [] },
    ])
    const job = { tenantId, fileId: questionnaire.id }

    await expect(draftAnswers(deps(), job)).rejects.toBeInstanceOf(JobNotReadyError) // the document is still queued

    await replaceDocumentChunks(knowledgeDb(database, SCHEMA), tenantId, { id: doc.id, name: 'policy.pdf' }, [
      { ordinal: 0, page: 3, heading: 'Encryption', text: 'All customer data is encrypted at rest using AES-256 keys managed in a key management service.' },
    ])
    await finishFile(db, tenantId, doc.id, { state: 'ready', total: 3 })
    await draftAnswers(deps(), job)
    const [q] = await listQuestions(db, tenantId, questionnaire.id)
    expect(q).toMatchObject({ drafted: true, documentName: 'policy.pdf', fileAndFolder: 'compliance/policy.pdf#page=3', answerSource: 'documents' })
    expect(q!.answer).toContain('AES-256')
  })

  it("saves the offline drafter's Yes as each sheet's own option, and why the rest needs review", async () => {
    const { db, tenantId, questionnaire } = await client(['Backups are taken daily and kept for thirty days in a second region.'])
    const dropdown = [
      { address: 'C2', header: 'Answer', role: 'choice' as const, choices: ['Yes', 'No', 'N/A'] },
      { address: 'D2', header: 'Comments', role: 'narrative' as const },
    ]
    const marks = [
      { address: 'F3', header: 'Yes', role: 'mark' as const },
      { address: 'G3', header: 'No', role: 'mark' as const },
      { address: 'H3', header: 'Not Applicable', role: 'mark' as const },
    ]
    await replaceQuestions(db, tenantId, questionnaire.id, [
      { sheet: 'S', row: 2, questionRef: 'BCR-1', question: 'Are backups taken daily?', answerCells: dropdown },
      { sheet: 'S', row: 3, questionRef: 'BCR-2', question: 'Are backups taken daily?', answerCells: marks },
      {
        sheet: 'S',
        row: 4,
        questionRef: 'BCR-3',
        question: 'Are backups taken daily?',
        answerCells: [{ address: 'C4', header: 'Response', role: 'narrative' as const }],
      },
      { sheet: 'S', row: 5, questionRef: 'GOV-9', question: 'Are you FedRAMP authorized?', answerCells: dropdown },
    ])
    await draftAnswers(deps(), { tenantId, fileId: questionnaire.id })
    const [dropdownQ, marksQ, textQ, fedramp] = await listQuestions(db, tenantId, questionnaire.id)
    expect(dropdownQ).toMatchObject({ choiceValue: 'Yes', answerSource: 'documents', citations: [expect.any(String)] })
    expect(dropdownQ!.answer).toContain('Backups are taken daily')
    expect(marksQ).toMatchObject({ choiceValue: 'Yes', answerSource: 'documents' })
    expect(textQ).toMatchObject({ choiceValue: null, answerSource: 'documents' }) // a free-text answer has no option to set
    // Nothing supports FedRAMP: no answer, no choice, and the reviewer is told why.
    expect(fedramp).toMatchObject({ answer: '', choiceValue: null, answerSource: '', llmReviewRespons: 1, citations: [] })
    expect(fedramp!.reviewReason).not.toBe('')
  })

  it('saves nothing a drafter claims without citing, and says so', async () => {
    const { db, tenantId, questionnaire } = await client(['Backups are taken daily and kept for thirty days in a second region.'])
    await replaceQuestions(db, tenantId, questionnaire.id, [
      {
        sheet: 'S',
        row: 2,
        questionRef: '1',
        question: 'Are backups encrypted?',
        answerCells: [{ address: 'C2', header: 'Answer', role: 'choice', choices: ['Yes', 'No'] }],
      },
    ])
    const overconfident: Drafter = Object.assign(
      async (): Promise<ModelDraft> => ({
        answer: 'Yes.',
        choice: 'yes',
        choiceValue: 'Yes',
        confidence: 1,
        citations: [],
        needsReview: false,
        reviewReason: '',
      }),
      { source: 'model' as const },
    )
    await draftAnswers(deps(overconfident), { tenantId, fileId: questionnaire.id })
    const [q] = await listQuestions(db, tenantId, questionnaire.id)
    expect(q).toMatchObject({ answer: '', choiceValue: null, answerSource: '', llmReviewRespons: 1, reviewReason: 'The answer cites no retrieved passage' })
  })

  it('reuses an approved answer and its choice, spelled as the new sheet spells it, saying where it came from', async () => {
    const db = questionnaireDb(database)
    const tenantId = crypto.randomUUID()
    const company = await insertCompany(db, tenantId, { companyName: 'Returning Client', complianceBucket: 'c', questionnairesBucket: 'q' })
    const earlier = await insertFile(db, tenantId, { companyId: company.id, kind: 'questionnaire', fileName: 'old.xlsx', storageKey: 'k1', format: 'xlsx' })
    await replaceQuestions(db, tenantId, earlier.id, [
      {
        sheet: 'S',
        row: 2,
        questionRef: '7',
        question: 'Do you store cardholder data?',
        answerCells: [{ address: 'C2', header: 'Answer', choices: ['Yes', 'No', 'N/A'] }],
      },
    ])
    const [old] = await listQuestions(db, tenantId, earlier.id)
    await updateAnswer(db, tenantId, old!.id, {
      answer: 'No cardholder data is stored; payments go to the processor.',
      choiceValue: 'N/A',
      reviewstatus: false,
      llmstatus: true,
      comment: '',
      by: 'Test User',
    })
    // Another tenant's approved answer to the same question is not this tenant's library.
    const stranger = crypto.randomUUID()
    const theirs = await insertFile(db, stranger, {
      companyId: (await insertCompany(db, stranger, { companyName: 'X', complianceBucket: 'c', questionnairesBucket: 'q' })).id,
      kind: 'questionnaire',
      fileName: 'theirs.xlsx',
      storageKey: 'k9',
      format: 'xlsx',
    })
    await replaceQuestions(db, stranger, theirs.id, [{ sheet: 'S', row: 2, questionRef: '1', question: 'Do you store cardholder data?', answerCells: [] }])
    await updateAnswer(db, stranger, (await listQuestions(db, stranger, theirs.id))[0]!.id, {
      answer: 'Yes, everything.',
      choiceValue: null,
      reviewstatus: true,
      llmstatus: true,
      comment: '',
      by: 'Test User',
    })

    const next = await insertFile(db, tenantId, { companyId: company.id, kind: 'questionnaire', fileName: 'caiq.xlsx', storageKey: 'k2', format: 'xlsx' })
    const marks = [
      { address: 'F5', header: 'Yes' },
      { address: 'G5', header: 'No' },
      { address: 'H5', header: 'Not Applicable' },
      { address: 'I5', header: 'Notes' },
    ]
    await replaceQuestions(db, tenantId, next.id, [
      { sheet: 'S', row: 5, questionRef: 'DSI-01', question: 'Do you store cardholder data?', answerCells: marks },
      { sheet: 'S', row: 6, questionRef: 'DSI-02', question: 'Do you store cardholder data outside the EU?', answerCells: marks }, // another question
    ])
    await draftAnswers(deps(), { tenantId, fileId: next.id })
    const [q, outside] = await listQuestions(db, tenantId, next.id)
    expect(q).toMatchObject({
      answer: 'No cardholder data is stored; payments go to the processor.',
      choiceValue: 'Not Applicable',
      documentName: 'Answer library',
      llmReviewRespons: 0,
      answerSource: 'library',
      reviewReason: '',
      retrievedNarrative: 'From the answer library: approved answer of old.xlsx, sheet S, row 3 — Do you store cardholder data?',
    })
    expect(outside).toMatchObject({ answer: '', answerSource: '', choiceValue: null })
  })

  it("reuses an answer of a CAIQ v4 questionnaire for the CAIQ v3.0.1 question CSA maps to it, for review, reading each file's ids in its version", async () => {
    const db = questionnaireDb(database)
    const tenantId = crypto.randomUUID()
    const company = await insertCompany(db, tenantId, { companyName: 'Two Versions', complianceBucket: 'c', questionnairesBucket: 'q' })
    const dropdown = [{ address: 'C3', header: 'CSP CAIQ Answer', choices: ['Yes', 'No', 'NA'] }]
    const v4 = await insertFile(db, tenantId, { companyId: company.id, kind: 'questionnaire', fileName: 'caiq-v4.xlsx', storageKey: 'k1', format: 'xlsx' })
    await replaceQuestions(db, tenantId, v4.id, [
      {
        sheet: 'CAIQ',
        row: 3,
        questionRef: 'DCS-08.1',
        question: 'Is equipment identification used as a method for connection authentication?',
        answerCells: dropdown,
      },
      {
        sheet: 'CAIQ',
        row: 4,
        questionRef: 'A&A-02.1',
        question: 'Are independent audit and assurance assessments conducted according to relevant standards at least annually?',
        answerCells: dropdown,
      },
    ])
    for (const [q, answer] of (await listQuestions(db, tenantId, v4.id)).map(
      (q, i) => [q, ['Devices are identified by certificate.', 'SOC 2 Type II, yearly.'][i]!] as const,
    ))
      await updateAnswer(db, tenantId, q.id, { answer, choiceValue: 'Yes', reviewstatus: false, llmstatus: true, comment: '', by: 'Test User' })

    const v3 = await insertFile(db, tenantId, { companyId: company.id, kind: 'questionnaire', fileName: 'caiq-v3.xlsx', storageKey: 'k2', format: 'xlsx' })
    const marks = [
      { address: 'F5', header: 'Yes' },
      { address: 'G5', header: 'No' },
      { address: 'H5', header: 'Not Applicable' },
    ]
    await replaceQuestions(db, tenantId, v3.id, [
      {
        sheet: 'CAIQ',
        row: 5,
        questionRef: 'AAC-01.1',
        question: 'Do you produce audit assertions using a structured, industry accepted format?',
        answerCells: marks,
      },
      {
        sheet: 'CAIQ',
        row: 6,
        questionRef: 'DCS-03.1',
        question: 'Is automated equipment identification used as a method to validate connection authentication integrity based on known equipment location?',
        answerCells: marks,
      },
      // v3.0.1's DCS-08 (unauthorized ingress) is not v4's DCS-08: the same letters earn nothing.
      {
        sheet: 'CAIQ',
        row: 7,
        questionRef: 'DCS-08.1',
        question: 'Is automated equipment identification used as a method to validate connection authentication integrity based on known equipment location?',
        answerCells: marks,
      },
    ])
    await draftAnswers(deps(), { tenantId, fileId: v3.id })
    const [, mapped, sameLetters] = await listQuestions(db, tenantId, v3.id)
    expect(mapped).toMatchObject({
      answer: 'Devices are identified by certificate.',
      choiceValue: 'Yes',
      answerSource: 'library',
      llmReviewRespons: 1,
      reviewReason: 'Reused from the CAIQ control CSA maps to this one, asked more or less narrowly there: check that the answer applies',
      retrievedNarrative:
        'From the answer library: approved answer of caiq-v4.xlsx, sheet CAIQ, row 4 — Is equipment identification used as a method for connection authentication?',
    })
    expect(sameLetters).toMatchObject({ answer: '', answerSource: '', choiceValue: null })
  })
})
