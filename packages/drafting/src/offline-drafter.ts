// The drafter used when no language model is configured: it answers with the strongest evidence
// sentences of the retrieved chunks, cited, and never writes a claim the documents do not make.
// Weak or missing evidence leaves the answer for a person (llmReviewRespons = 1).
import { isHeading } from '@portal/knowledge'
import { coverage, idf, terms } from './lexical.js'

export interface Evidence {
  chunkId: string
  documentName: string
  page: number
  text: string
}

export interface Draft {
  answer: string
  /** Yes / No / N.A. for questions that take one; undefined when the evidence does not say. */
  choice: 'yes' | 'no' | 'na' | undefined
  confidence: number
  citations: string[]
  needsReview: boolean
}

const YES_NO = /^(do|does|is|are|has|have|can|will|was|were|did)\b/i
const NEGATION = /\b(not|never|no|none|without|cannot|prohibited from)\b/i
export const REVIEW_BELOW = 0.5
/** Below this share of the question's weight, nothing is drafted. */
export const DRAFT_FROM = 0.3

/**
 * Lines are joined (PDFs wrap mid-sentence), except that a heading line after a finished sentence
 * is dropped and ends what came before: "Access Control" is not part of the first sentence below it.
 */
function sentences(text: string): string[] {
  const blocks: string[] = ['']
  for (const line of text.split('\n')) {
    const before = blocks[blocks.length - 1]!.trim()
    if (isHeading(line) && (!before || /[.!?:]$/.test(before))) blocks.push('')
    else blocks[blocks.length - 1] += ` ${line}`
  }
  return blocks
    .flatMap((b) => b.replace(/\s+/g, ' ').trim().split(/(?<=[.!?])\s+(?=[A-Z0-9•-])/))
    .map((s) => s.replace(/^[•\-–\s]+/, '').trim())
    .filter((s) => s.length >= 25 && s.length <= 600)
}

export function draftOffline(question: string, evidence: Evidence[]): Draft {
  const q = terms(question)
  const candidates = evidence.flatMap((e) => sentences(e.text).map((s) => ({ e, s })))
  if (!q.length || !candidates.length) return { answer: '', choice: undefined, confidence: 0, citations: [], needsReview: true }
  const weights = idf(candidates.map((c) => c.s))
  const ranked = candidates
    .map((c) => ({ ...c, score: coverage(q, c.s, weights) }))
    .sort((a, b) => b.score - a.score)
  const top = ranked[0]!
  // Weak evidence drafts nothing: a person answers, with the evidence shown as context. One shared
  // word ("provider") is never evidence.
  const shared = new Set(terms(top.s).filter((w) => q.includes(w))).size
  if (top.score < DRAFT_FROM || shared < 2) return { answer: '', choice: undefined, confidence: Number(top.score.toFixed(2)), citations: [], needsReview: true }
  // The best sentence, plus up to two more that add evidence and say something new.
  const picked = [top]
  for (const c of ranked.slice(1)) {
    if (picked.length >= 3 || c.score < top.score * 0.6) break
    if (!picked.some((p) => p.s === c.s)) picked.push(c)
  }
  const confidence = Math.min(1, top.score)
  const negated = NEGATION.test(top.s)
  const choice = YES_NO.test(question.trim()) && confidence >= REVIEW_BELOW && !negated ? 'yes' : undefined
  return {
    answer: picked.map((p) => p.s).join(' '),
    choice,
    confidence: Number(confidence.toFixed(2)),
    citations: [...new Set(picked.map((p) => p.e.chunkId))],
    needsReview: confidence < REVIEW_BELOW || (YES_NO.test(question.trim()) && choice === undefined),
  }
}
