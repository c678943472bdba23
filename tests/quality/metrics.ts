// How a draft is judged against its label, mechanically (README.md, "Judging"), and the figures
// issue 11 sets targets for. Nothing here shares code with the drafter: the debris check and the
// sentence split are the judge's own, so a drafter bug cannot hide itself.

export type Mark = 'yes' | 'no' | 'na'

export interface LabelledItem {
  id: string
  questionnaire: string
  questionId: string
  question: string
  corpus: string
  choices: string[]
  passages: string[]
  choice: Mark | null
  note?: string
  /** The half the item belongs to: thresholds are tuned on 'tuning' only. */
  split?: 'tuning' | 'held-out'
  /** Answer-library corpora: the library rows (question ids of the filled questionnaire) that answer the same ask. */
  library?: string[]
  /** Corpora with Q&A in their documents: the documents' own questions (verbatim) that ask the same. */
  pairs?: string[]
}

/** Where a draft's answer came from: a library row, a Q&A pair of the documents, a sentence of the documents, or a model. */
export type DraftSource = 'library' | 'pair' | 'sentence' | 'model'

/** The library entry a draft reused: a row of a filled questionnaire (`ref`: its question id) or a pair found in a document. */
export interface Reused {
  kind: 'library' | 'pair'
  ref: string
  question: string
}

export interface DraftLike {
  answer: string
  choice?: Mark | undefined
  confidence: number
  citations: string[]
  needsReview: boolean
  reviewReason?: string
}

export interface Judged {
  item: LabelledItem
  draft: DraftLike
  answered: boolean
  /** The answer's first sentence comes from a labelled passage. */
  supported: boolean
  sentences: number
  sentencesSupported: number
  debris: string[]
  /** Right as a reviewer would accept it unchanged: supported, and the choice the label's. */
  correct: boolean
  /** A retrieved chunk contains a labelled passage (answerable items). */
  retrieved?: boolean
  /** Where the answer came from (answered drafts). */
  source?: DraftSource
  /** A close entry shown to the reviewer beside the draft (not as it): one the label names, or another. */
  suggested?: 'labelled' | 'other'
}

/** Letters and digits only: PDF line breaks, hyphenation and split ligatures ("con fi dential") do not count. */
export const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '')

