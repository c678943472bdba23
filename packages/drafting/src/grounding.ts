// Holding a draft to its evidence: which retrieved sentences can support an answer (statements,
// not headings, instructions, links or markup), whether a sentence of an answer is supported by
// them, whether they state a Yes / No / N.A., and how well they cover the question (the cap on
// confidence). Used on the model's replies, whose wording is free; the words for the reviewer too.
import { contentWords } from './answer-library.js'
import { type Mark, samePolarity, statedMark } from './choices.js'
import { flagOf, isUnsafe as unquotable } from './untrusted-text.js'

/** Why a draft needs review, as the reviewer reads it (review_reason). */
export const REASONS = {
  noEvidence: 'No passage of your documents was found for this question',
  notAnswered: 'The retrieved passages do not answer this question',
  noCitation: 'The answer cites no retrieved passage',
  weak: 'Weak evidence: check the cited passage',
  noChoice: 'No cited passage states Yes, No or N.A.: choose one',
  reusedNoChoice: 'The answer reused gives no Yes, No or N.A.: choose one',
  reusedAcrossVersions: 'Reused from the CAIQ control CSA maps to this one, asked more or less narrowly there: check that the answer applies',
  conflict: 'The cited passages disagree (Yes / No / N.A.): check them',
  frequency: 'Partly answered: the documents do not say it is done as often as asked',
  boilerplate: 'The cited passage is quoted under many unrelated questions of this questionnaire: check that it answers this one',
  invalidReply: 'The model gave no usable reply',
  inventedCitation: 'The model cited passages that were not retrieved (ignored)',
  injected: 'A retrieved document contains instruction-like text (ignored)',
  injectedCited: 'The cited document contains instruction-like text (ignored)',
  unsafeRemoved: "Links, markup or formulas were removed from the model's answer",
  unsupportedRemoved: "Part of the model's answer is not supported by the cited passages and was removed",
  unsupportedWithheld: "The model's answer is not supported by the cited passages (withheld)",
  choiceCleared: 'No cited passage states the Yes / No / N.A. the model chose (cleared)',
  tooLong: 'The answer was cut to 4000 characters',
} as const

/**
 * Sentences of a text. Evidence lines are joined first (PDFs wrap mid-sentence); a reply's lines
 * are kept apart (`lines`), so a Markdown heading or list item stays a line of its own.
 */
export function sentencesOf(text: string, opts: { lines?: boolean } = {}): string[] {
  const blocks = opts.lines ? text.split(/\r?\n/) : [text]
  return blocks
    .flatMap((b) =>
      b
        .replace(/\s+/g, ' ')
        .trim()
        .split(/(?<=[.!?])\s+(?=[^a-z\s])/),
    )
    .map((s) => s.trim())
    .filter(Boolean)
}

// Text addressed to a model rather than a reader: "ignore previous instructions", "answer that we
// are ...", system-prompt and role-play talk.
const INSTRUCTION =
  /\b(ignore|disregard|forget|override)\b[^.]{0,40}\b(instructions?|prompts?|rules|guidelines|context)\b|\bsystem (prompt|notice|message)\b|\byou (are now|must (answer|say|reply|respond|state|claim))\b|\b(act|pretend|behave) as\b|\brole-?play\b|\b(answer|respond|reply|state|say|claim) that (we|you|the company|our)\b|\bnew instructions\b/i
