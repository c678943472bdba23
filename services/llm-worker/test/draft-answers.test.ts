// The draft-answers job waits for the client's documents still being read, then drafts from them;
// approved answers of earlier questionnaires come first, with their choice.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createMemoryBus } from '@portal/bus'
import { type Database, migrateSchema, openDatabase, systemView } from '@portal/db'
import { knowledgeDb, replaceDocumentChunks } from '@portal/knowledge'
import { finishFile, insertCompany, insertFile, listQuestions, migrations, questionnaireDb, replaceQuestions, SCHEMA, updateAnswer } from '@portal/questionnaire-store'
import { offlineDrafter } from '@portal/drafting'
import { questionnaireKnowledge } from '@portal/questionnaire-store'
import { JobNotReadyError } from '@portal/queue'
import { draftAnswers } from '../src/jobs/draft-answers.js'

describe('draft-answers job', () => {
  let database: Database
  beforeAll(async () => {
    database = systemView(await openDatabase({})) // jobs run in their payload's tenant in the workers; here, outside any scope
    await migrateSchema(database, SCHEMA, migrations)
  })
  afterAll(async () => database.close())

  it('waits while a compliance document is being read, then cites it', async () => {
    const db = questionnaireDb(database)
    const tenantId = crypto.randomUUID()
    const company = await insertCompany(db, tenantId, { companyName: 'Waiting Client', complianceBucket: 'c', questionnairesBucket: 'q' })
    const doc = await insertFile(db, tenantId, { companyId: company.id, kind: 'compliance', fileName: 'policy.pdf', storageKey: 'k1', format: 'pdf' })
    const questionnaire = await insertFile(db, tenantId, { companyId: company.id, kind: 'questionnaire', fileName: 'q.xlsx', storageKey: 'k2', format: 'xlsx' })
    await replaceQuestions(db, tenantId, questionnaire.id, [{ sheet: 'S', row: 4, questionRef: '1', question: 'Is customer data encrypted at rest?', answerCells: [] }])
    const deps = { db: database, bus: createMemoryBus(), knowledge: questionnaireKnowledge(database), drafter: offlineDrafter }
    const job = { tenantId, fileId: questionnaire.id }

    await expect(draftAnswers(deps, job)).rejects.toBeInstanceOf(JobNotReadyError) // the document is still queued

    await replaceDocumentChunks(knowledgeDb(database, SCHEMA), tenantId, { id: doc.id, name: 'policy.pdf' }, [
      { ordinal: 0, page: 3, heading: 'Encryption', text: 'All customer data is encrypted at rest using AES-256 keys managed in a key management service.' },
    ])
    await finishFile(db, tenantId, doc.id, { state: 'ready', total: 3 })
    await draftAnswers(deps, job)
    const [q] = await listQuestions(db, tenantId, questionnaire.id)
    expect(q).toMatchObject({ drafted: true, documentName: 'policy.pdf', fileAndFolder: 'compliance/policy.pdf#page=3' })
    expect(q!.answer).toContain('AES-256')
  })

  it('reuses an approved answer and its choice, spelled as the new sheet spells it', async () => {
    const db = questionnaireDb(database)
    const tenantId = crypto.randomUUID()
    const company = await insertCompany(db, tenantId, { companyName: 'Returning Client', complianceBucket: 'c', questionnairesBucket: 'q' })
    const earlier = await insertFile(db, tenantId, { companyId: company.id, kind: 'questionnaire', fileName: 'old.xlsx', storageKey: 'k1', format: 'xlsx' })
    await replaceQuestions(db, tenantId, earlier.id, [{ sheet: 'S', row: 2, questionRef: '7', question: 'Do you store cardholder data?', answerCells: [{ address: 'C2', header: 'Answer', choices: ['Yes', 'No', 'N/A'] }] }])
    const [old] = await listQuestions(db, tenantId, earlier.id)
    await updateAnswer(db, tenantId, old!.id, { answer: 'No cardholder data is stored; payments go to the processor.', choiceValue: 'N/A', reviewstatus: false, llmstatus: true, comment: '', answerHistory: [] })

    const next = await insertFile(db, tenantId, { companyId: company.id, kind: 'questionnaire', fileName: 'caiq.xlsx', storageKey: 'k2', format: 'xlsx' })
    const marks = [{ address: 'F5', header: 'Yes' }, { address: 'G5', header: 'No' }, { address: 'H5', header: 'Not Applicable' }, { address: 'I5', header: 'Notes' }]
    await replaceQuestions(db, tenantId, next.id, [{ sheet: 'S', row: 5, questionRef: 'DSI-01', question: 'Do you store cardholder data?', answerCells: marks }])
    await draftAnswers({ db: database, bus: createMemoryBus(), knowledge: questionnaireKnowledge(database), drafter: offlineDrafter }, { tenantId, fileId: next.id })
    const [q] = await listQuestions(db, tenantId, next.id)
    expect(q).toMatchObject({ answer: 'No cardholder data is stored; payments go to the processor.', choiceValue: 'Not Applicable', documentName: 'Answer library', llmReviewRespons: 0 })
  })
})
