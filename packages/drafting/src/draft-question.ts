// One question's draft, the same for a questionnaire's job and for a one-off question: the answer
// library first, then retrieval from the tenant's documents and the drafter (the model when
// configured, else the offline drafter). Every drafter's draft is held to the same rules here:
// its choice becomes the sheet's own option, and nothing uncited carries a choice or confidence.
import type { FoundChunk, KnowledgeIndex } from '@portal/knowledge'
import { findLibraryAnswer, type LibraryEntry } from './answer-library.js'
import { carryChoice, mapChoice, markOf } from './choices.js'
import { REASONS } from './grounding.js'
import { createModelDrafter, type ModelConfig, type ModelDraft } from './model-drafter.js'
import { type DraftFlag, draftOffline, type Evidence } from './offline-drafter.js'

/** Where a saved answer came from ('' = a person, or nothing drafted): the question's answer_source. */
export type AnswerSource = '' | 'library' | 'documents' | 'model'

export interface Drafter {
  (question: string, evidence: Evidence[], choices?: string[]): Promise<ModelDraft>
  /** What its drafts are made from: sentences of the documents (offline), or a model's wording. */
  readonly source: 'documents' | 'model'
}

export const offlineDrafter: Drafter = Object.assign(
  async (question: string, evidence: Evidence[], choices?: string[]): Promise<ModelDraft> => draftOffline(question, evidence, choices),
  { source: 'documents' as const },
)

/** The model when one is configured, else the offline drafter: callers do not know which. */
export const createDrafter = (llm: ModelConfig | undefined): Drafter =>
  llm ? Object.assign(createModelDrafter(llm), { source: 'model' as const }) : offlineDrafter

const FLAG_WORDS: Record<DraftFlag['reason'], string> = {
  instruction: 'instruction-like text',
  'active markup': 'active markup',
  formula: 'a spreadsheet formula',
}

/** The flagged documents by name and page, so the reviewer knows which document to deal with. */
const flaggedLine = (flags: DraftFlag[]) =>
  `Flagged: ${[...new Set(flags.map((f) => `${f.documentName}, page ${f.page} (${FLAG_WORDS[f.reason]})`))].join(', ')}`

/**
 * The rules every drafter's draft is held to: it cites only passages retrieved for it (`retrieved`,
 * their ids); the choice is one of the question's own options ("N/A" where the sheet says so); a
 * draft that cites nothing has no answer, no choice and no confidence, and needs review; a draft
 * that needs review says why; a retrieved document carrying text aimed at a model, markup or a
 * formula is named, and its draft waits for a person.
 */
export function settle(d: ModelDraft, options: string[] | undefined, retrieved: string[]): ModelDraft {
  const citations = d.citations.filter((id) => retrieved.includes(id))
  const cited = citations.length > 0
  const choice = cited ? d.choice : undefined
  const choiceValue = choice
    ? d.choiceValue && options?.includes(d.choiceValue) && markOf(d.choiceValue) === choice
      ? d.choiceValue
      : mapChoice(choice, options)
    : undefined
  const flagged = d.flags?.length ? flaggedLine(d.flags) : ''
  const needsReview = d.needsReview || !cited || Boolean(flagged)
  const fallback = !retrieved.length ? REASONS.noEvidence : !cited ? (d.answer ? REASONS.noCitation : REASONS.notAnswered) : REASONS.weak
  const said = d.needsReview || !cited ? d.reviewReason || fallback : d.reviewReason
  return {
    answer: cited ? d.answer : '',
    choice,
    ...(choiceValue ? { choiceValue } : {}),
    confidence: cited ? d.confidence : 0,
    citations,
    needsReview,
    reviewReason: needsReview ? [said, flagged].filter(Boolean).join('; ') : '',
    ...(d.flags ? { flags: d.flags } : {}),
  }
}

export interface QuestionDraft extends ModelDraft {
  source: AnswerSource
  retrievedNarrative: string
  documentName: string
  fileAndFolder: string
  /** The chunks shown as context: the cited ones, else the best retrieved. */
  shown: FoundChunk[]
}

/** The line the reviewer reads for a reused answer (spec wording of issue 11). */
export const libraryOrigin = (entry: Pick<LibraryEntry, 'fileName' | 'question' | 'sheet' | 'row' | 'source' | 'page' | 'documentName'>) => {
  const file = entry.fileName || entry.documentName || 'an earlier questionnaire'
  const where = [
    entry.sheet && !/^page \d+$/.test(entry.sheet) ? `sheet ${entry.sheet}` : '',
    entry.row ? `row ${entry.row}` : '',
    entry.page ? `page ${entry.page}` : '',
  ]
    .filter(Boolean)
    .join(', ')
  const what = entry.source === 'approved' || !entry.source ? `approved answer of ${file}` : file
  return `From the answer library: ${what}${where ? `, ${where}` : ''} — ${entry.question}`
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
      answer: reused.answer,
      choice: choiceValue ? markOf(choiceValue) : undefined,
      ...(choiceValue ? { choiceValue } : {}),
      confidence: reused.similarity,
      citations: [],
      needsReview: false,
      reviewReason: '',
      source: 'library',
      shown: [],
      retrievedNarrative: libraryOrigin(reused),
      documentName: 'Answer library',
      fileAndFolder: '',
    }
  }
  const found = await deps.knowledge.search(tenantId, question, 5, opts.documentIds)
  const evidence = found.map((c) => ({ chunkId: c.id, documentName: c.documentName, page: c.page, text: c.text }))
  const draft = settle(
    await deps.drafter(question, evidence, opts.choices),
    opts.choices,
    found.map((c) => c.id),
  )
  const cited = found.filter((c) => draft.citations.includes(c.id))
  const shown = cited.length ? cited : found.slice(0, 3)
  return {
    ...draft,
    source: draft.answer || draft.choiceValue ? deps.drafter.source : '',
    shown,
    retrievedNarrative: shown.map((c) => `${c.documentName}, page ${c.page}${c.heading ? ` (${c.heading})` : ''}:\n${c.text}`).join('\n\n'),
    documentName: cited[0]?.documentName ?? '',
    fileAndFolder: cited[0] ? `compliance/${cited[0].documentName}#page=${cited[0].page}` : '',
  }
}