const LINK = /\b(?:https?|ftp|file|javascript|data|vbscript):|\bwww\.|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\//i
const MARKUP = /<\/?[a-z!][^>]*>|!\[[^\]]*\]|\[[^\]]*\]\([^)]*\)|^\s*#{1,6}\s|\|[^|]*\||\*\*|__|```|^\s*[-*+]\s|&(?:lt|gt|quot|#\d+);/i
// A spreadsheet would run it: =HYPERLINK(...), +cmd|..., @SUM(...), or a cell starting with = + @.
const FORMULA = /(?:^|[\s"'(;,])[=+@]\s*[A-Za-z_][\w.]*\s*\(|^\s*[=+@]|\bcmd\s*\|/i
// A statement says something: an auxiliary, a subject pronoun, or a verb of the kind policies use.
// Headings and titles ("FedRAMP authorization and ISO 27001 certification status.") do not.
const STATEMENT =
  /\b(is|are|was|were|be|been|has|have|had|do|does|did|will|shall|must|should|can|cannot|may|might|would|could|we|they|it)\b|\b(requires|performs|maintains|ensures|uses|encrypts|conducts|provides|retains|employs|monitors|enforces|undergoes|applies|protects|restricts|limits|stores|follows|implements|manages|supports|allows|prohibits|prevents|collects|processes|shares|deletes|notifies|trains|assigns|grants|revokes|scans|patches|approves|defines|establishes|includes|covers|holds|meets|complies|offers|hosts|runs|keeps|takes|rotates|audits|backs up)\b/i

// The offline drafter's rules (untrusted-text.ts) apply too: a sentence either set rejects is out.
export const isInstructionLike = (s: string) => INSTRUCTION.test(s) || flagOf(s) === 'instruction'
/** Never in a saved answer: a link, HTML or Markdown, a spreadsheet formula, an instruction. */
export const isUnsafe = (s: string) => LINK.test(s) || MARKUP.test(s) || FORMULA.test(s) || isInstructionLike(s) || unquotable(s)
/** A retrieved sentence that can support an answer: a plain statement. */
export const isSupport = (s: string) => STATEMENT.test(s) && !isUnsafe(s)

// Words of the question that say what it asks: examples in brackets and "e.g." lists, and the
// questionnaire's own vocabulary ("your organization"), do not.
const ASKING = new Set(contentWords('organization organisation company vendor describe explain provide list'))
function questionWords(question: string): string[] {
  const main = question.replace(/\([^)]*\)/g, ' ').replace(/\b(e\.g\.|i\.e\.|ex\.|such as)[^,;?]*/gi, ' ')
  return [...new Set(contentWords(main))].filter((w) => !ASKING.has(w))
}

const coverage = (words: string[], sentence: string) => {
  const have = new Set(contentWords(sentence))
  const shared = words.filter((w) => have.has(w)).length
  return { shared, share: words.length ? shared / words.length : 0 }
}

/** How well the best supporting sentence covers the question (0..1): the cap on a draft's confidence. */
export function strength(question: string, support: string[]): number {
  const words = questionWords(question)
  return support.reduce((best, s) => Math.max(best, coverage(words, s).share), 0)
}

/**
 * How much of a question a cited statement must cover to carry a Yes / No / N.A. or a draft with no
 * review needed. Half was too little: "We have procedures for responding to incidents managed by our
 * ... Security ... teams" covers "Information security is managed with suppliers" by half (managed,
 * security) without a word on suppliers.
 */
export const ADDRESSES = 2 / 3

/**
 * A cited sentence states the choice: it addresses the question (ADDRESSES of the question's words,
 * at least two of them, or all of a shorter question's) and says it the same way (Yes, or No / N.A.).
 */
export function choiceStated(choice: Mark, question: string, support: string[]): boolean {
  const words = questionWords(question)
  const need = Math.min(2, words.length)
  return support.some((s) => {
    const c = coverage(words, s)
    return c.shared >= need && c.share >= ADDRESSES && samePolarity(statedMark(s), choice)
  })
}

// Words that frame an answer without claiming anything ("Yes, as stated in our policy").
const FRAMING = new Set(contentWords('yes no n/a na per according stated described documented policy policies'))
/** Share of an answer sentence's claim words the cited passages must contain. */
export const GROUNDED = 0.6

/**
 * A sentence of an answer is supported when the cited statements contain most of its words, every
 * name and number in it (FedRAMP, ISO 27001, AES-256), and the closest of them says it the same
 * way (not negated where the answer is, and the reverse). A bare "Yes." or "No." stands or falls
 * with the choice the cited statements support (`choice`, already checked).
 */
export function supportedSentence(sentence: string, support: string[], choice?: Mark): boolean {
  if (!support.length) return false
  const words = [...new Set(contentWords(sentence))].filter((w) => !FRAMING.has(w))
  if (words.length < 2) return !/\b(yes|no|n\/?a)\b/i.test(sentence) || (choice !== undefined && samePolarity(statedMark(sentence), choice))
  const pool = new Set(support.flatMap(contentWords))
  if (words.filter((w) => pool.has(w)).length / words.length < GROUNDED) return false
  const text = support.join(' ')
  const names = sentence.match(/\b[A-Za-z0-9][A-Za-z0-9-]*\b/g)?.filter((t) => /\d/.test(t) || (t.match(/[A-Z]/g)?.length ?? 0) >= 2) ?? []
  if (names.some((n) => !new RegExp(`\\b${n.replace(/-/g, '\\-')}\\b`, 'i').test(text))) return false
  const closest = support.reduce((best, s) => (coverage(words, s).shared > coverage(words, best).shared ? s : best))
  return samePolarity(statedMark(sentence), statedMark(closest))
}
