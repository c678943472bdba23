// Questions that ask several things at once: "Are X policies and procedures established,
// documented, approved, communicated, applied, evaluated, and maintained?" (most of CAIQ v4), or
// "reviewed and updated at least annually". Each part is matched on its own: a part is stated when a
// sentence about the question's subject says it, in its own words or a near one ("evaluated" /
// "reviewed", "communicated" / "notified"). A Yes needs every part.
import { stem, termsOf } from '@portal/knowledge'

const PART_WORDS: Record<string, string[]> = {
  establish: ['established', 'in place', 'implemented', 'maintains', 'shall implement', 'has a', 'have a'],
  document: ['documented', 'document', 'written', 'recorded', 'formally'],
  approv: ['approved', 'approval', 'authorized', 'sign-off', 'signed'],
  communicat: ['communicated', 'communicate', 'disseminated', 'published', 'notified', 'made available', 'available to', 'trained', 'aware'],
  appli: ['applied', 'apply', 'applies', 'enforced', 'followed', 'implemented'],
  enforc: ['enforced', 'enforce', 'sanction', 'disciplinary'],
  evaluat: ['evaluated', 'reviewed', 'assessed', 'audited', 'tested'],
  maintain: ['maintained', 'maintain', 'updated', 'kept current', 'reviewed'],
  review: ['reviewed', 'review', 'evaluated', 'assessed'],
  updat: ['updated', 'update', 'revised', 'maintained'],
  defin: ['defined', 'documented', 'established'],
  implement: ['implemented', 'in place', 'enforced', 'applied', 'performed', 'conducted'],
  test: ['tested', 'test', 'exercised', 'exercise'],
}

const DONE_FORMULA = new Set(['defined', 'implemented', 'evaluated'].map(stem))

export interface Part {
  word: string
  /** Stems (and folded terms) that state the part. */
  cues: string[]
}

const LIST = /\b((?:[a-z]+(?:ed|en),\s+){2,}(?:and\s+|or\s+)?[a-z]+(?:ed|en)|[a-z]+(?:ed|en)\s+and\s+[a-z]+(?:ed|en))\b/i

/** The parts a question lists ("established, documented, ... and maintained"), or none. */
export function partsOf(question: string): Part[] {
  const list = LIST.exec(question)?.[1]
  if (!list) return []
  const words = list
    .split(/,\s*|\s+(?:and|or)\s+/)
    .map((w) =>
      w
        .replace(/^(and|or)\s+/i, '')
        .trim()
        .toLowerCase(),
    )
    .filter(Boolean)
  const parts = words.map((word) => {
    const key = stem(word)
    const known = Object.keys(PART_WORDS).find((k) => key.startsWith(k) || k.startsWith(key))
    return { word, cues: [...new Set([key, ...(known ? PART_WORDS[known]! : []).flatMap((w) => (w.includes(' ') ? [w] : termsOf(w)))])] }
  })
  // Two parts ("defined and implemented") are how questionnaires say "done", and so is CAIQ's formula for a
  // control in force, "defined, implemented, and evaluated"; other lists of three or more ask for each.
  if (parts.every((p) => DONE_FORMULA.has(stem(p.word)))) return []
  return parts.length >= 3 ? parts : []
}

/** The question with its part list taken out: what the parts are said of. */
export const subjectOf = (question: string): string => question.replace(LIST, ' ')

/** Whether a sentence states a part. */
export function statesPart(part: Part, sentence: string): boolean {
  const terms = new Set(termsOf(sentence))
  const lower = sentence.toLowerCase()
  return part.cues.some((c) => (c.includes(' ') ? lower.includes(c) : terms.has(c)))
}
