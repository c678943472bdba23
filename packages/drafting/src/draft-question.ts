// One question's draft, the same for a questionnaire's job and for a one-off question: what the
// company already wrote first (answer library entries and its documents' question/answer pairs,
// matched by meaning: the same ask reuses the answer, a close one is only a suggestion), then
// retrieval from the tenant's documents and the drafter (the model when configured, else the
// offline drafter). Every drafter's draft is held to the same rules here:
// its choice becomes the sheet's own option, and nothing uncited carries a choice or confidence.
import { type FoundChunk, type KnowledgeIndex, passageText, type StoredPair } from '@portal/knowledge'
import type { LibraryEntry } from './answer-library.js'
import { carryChoice, mapChoice, markOf } from './choices.js'
import { REASONS } from './grounding.js'
import { createModelDrafter, type ModelConfig, type ModelDraft } from './model-drafter.js'
import type { Framework } from './framework-crosswalk.js'
import { questionMatcher } from './question-match.js'
import { createCitationLedger } from './citation-ledger.js'
import { type DraftFlag, draftOffline, type Evidence, offlineDrafterWith } from './offline-drafter.js'

/** Where a saved answer came from ('' = a person, or nothing drafted): the question's answer_source. */
export type AnswerSource = '' | 'library' | 'pair' | 'documents' | 'model'

export interface Drafter {
  (question: string, evidence: Evidence[], choices?: string[]): Promise<ModelDraft>
  /** What its drafts are made from: sentences of the documents (offline), or a model's wording. */
  readonly source: 'documents' | 'model'
  /** The model's name (source 'model'), recorded with its drafts so the console can name it. */
  readonly model?: string
  /** The drafter for one questionnaire's run, when it keeps state across its questions (the offline one's citation ledger). */
  forRun?(): Drafter
}

export const offlineDrafter: Drafter = Object.assign(
  async (question: string, evidence: Evidence[], choices?: string[]): Promise<ModelDraft> => draftOffline(question, evidence, choices),
  {
    source: 'documents' as const,
    // A sentence that leads many unrelated questions of one questionnaire is boilerplate there.
    forRun: (): Drafter => offlineDrafterWith(createCitationLedger()),
  },
)

/** The model when one is configured, else the offline drafter: callers do not know which. */
export const createDrafter = (llm: ModelConfig | undefined): Drafter =>
  llm ? Object.assign(createModelDrafter(llm), { source: 'model' as const, model: llm.model }) : offlineDrafter

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
  /** What the reviewer reads as context: `note`, then the text of each chunk in `shown`. */
  retrievedNarrative: string
  /** The part of it that is not a document's passage: a known answer's origin, a similar question's suggestion. */
  note: string
  documentName: string
  fileAndFolder: string
  /** The chunks shown as context: the cited ones, else the best retrieved. */
  shown: FoundChunk[]
}

/** The answers already written (library entries and documents' question/answer pairs), matched by meaning. */
export type KnownAnswers = ReturnType<typeof questionMatcher<LibraryEntry>>
export const knownAnswers = (entries: LibraryEntry[]): KnownAnswers => questionMatcher(entries)

const PAIR_CHOICE = { yes: 'Yes', no: 'No', na: 'N/A' } as const

/** A document's question/answer pairs as known answers, each cited to its document and page. */
export const pairEntries = (pairs: StoredPair[]): LibraryEntry[] =>
  pairs.map((p) => ({
    id: p.id,
    question: p.question,
    answer: p.answer,
    choiceValue: p.choice ? PAIR_CHOICE[p.choice] : null,
    source: 'pair',
    documentName: p.documentName,
    page: p.page,
  }))

/**
 * Where a reused answer came from, in the reviewer's words (issue 11's wording for the library): the
 * document's page for a pair; the file, and for an imported row its sheet and row, for a library entry.
 */
export function knownOrigin(entry: LibraryEntry): string {
  if (entry.source === 'pair')
    return `From a question answered in ${entry.documentName || 'your documents'}${entry.page ? `, page ${entry.page}` : ''} — ${entry.question}`
  const file = entry.fileName || 'an earlier questionnaire'
  const where = [entry.sheet ? `sheet ${entry.sheet}` : '', entry.row ? `row ${entry.row}` : ''].filter(Boolean).join(', ')
  const what = entry.source === 'import' ? file : `approved answer of ${file}`
  return `From the answer library: ${what}${where ? `, ${where}` : ''} — ${entry.question}`
}

