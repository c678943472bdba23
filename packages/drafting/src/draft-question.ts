// One question's draft, the same for a questionnaire's job and for a one-off question: the answer
// library first, then retrieval from the tenant's documents and the drafter (the model when
// configured, else the offline drafter). The evidence shown to the reviewer goes with it.
import type { FoundChunk, KnowledgeIndex } from '@portal/knowledge'
import { findLibraryAnswer, type LibraryEntry } from './answer-library.js'
import { carryChoice, markOf } from './choices.js'
import { createModelDrafter, type ModelConfig, type ModelDraft } from './model-drafter.js'
import { draftOffline, type Evidence } from './offline-drafter.js'

export type Drafter = (question: string, evidence: Evidence[], choices?: string[]) => Promise<ModelDraft>

export const offlineDrafter: Drafter = async (question, evidence) => draftOffline(question, evidence)

/** The model when one is configured, else the offline drafter: callers do not know which. */
export const createDrafter = (llm: ModelConfig | undefined): Drafter => (llm ? createModelDrafter(llm) : offlineDrafter)

export interface QuestionDraft extends ModelDraft {
  retrievedNarrative: string
  documentName: string
  fileAndFolder: string
  /** The chunks shown as context: the cited ones, else the best retrieved. */
  shown: FoundChunk[]
  fromLibrary: boolean
}

export async function draftQuestion(
  deps: { knowledge: KnowledgeIndex; drafter: Drafter },
  tenantId: string,
  question: string,
  opts: { choices?: string[] | undefined; documentIds?: string[] | undefined; library?: LibraryEntry[] } = {},
): Promise<QuestionDraft> {
  const reused = opts.library ? findLibraryAnswer(question, opts.library) : undefined
  if (reused) {
    // The approved choice comes along, as this sheet spells it ("N/A" there may be "Not Applicable" here).
    const choiceValue = carryChoice(reused.choiceValue, opts.choices)
    return {
      answer: reused.answer, choice: choiceValue ? markOf(choiceValue) : undefined, confidence: reused.similarity, citations: [], needsReview: false, shown: [], fromLibrary: true,
      ...(choiceValue ? { choiceValue } : {}),
      retrievedNarrative: `Approved answer of an earlier questionnaire: "${reused.question}"`, documentName: 'Answer library', fileAndFolder: '',
    }
  }
  const found = await deps.knowledge.search(tenantId, question, 5, opts.documentIds)
  const evidence = found.map((c) => ({ chunkId: c.id, documentName: c.documentName, page: c.page, text: c.text }))
  const draft = await deps.drafter(question, evidence, opts.choices)
  const cited = found.filter((c) => draft.citations.includes(c.id))
  const shown = cited.length ? cited : found.slice(0, 3)
  return {
    ...draft,
    shown,
    fromLibrary: false,
    retrievedNarrative: shown.map((c) => `${c.documentName}, page ${c.page}${c.heading ? ` (${c.heading})` : ''}:\n${c.text}`).join('\n\n'),
    documentName: cited[0]?.documentName ?? '',
    fileAndFolder: cited[0] ? `compliance/${cited[0].documentName}#page=${cited[0].page}` : '',
  }
}
