// Boilerplate, measured where it shows: a sentence of the tenant's documents that the offline drafter
// would quote under many unrelated questions of one questionnaire ("The date a policy was last
// reviewed is printed on its first page", a mission statement) says nothing in particular about any of
// them. Two questions that cite a sentence for the same specific word it carries ("training" under "Is a
// security awareness training program established?" and "Staff are trained in cybersecurity matters")
// ask about the same thing, as do two worded alike. The ledger is kept for one drafting run (one questionnaire): it notes which questions each
// sentence leads the answer of; a sentence leading BOILERPLATE_FROM or more unrelated questions is
// still shown, but as weak evidence without a Yes / No / N.A. The same question asked twice (a
// questionnaire's nine "reviewed and updated at least annually?") counts once.
import { termsOf } from '@portal/knowledge'
import { isBroad } from './adjuncts.js'

/** From this many unrelated questions led by one sentence, it is boilerplate for this questionnaire. */
export const BOILERPLATE_FROM = 3
/** Two questions sharing this share of their terms (Jaccard) ask the same thing. */
const SAME_QUESTION = 0.5

const jaccard = (a: Set<string>, b: Set<string>) => {
  let n = 0
  for (const t of a) if (b.has(t)) n++
  return n / (a.size + b.size - n || 1)
}

export interface CitationLedger {
  /** Notes that `sentence` leads the draft of `question` (once per pair, however often it is drafted). */
  note(sentence: string, question: string): void
  /** How many unrelated questions `sentence` leads, counting `question` itself as one. */
  questionsLed(sentence: string, question: string): number
}

interface Citing {
  terms: Set<string>
  /** The specific words the question shares with the sentence: why it cites it. */
  why: Set<string>
}

export function createCitationLedger(): CitationLedger {
  const led = new Map<string, Map<string, Citing>>()
  const citing = (sentence: string, question: string): Citing => {
    const terms = new Set(termsOf(question))
    const said = new Set(termsOf(sentence))
    return { terms, why: new Set([...terms].filter((t) => said.has(t) && !isBroad(t))) }
  }
  const related = (a: Citing, b: Citing) => jaccard(a.terms, b.terms) >= SAME_QUESTION || [...a.why].some((t) => b.why.has(t))
  return {
    note(sentence, question) {
      const byQuestion = led.get(sentence) ?? new Map<string, Citing>()
      if (!byQuestion.has(question)) byQuestion.set(question, citing(sentence, question))
      led.set(sentence, byQuestion)
    },
    questionsLed(sentence, question) {
      // Groups of questions that ask the same thing, greedily: the question itself is the first.
      const groups: Citing[] = [citing(sentence, question)]
      for (const c of led.get(sentence)?.values() ?? []) if (!groups.some((g) => related(g, c))) groups.push(c)
      return groups.length
    },
  }
}

/** Whether a sentence is boilerplate for this run: it leads BOILERPLATE_FROM or more unrelated questions. */
export const isBoilerplate = (ledger: CitationLedger | undefined, sentence: string, question: string) =>
  ledger !== undefined && ledger.questionsLed(sentence, question) >= BOILERPLATE_FROM