/** A pair's page as the review page links it ("compliance/<document>#page=N"). */
const pairPlace = (entry: LibraryEntry) => (entry.source === 'pair' && entry.documentName ? `compliance/${entry.documentName}#page=${entry.page ?? 1}` : '')

/** The draft of a question answered before: its text, and its choice as this sheet spells it. */
function reuse(entry: LibraryEntry, score: number, choices: string[] | undefined, scope = false): QuestionDraft {
  const choiceValue = carryChoice(entry.choiceValue, choices)
  // The sheet asks for a choice the reused answer does not give: the reviewer picks it.
  const choiceMissing = Boolean(choices?.length) && !choiceValue
  const reasons = [choiceMissing ? REASONS.reusedNoChoice : '', scope ? REASONS.reusedAcrossVersions : ''].filter(Boolean)
  return {
    answer: entry.answer,
    choice: choiceValue ? markOf(choiceValue) : undefined,
    ...(choiceValue ? { choiceValue } : {}),
    confidence: score,
    citations: [],
    needsReview: reasons.length > 0,
    reviewReason: reasons.join('; '),
    source: entry.source === 'pair' ? 'pair' : 'library',
    shown: [],
    retrievedNarrative: knownOrigin(entry),
    note: knownOrigin(entry),
    documentName: entry.source === 'pair' ? (entry.documentName ?? '') : 'Answer library',
    fileAndFolder: pairPlace(entry),
  }
}

/** A close but different question answered before: shown to the reviewer beside the draft, never as it. */
function withSuggestion(d: QuestionDraft, entry: LibraryEntry): QuestionDraft {
  const said = `A similar question was answered before (${knownOrigin(entry)}): check whether its answer applies`
  const suggestion = `Suggested answer of a similar question — ${knownOrigin(entry)}:\n${entry.answer}`
  return {
    ...d,
    needsReview: true,
    reviewReason: [d.reviewReason, said].filter(Boolean).join('; '),
    retrievedNarrative: [suggestion, d.retrievedNarrative].filter(Boolean).join('\n\n'),
    note: [suggestion, d.note].filter(Boolean).join('\n\n'),
  }
}

export async function draftQuestion(
  deps: { knowledge: KnowledgeIndex; drafter: Drafter },
  tenantId: string,
  question: string,
  opts: {
    choices?: string[] | undefined
    documentIds?: string[] | undefined
    /** The answers already written, matched once for a whole questionnaire (knownAnswers). */
    known?: KnownAnswers
    /** Or the entries themselves, for one question. */
    library?: LibraryEntry[]
    /** The question's id in its file (a CAIQ or HECVAT id): the same id counts when the text agrees. */
    questionRef?: string | undefined
    /** The framework of the question's file (frameworkOf all its ids): how its id is read. */
    framework?: Framework | undefined
  } = {},
): Promise<QuestionDraft> {
  const known = opts.known ?? (opts.library?.length ? knownAnswers(opts.library) : undefined)
  const match = known?.match(question, { ...(opts.questionRef ? { questionRef: opts.questionRef } : {}), framework: opts.framework })
  if (match?.kind === 'same') return reuse(match.candidate, match.score, opts.choices, match.scope)
  const drafted = await draftFromDocuments(deps, tenantId, question, opts)
  return match ? withSuggestion(drafted, match.candidate) : drafted
}

/** Retrieval from the tenant's documents and the drafter (the model when configured, else offline). */
async function draftFromDocuments(
  deps: { knowledge: KnowledgeIndex; drafter: Drafter },
  tenantId: string,
  question: string,
  opts: { choices?: string[] | undefined; documentIds?: string[] | undefined },
): Promise<QuestionDraft> {
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
    retrievedNarrative: shown.map((c) => passageText(c, c.text)).join('\n\n'),
    note: '',
    documentName: cited[0]?.documentName ?? '',
    fileAndFolder: cited[0] ? `compliance/${cited[0].documentName}#page=${cited[0].page}` : '',
  }
}
