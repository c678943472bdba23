// The answer library's entries, and word-level likeness of two texts: NEAR_IDENTICAL is where two
// library entries are the same question (their duplicate and conflict flags) — one changed word
// ("internal" / "external" audits, "network" / "application" scans) makes another question. Drafts
// match a question to entries by meaning (question-match.ts); contentWords also checks a model's
// answer against its evidence.
import { withFieldTerms } from './field-terms.js'
export interface LibraryEntry {
  id: string
  question: string
  answer: string
  /** The choice approved with the answer (a dropdown value or Yes / No / N.A.), if any. */
  choiceValue?: string | null
  /** The questionnaire file the answer was approved in (or imported from), shown to the reviewer. */
  fileName?: string
  /** Where in that file: its sheet and 1-based row, and the question's id there (a CAIQ or HECVAT id). */
  sheet?: string
  row?: number
  questionRef?: string
  /** An approved answer, a row of an imported completed questionnaire, or a question/answer pair of a document. */
  source?: 'approved' | 'import' | 'pair'
  /** For a pair: the document and its page. */
  page?: number
  documentName?: string
}

// Function words carry no meaning of their own here; possessives ("your" / "tenant") do.
const STOP = new Set(
  'a an the and or of to for in on at by with from into via as is are was were be been being do does did have has had you we it its this that these those which who whom what when where how there their they them any all such than also e g eg ex i ie etc if please can could will would shall should may might must'.split(
    ' ',
  ),
)
const SAME_WORD: Record<string, string> = {
  utilize: 'use',
  utilise: 'use',
  utilization: 'use',
  usage: 'use',
  utilizing: 'use',
  using: 'use',
  used: 'use',
  versus: 'vs',
}

/** A light stemmer: plurals, then one derivational or inflectional ending ("documentation" = "documents"). */
function stem(word: string): string {
  const w = SAME_WORD[word] ?? word
  if (w.length <= 3) return w
  const singular = w
    .replace(/ies$/, 'y')
    .replace(/sses$/, 'ss')
    .replace(/([^su])s$/, '$1')
  const root = singular.replace(/(ation|ition|ment|ing|ed|ly)$/, '')
  return (root.length >= 3 ? root : singular).replace(/[ey]$/, '')
}

const words = (s: string): string[] =>
  (
    withFieldTerms(
      s
        .toLowerCase()
        .replace(/_x000d_/g, ' ')
        .replace(/['’]s\b/g, ''),
    ).match(/[a-z0-9]+/g) ?? []
  ).filter((w) => !STOP.has(w))

/** The stemmed content words of a text, as the library compares them (also used to check a model's answer against its evidence). */
export const contentWords = (s: string): string[] => words(s).map(stem)

/** Two adjacent words written as one on the other side are one word ("time frames" / "timeframes"). */
function joinCompounds(x: string[], other: Set<string>): string[] {
  const out: string[] = []
  for (let i = 0; i < x.length; i++) {
    const joined = i + 1 < x.length ? x[i]! + x[i + 1]! : ''
    if (joined && other.has(stem(joined))) {
      out.push(joined)
      i++
    } else out.push(x[i]!)
  }
  return out
}

/**
 * Jaccard similarity of the two questions' content words (stemmed): 1 = the same words, in any
 * order, punctuation, case and function words aside.
 */
export function similarity(a: string, b: string): number {
  const wa = words(a)
  const wb = words(b)
  const A = new Set(joinCompounds(wa, new Set(wb.map(stem))).map(stem))
  const B = new Set(joinCompounds(wb, new Set(wa.map(stem))).map(stem))
  let shared = 0
  for (const w of A) if (B.has(w)) shared++
  const union = A.size + B.size - shared
  return union ? shared / union : 0
}

/**
 * Reuse threshold, measured on tests/fixtures/answer-library-pairs.json (229 hand-labelled pairs
 * from CAIQ v1.1 / v3.0.1 and HECVAT 4.1.4: 81 the same question reworded, 148 another question
 * sharing most words; see packages/drafting/test/answer-library.test.ts):
 *   threshold  0.85   0.90   0.92   0.94   0.96
 *   precision  0.962  0.973  0.986  1.000  1.000
 *   recall     0.926  0.901  0.840  0.790  0.765
 * 0.94 is the lowest with no wrong reuse: the closest different pair ("network environments" /
 * "wireless network environments") scores 0.938. The character-bigram Dice used before, at its 0.9,
 * reused 6 wrong answers on the same set (precision 0.922).
 */
export const NEAR_IDENTICAL = 0.94
