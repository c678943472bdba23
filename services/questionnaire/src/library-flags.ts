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

/**
 * The library's similarity with each text's words computed once: the plain Jaccard of the stemmed
 * word sets decides clear cases; only a near miss pays for `similarity` itself (which also joins
 * compounds, "time frames" / "timeframes", and so can only score a little higher).
 */
export class Likeness {
  private readonly sets = new Map<string, Set<string>>()
  private wordsOf(text: string): Set<string> {
    let set = this.sets.get(text)
    if (!set) {
      set = new Set(contentWords(text))
      this.sets.set(text, set)
    }
    return set
  }
  /** Whether two texts score `min` or more. */
  atLeast(a: string, b: string, min: number): boolean {
    if (a === b) return true
    const A = this.wordsOf(a)
    const B = this.wordsOf(b)
    let shared = 0
    for (const w of A) if (B.has(w)) shared++
    const union = A.size + B.size - shared
    const plain = union ? shared / union : 0
    if (plain >= min) return true
    return plain >= min - NEAR_MISS && couldJoin(A, B) && similarity(a, b) >= min
  }
  words(text: string): string[] {
    return [...this.wordsOf(text)]
  }
}
/** Whether an unshared word of one side begins with an unshared word of the other: two words the other side writes as one. */
function couldJoin(A: Set<string>, B: Set<string>): boolean {
  const onlyA = [...A].filter((w) => !B.has(w))
  const onlyB = [...B].filter((w) => !A.has(w))
  const starts = (xs: string[], ys: string[]) => xs.some((x) => ys.some((y) => x.length > y.length && x.startsWith(y)))
  return starts(onlyA, onlyB) || starts(onlyB, onlyA)
}

/** How far below the threshold the plain word sets may score and compound joining still reach it. */
const NEAR_MISS = 0.15

/** Two answers to the same question: 'conflict', 'duplicate', or neither. */
export function compareAnswers(a: FlaggedInput, b: FlaggedInput, like = new Likeness()): 'conflict' | 'duplicate' | undefined {
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
  const same = (!a.answer.trim() && !b.answer.trim()) || like.atLeast(a.answer.trim(), b.answer.trim(), NEAR_IDENTICAL)
  return same ? 'duplicate' : undefined
}

/**
 * Pairs of entries asking the same question, each once (i < j). Entries with the same question text
 * (a form imported again, several clients' copies) form one group; the prefix filter runs over the
 * distinct texts only.
 */
export function sameQuestionPairs(entries: FlaggedInput[], like = new Likeness()): [number, number][] {
  const groupOf = new Map<string, number>()
  const members: number[][] = []
  const texts: string[] = []
  entries.forEach((e, i) => {
    const text = e.question.replace(/\s+/g, ' ').trim()
    let g = groupOf.get(text)
    if (g === undefined) {
      g = texts.length
      groupOf.set(text, g)
      texts.push(text)
      members.push([])
    }
    members[g]!.push(i)
  })
  const linked = new Set<number>() // group pairs g1 * G + g2 (g1 < g2) asking the same question
  const G = texts.length
  const words = texts.map((t) => like.words(t))
  const df = new Map<string, number>()
  for (const ws of words) for (const w of ws) df.set(w, (df.get(w) ?? 0) + 1)
  const index = new Map<string, number[]>()
  // Size filter and prefix at the threshold less the near miss, so compound joining is not cut off.
  const t = NEAR_IDENTICAL - NEAR_MISS
  words.forEach((ws, g) => {
    if (!ws.length) return
    const sorted = ws.sort((x, y) => df.get(x)! - df.get(y)! || (x < y ? -1 : 1))
    const prefix = sorted.length - Math.ceil(t * sorted.length) + 1
    const checked = new Set<number>()
    for (const w of sorted.slice(0, prefix)) {
      const list = index.get(w)
      if (!list) {
        index.set(w, [g])
        continue
      }
      for (const h of list) {
        if (checked.has(h)) continue
        checked.add(h)
        if (words[h]!.length >= t * sorted.length && sorted.length >= t * words[h]!.length && like.atLeast(texts[h]!, texts[g]!, NEAR_IDENTICAL))
          linked.add(h * G + g)
      }
      list.push(g)
    }
  })
  // The same framework id, with questions close enough (CAIQ v3 and v4 reuse ids for other questions).
  const byRef = new Map<string, Set<number>>()
  entries.forEach((e, i) => {
    const ref = normalRef(e.questionRef)
    if (!ref) return
    const gs = byRef.get(ref) ?? new Set<number>()
    gs.add(groupOf.get(e.question.replace(/\s+/g, ' ').trim())!)
    byRef.set(ref, gs)
    void i
  })
  for (const gs of byRef.values()) {
    const list = [...gs].sort((a, b) => a - b)
    for (let x = 0; x < list.length; x++)
      for (let y = x + 1; y < list.length; y++) {
        const [a, b] = [list[x]!, list[y]!]
        if (!linked.has(a * G + b) && like.atLeast(texts[a]!, texts[b]!, SAME_REF_SIMILARITY)) linked.add(a * G + b)
      }
  }
  const pairs: [number, number][] = []
  const add = (i: number, j: number) => pairs.push(i < j ? [i, j] : [j, i])
  for (const m of members) for (let x = 0; x < m.length; x++) for (let y = x + 1; y < m.length; y++) add(m[x]!, m[y]!)
  for (const key of linked) for (const i of members[Math.floor(key / G)]!) for (const j of members[key % G]!) add(i, j)
  return pairs.sort((p, q) => p[0] - q[0] || p[1] - q[1])
}

/** Per entry id, the ids of the entries it conflicts with and duplicates. */
export function libraryFlags(entries: FlaggedInput[]): Map<string, Flags> {
  const out = new Map<string, Flags>(entries.map((e) => [e.id, { conflicts: [], duplicates: [] }]))
  const like = new Likeness()
  for (const [i, j] of sameQuestionPairs(entries, like)) {
    const a = entries[i]!
    const b = entries[j]!
    const kind = compareAnswers(a, b, like)
    if (!kind) continue
    const list = kind === 'conflict' ? 'conflicts' : 'duplicates'
    out.get(a.id)![list].push(b.id)
    out.get(b.id)![list].push(a.id)
  }
  return out
}
