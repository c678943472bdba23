// Conflicts and duplicates in the answer library (issue 24): two entries asking the same question
// (near-identical words, or the same framework id with words close enough) conflict when their
// choices differ (Yes / No / N.A. compared by meaning, "N/A" = "Not Applicable") or, without
// choices, when one text says yes and the other no; they are duplicates when the choice is the same
// and the answers are near-identical too. Candidate pairs come from a prefix filter on the
// questions' content words (rarest first): two word sets at Jaccard t or more must share one of the
// first |A| - ceil(t|A|) + 1 rarest words, so 5,000 entries are not compared n² times.
import { contentWords, markOf, NEAR_IDENTICAL, samePolarity, similarity, statedMark } from '@portal/drafting'

export interface FlaggedInput {
  id: string
  question: string
  answer: string
  choiceValue: string | null
  questionRef: string
}

export interface Flags {
  conflicts: string[]
  duplicates: string[]
}

/** Same framework id: the questions must still agree this much (CAIQ v3 and v4 reuse ids for other questions). */
export const SAME_REF_SIMILARITY = 0.7

const normalRef = (ref: string) => ref.toLowerCase().replace(/\s+/g, '')

/** The mark an answer's text states: its leading Yes / No / N.A., else its first sentence's polarity. */
export function textMark(answer: string): ReturnType<typeof markOf> {
  const text = answer.trim()
  if (!text) return undefined
  const lead = /^(yes|no|n\/a|not applicable)\b/i.exec(text)?.[1]
  if (lead) return markOf(lead)
  return statedMark(text.split(/(?<=[.!?])\s/)[0] ?? text)
}

/** Two answers to the same question: 'conflict', 'duplicate', or neither. */
export function compareAnswers(a: FlaggedInput, b: FlaggedInput): 'conflict' | 'duplicate' | undefined {
  const ca = a.choiceValue?.trim() || null
  const cb = b.choiceValue?.trim() || null
  if (ca && cb) {
    const ma = markOf(ca)
    const mb = markOf(cb)
    const differ = ma && mb ? ma !== mb : ca.toLowerCase() !== cb.toLowerCase()
    if (differ) return 'conflict'
  } else {
    const ta = ca ? markOf(ca) : textMark(a.answer)
    const tb = cb ? markOf(cb) : textMark(b.answer)
    if (ta && tb && !samePolarity(ta, tb)) return 'conflict'
    if (Boolean(ca) !== Boolean(cb)) return undefined // one gave a choice, the other did not: not the same answer
  }
  const same = (!a.answer.trim() && !b.answer.trim()) || similarity(a.answer, b.answer) >= NEAR_IDENTICAL
  return same ? 'duplicate' : undefined
}

/** Pairs of entries asking the same question, each once (i < j). */
export function sameQuestionPairs(entries: FlaggedInput[]): [number, number][] {
  const words = entries.map((e) => [...new Set(contentWords(e.question))])
  const df = new Map<string, number>()
  for (const ws of words) for (const w of ws) df.set(w, (df.get(w) ?? 0) + 1)
  const index = new Map<string, number[]>()
  const seen = new Set<number>()
  const pairs: [number, number][] = []
  const key = (i: number, j: number) => i * entries.length + j
  const consider = (i: number, j: number, min: number) => {
    const k = key(j, i)
    if (seen.has(k)) return
    seen.add(k)
    if (similarity(entries[i]!.question, entries[j]!.question) >= min) pairs.push([j, i])
  }
  words.forEach((ws, i) => {
    if (!ws.length) return
    const sorted = ws.sort((x, y) => df.get(x)! - df.get(y)! || (x < y ? -1 : 1))
    const prefix = sorted.length - Math.ceil(NEAR_IDENTICAL * sorted.length) + 1
    for (const w of sorted.slice(0, prefix)) {
      const list = index.get(w)
      if (list)
        for (const j of list)
          if (words[j]!.length >= NEAR_IDENTICAL * sorted.length && sorted.length >= NEAR_IDENTICAL * words[j]!.length) consider(i, j, NEAR_IDENTICAL)
      if (list) list.push(i)
      else index.set(w, [i])
    }
  })
  // The same framework id, with questions close enough.
  const byRef = new Map<string, number[]>()
  entries.forEach((e, i) => {
    const ref = normalRef(e.questionRef)
    if (!ref) return
    const list = byRef.get(ref)
    if (list) {
      for (const j of list) consider(i, j, SAME_REF_SIMILARITY)
      list.push(i)
    } else byRef.set(ref, [i])
  })
  return pairs
}

/** Per entry id, the ids of the entries it conflicts with and duplicates. */
export function libraryFlags(entries: FlaggedInput[]): Map<string, Flags> {
  const out = new Map<string, Flags>(entries.map((e) => [e.id, { conflicts: [], duplicates: [] }]))
  for (const [i, j] of sameQuestionPairs(entries)) {
    const a = entries[i]!
    const b = entries[j]!
    const kind = compareAnswers(a, b)
    if (!kind) continue
    const list = kind === 'conflict' ? 'conflicts' : 'duplicates'
    out.get(a.id)![list].push(b.id)
    out.get(b.id)![list].push(a.id)
  }
  return out
}