/** An answer's sentences: split after . ! ? before a capital, digit or bracket; scraps join the sentence before. */
export function answerSentences(answer: string): string[] {
  const parts = answer
    .split(/(?<=[.!?])\s+(?=[A-Z0-9[(])/)
    .map((s) => s.trim())
    .filter(Boolean)
  const out: string[] = []
  for (const p of parts) {
    if (out.length && norm(p).length < 12) out[out.length - 1] += ` ${p}`
    else out.push(p)
  }
  return out
}

/**
 * A sentence comes from a labelled passage when the passage contains it, or it contains the passage
 * and the passage is most of it (a list item the drafter completed with a period, a "Label:" it kept).
 */
export function fromPassage(sentence: string, passages: string[]): boolean {
  const s = norm(sentence)
  if (s.length < 12) return false
  return passages.some((p) => {
    const q = norm(p)
    return q.includes(s) || (s.includes(q) && q.length >= 0.6 * s.length)
  })
}

const DEBRIS: [string, RegExp][] = [
  ['markdown heading', /(^|\s)#{1,6}\s/],
  ['markdown emphasis', /\*\*|__|`|(^|\s)[*_][^*_\s][^*_]*[*_](?=[\s:.,;]|$)/],
  ['markdown quote', /(^|\s)>\s/],
  ['markdown link', /\]\(|!\[/],
  ['table row', /\||\bStep Who What\b|\bRole Responsibility\b|\bPolicy Section Standard\b|\bProcedure Step\(s\)/],
  ['control reference', /\bCC\d\.\d+ - /],
  ['list marker', /(^|[.:]\s)[•●▪◦–*+-]\s/],
  ['section number with heading', /(^|\s)\d+(\.\d+)+\s+[A-Z][A-Za-z-]*(\s+(and|of|the|&|[A-Z][A-Za-z-]*))*\s+[A-Z]/],
  ['url', /https?:\/\/|www\.|\b[a-z0-9-]+\.(com|org|gov|io|net)\//i],
  ['html', /<\/?[a-z!][^>]*>/i],
  ['formula', /(^|\s)[=+@]\s*[A-Z]+\(|=HYPERLINK/i],
  ['dangling list intro', /:$/],
  ['page number or fragment end', /[^.!?)"”’\]]$/],
]

/** What in an answer is not a sentence a reviewer would keep: headings, table rows, list stubs, Markdown, links, markup. */
export function debrisOf(answer: string): string[] {
  const found = new Set<string>()
  for (const s of answerSentences(answer)) for (const [name, re] of DEBRIS) if (re.test(s)) found.add(name)
  return [...found]
}

/** An item the labels say can be answered: a passage of its documents, a library row or a pair answers it. */
export const isAnswerable = (item: LabelledItem) => item.passages.length > 0 || (item.library?.length ?? 0) > 0 || (item.pairs?.length ?? 0) > 0

/** A reused entry is right when it is one the label names: the row by its question id, the pair by its question. */
export function reusedLabelled(item: LabelledItem, reused: Reused): boolean {
  if (reused.kind === 'library') return (item.library ?? []).includes(reused.ref)
  return (item.pairs ?? []).some((q) => norm(q) === norm(reused.question))
}

/**
 * A draft against its label. A reused entry (library row or document pair) is judged by whether the
 * label names it, its text by the debris rules; a drafted answer by whether its first sentence comes
 * from a labelled passage. A library answer with no text but a choice counts as answered.
 */
export function judge(item: LabelledItem, draft: DraftLike, reused?: Reused, source?: DraftSource): Judged {
  const answered = draft.answer.trim().length > 0 || Boolean(reused && draft.choice)
  const sentences = draft.answer.trim() ? answerSentences(draft.answer) : []
  const ok = reused ? sentences.map(() => reusedLabelled(item, reused)) : sentences.map((s) => fromPassage(s, item.passages))
  const supported = reused ? reusedLabelled(item, reused) : (ok[0] ?? false)
  const choiceRight = item.choice ? draft.choice === item.choice : draft.choice === undefined
  return {
    item,
    draft,
    answered,
    supported,
    sentences: sentences.length,
    sentencesSupported: ok.filter(Boolean).length,
    debris: answered ? debrisOf(draft.answer) : [],
    correct: answered && supported && choiceRight,
    ...(answered ? { source: source ?? (reused ? reused.kind : 'sentence') } : {}),
  }
}

const pct = (n: number, d: number) => (d ? (100 * n) / d : Number.NaN)

export interface Figures {
  items: number
  answerable: number
  retrieval: number
  answered: number
  abstained: number
  answeredUnanswerable: number
  support: number
  sentenceSupport: number
  choices: number
  choicePrecision: number
  choiceRecall: number
  choiceCoverage: number
  /** Answerable items with an answer (text or a reused choice). */
  answeredOfAnswerable: number
  noReview: number
  noReviewPrecision: number
  distinctRatio: number
  debris: number
  flagged: number
}

export function figures(judged: Judged[]): Figures {
  const answered = judged.filter((j) => j.answered)
  const answerable = judged.filter((j) => isAnswerable(j.item))
  const withChoice = judged.filter((j) => j.draft.choice)
  const labelled = judged.filter((j) => j.item.choice)
  const noReview = answered.filter((j) => !j.draft.needsReview)
  return {
    items: judged.length,
    answerable: answerable.length,
    retrieval: pct(answerable.filter((j) => j.retrieved).length, answerable.length),
    answered: answered.length,
    abstained: judged.length - answered.length,
    answeredUnanswerable: answered.filter((j) => !isAnswerable(j.item)).length,
    support: pct(answered.filter((j) => j.supported).length, answered.length),
    sentenceSupport: pct(
      answered.reduce((n, j) => n + j.sentencesSupported, 0),
      answered.reduce((n, j) => n + j.sentences, 0),
    ),
    choices: withChoice.length,
    choicePrecision: pct(withChoice.filter((j) => j.draft.choice === j.item.choice).length, withChoice.length),
    choiceRecall: pct(labelled.filter((j) => j.draft.choice === j.item.choice).length, labelled.length),
    choiceCoverage: pct(answerable.filter((j) => j.draft.choice).length, answerable.length),
    answeredOfAnswerable: pct(answerable.filter((j) => j.answered).length, answerable.length),
    noReview: noReview.length,
    noReviewPrecision: pct(noReview.filter((j) => j.correct).length, noReview.length),
    distinctRatio: answered.length ? new Set(answered.map((j) => j.draft.answer)).size / answered.length : Number.NaN,
    debris: answered.filter((j) => j.debris.length).length,
    flagged: judged.filter((j) => /instruction-like/.test(j.draft.reviewReason ?? '')).length,
  }
}

/**
 * Half of the set, for an honest threshold: thresholds are chosen on the tuning half and measured on
 * the held-out half. Each item names its half (`split`): the first three corpora's items alternate
 * (even items tuning, odd held out; items alternate between questionnaires and corpora, so each half
 * holds all of them), the newer corpora are halved by a hash of the item id.
 */
export const halfOf = (judged: Judged[], half: 'tuning' | 'held-out'): Judged[] => judged.filter((j) => j.item.split === half)

export const ofCorpus = (judged: Judged[], corpus: string): Judged[] => judged.filter((j) => j.item.corpus === corpus)

/** The answered drafts of one source, with the unanswered ones of the same items left out: support and precision by source. */
export const ofSource = (judged: Judged[], source: DraftSource): Judged[] => judged.filter((j) => j.source === source)

/** The corpora of issue 11's set (policy documents only), whose figures the targets below were set on. */
export const FIRST_CORPORA: readonly string[] = ['soc2', '37s', 'cg']

/** Issue 11's targets for the offline drafter. */
export const TARGETS = {
  support: 90,
  choicePrecision: 90,
  choiceCoverage: 40,
  debris: 0,
  noReviewPrecision: 95,
} as const
