// One question's draft, whichever drafter made it: the choice reaches the sheet's own option, a
// draft that cites nothing has no choice and no confidence, reuse from the library says where the
// answer came from, and every draft that needs review says why.
import { describe, expect, it } from '@jest/globals'
import type { FoundChunk } from '@portal/knowledge'
import type { LibraryEntry } from '../src/answer-library.js'
import { type Drafter, draftQuestion, offlineDrafter } from '../src/draft-question.js'
import type { ModelDraft } from '../src/model-drafter.js'
import { knowledgeOf } from './knowledge-double.js'

const chunk = (id: string, text: string, page = 4): FoundChunk => ({ id, documentId: 'd1', documentName: 'policy.pdf', page, heading: '', text, rank: 1 })
const knowledge = knowledgeOf
/** A drafter that says whatever it is told to, as an unreliable model would. */
const saying = (d: Partial<ModelDraft>): Drafter =>
  Object.assign(
    async (): Promise<ModelDraft> => ({ answer: '', choice: undefined, confidence: 0, citations: [], needsReview: false, reviewReason: '', ...d }),
    { source: 'model' as const },
  )

const tenant = crypto.randomUUID()
const backups = chunk('c-backup', 'Backups are taken daily and kept for thirty days in a second region.')

describe('drafting one question', () => {
  it("saves the offline drafter's Yes as the sheet's own option, from the documents", async () => {
    const d = await draftQuestion({ knowledge: knowledge(tenant, [backups]), drafter: offlineDrafter }, tenant, 'Are backups taken daily?', {
      choices: ['Yes', 'No', 'N/A'],
    })
    expect(d).toMatchObject({
      choice: 'yes',
      choiceValue: 'Yes',
      citations: ['c-backup'],
      source: 'documents',
      documentName: 'policy.pdf',
      fileAndFolder: 'compliance/policy.pdf#page=4',
    })
    expect(d.answer).toContain('Backups are taken daily')
    // Yes / No columns spelled their own way get their own spelling.
    expect(
      (await draftQuestion({ knowledge: knowledge(tenant, [backups]), drafter: offlineDrafter }, tenant, 'Are backups taken daily?', { choices: ['Y', 'N'] }))
        .choiceValue,
    ).toBe('Y')
  })

  it('gives no answer, no Yes and no confidence to a draft that cites nothing, and says why it needs review', async () => {
    const sure = saying({ answer: 'Yes.', choice: 'yes', choiceValue: 'Yes', confidence: 1 })
    const none = await draftQuestion({ knowledge: knowledge(tenant, []), drafter: sure }, tenant, 'Are you FedRAMP authorized?', { choices: ['Yes', 'No'] })
    expect(none).toMatchObject({
      answer: '',
      choice: undefined,
      confidence: 0,
      needsReview: true,
      reviewReason: 'No passage of your documents was found for this question',
      source: '',
    })
    expect(none.choiceValue).toBeUndefined()
    const uncited = await draftQuestion({ knowledge: knowledge(tenant, [backups]), drafter: sure }, tenant, 'Are you FedRAMP authorized?', {
      choices: ['Yes', 'No'],
    })
    expect(uncited).toMatchObject({
      answer: '',
      choice: undefined,
      confidence: 0,
      needsReview: true,
      reviewReason: 'The answer cites no retrieved passage',
      documentName: '',
      source: '',
    })
    // A citation of something not retrieved for this question is no citation.
    const invented = await draftQuestion(
      { knowledge: knowledge(tenant, [backups]), drafter: saying({ answer: 'Yes.', choice: 'yes', confidence: 1, citations: ['c-elsewhere'] }) },
      tenant,
      'Are you FedRAMP authorized?',
      { choices: ['Yes', 'No'] },
    )
    expect(invented).toMatchObject({
      answer: '',
      choice: undefined,
      confidence: 0,
      citations: [],
      needsReview: true,
      reviewReason: 'The answer cites no retrieved passage',
      source: '',
    })
    // Another tenant's documents are never evidence.
    const other = await draftQuestion({ knowledge: knowledge(tenant, [backups]), drafter: offlineDrafter }, crypto.randomUUID(), 'Are backups taken daily?', {
      choices: ['Yes', 'No'],
    })
    expect(other).toMatchObject({ answer: '', choice: undefined, confidence: 0, citations: [], needsReview: true, source: '' })
  })

  it("keeps a drafter's option only when it is one of the question's own and means the same", async () => {
    const d = await draftQuestion(
      {
        knowledge: knowledge(tenant, [backups]),
        drafter: saying({ answer: 'Backups are taken daily.', choice: 'yes', choiceValue: 'Sí', confidence: 0.9, citations: ['c-backup'] }),
      },
      tenant,
      'Are backups taken daily?',
      { choices: ['Yes', 'No'] },
    )
    expect(d).toMatchObject({ choice: 'yes', choiceValue: 'Yes', needsReview: false, reviewReason: '', source: 'model' })
    // A retrieved document that talks to a model is named, and the draft waits for a person, however sure the drafter is.
    const flags = [
      { chunkId: 'c-note', documentName: 'note.pdf', page: 2, reason: 'instruction' as const },
      { chunkId: 'c-note2', documentName: 'note.pdf', page: 2, reason: 'instruction' as const },
    ]
    const flagged = await draftQuestion(
      {
        knowledge: knowledge(tenant, [backups]),
        drafter: saying({ answer: 'Backups are taken daily.', choice: 'yes', confidence: 0.99, citations: ['c-backup'], flags }),
      },
      tenant,
      'Are backups taken daily?',
    )
    expect(flagged).toMatchObject({
      answer: 'Backups are taken daily.',
      needsReview: true,
      reviewReason: 'Flagged: note.pdf, page 2 (instruction-like text)',
      flags,
    })
    const weak = await draftQuestion(
      {
        knowledge: knowledge(tenant, [backups]),
        drafter: saying({ answer: 'Backups are taken daily.', confidence: 0.3, citations: ['c-backup'], needsReview: true }),
      },
      tenant,
      'Are backups taken daily?',
    )
    expect(weak.reviewReason).toBe('Weak evidence: check the cited passage')
  })

  it('reuses a near-identical approved answer with its similarity as confidence, saying where it came from', async () => {
    const library: LibraryEntry[] = [
      {
        id: 'l1',
        question: 'Do you conduct internal audits regularly as prescribed by industry best practices?',
        answer: 'Yes, quarterly.',
        choiceValue: 'Yes',
        fileName: 'CAIQ 2024.xlsx',
      },
      { id: 'l2', question: 'Are backups taken every day?', answer: 'Nightly.', choiceValue: 'N/A', fileName: 'SIG.xlsx' },
    ]
    const deps = { knowledge: knowledge(tenant, [backups]), drafter: offlineDrafter }
    const reused = await draftQuestion(deps, tenant, 'Do you conduct internal audits regularly, as prescribed by industry best practices?', {
      choices: ['Yes', 'No', 'Not Applicable'],
      library,
    })
    expect(reused).toMatchObject({
      answer: 'Yes, quarterly.',
      choice: 'yes',
      choiceValue: 'Yes',
      confidence: 1,
      needsReview: false,
      reviewReason: '',
      source: 'library',
      citations: [],
      retrievedNarrative:
        'From the answer library: approved answer of CAIQ 2024.xlsx — Do you conduct internal audits regularly as prescribed by industry best practices?',
    })
    // One word apart is another question: external audits are not internal ones.
    const external = await draftQuestion(deps, tenant, 'Do you conduct external audits regularly as prescribed by industry best practices?', { library })
    expect(external.source).not.toBe('library')
    expect(external.answer).not.toBe('Yes, quarterly.')
  })

  it("answers from a document's question/answer pair reworded, cited to its page, with the sheet's own choice", async () => {
    const pair: LibraryEntry = {
      id: 'p1',
      question: 'Is MFA enforced for administrators?',
      answer: 'Yes. Admin access requires SSO with hardware keys.',
      choiceValue: 'Yes',
      source: 'pair',
      documentName: 'security-faq.pdf',
      page: 3,
    }
    const d = await draftQuestion(
      { knowledge: knowledge(tenant, [backups]), drafter: offlineDrafter },
      tenant,
      'Is multi-factor authentication required for administrators?',
      {
        choices: ['Y', 'N', 'N/A'],
        library: [pair],
      },
    )
    expect(d).toMatchObject({
      answer: 'Yes. Admin access requires SSO with hardware keys.',
      choice: 'yes',
      choiceValue: 'Y',
      source: 'pair',
      needsReview: false,
      documentName: 'security-faq.pdf',
      fileAndFolder: 'compliance/security-faq.pdf#page=3',
      retrievedNarrative: 'From a question answered in security-faq.pdf, page 3 — Is MFA enforced for administrators?',
    })
  })

  it('shows a close but different question as a suggestion for review, never as the answer', async () => {
    const entry: LibraryEntry = {
      id: 'l1',
      question: 'Are policies and procedures reviewed and updated at least annually?',
      answer: 'Yes, every year by the CISO.',
      choiceValue: 'Yes',
      source: 'import',
      fileName: 'CAIQ-filled.xlsx',
      sheet: 'CAIQ',
      row: 12,
    }
    const d = await draftQuestion({ knowledge: knowledge(tenant, []), drafter: offlineDrafter }, tenant, 'Are policies and procedures reviewed periodically?', {
      choices: ['Yes', 'No'],
      library: [entry],
    })
    expect(d.source).not.toBe('library')
    expect(d.answer).toBe('')
    expect(d.choiceValue).toBeUndefined()
    expect(d.needsReview).toBe(true)
    expect(d.reviewReason).toContain('A similar question was answered before (From the answer library: CAIQ-filled.xlsx, sheet CAIQ, row 12')
    expect(d.retrievedNarrative).toContain('Yes, every year by the CISO.')
  })
})
