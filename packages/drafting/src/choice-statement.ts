// Which Yes / No / N.A. a quoted sentence states for a question, if it states one. A sentence that
// says the thing is done ("Backups are taken daily.") states Yes; one that says it is not ("We do
// not ...", "Background checks aren't performed") states No; "Not applicable" or a denial of what a
// conditional question assumes ("If you have completed a SOC 2 audit, ..." / "has not completed a
// SOC audit") states N.A. Hedged sentences ("may", "where possible", "is encouraged") state nothing.
import { matchOf, termsOf } from '@portal/knowledge'
import type { Mark } from './choices.js'

/** A question answered with Yes / No / N.A.: it opens with an auxiliary, or its options include one. */
export const isYesNoQuestion = (question: string): boolean =>
  /^\s*(\(\w+ only\)\s*)?(do|does|did|is|are|was|were|has|have|had|can|could|will|would|shall|should|may|must)\b/i.test(question) ||
  /^\s*if\b[^,?]{3,120},\s*(do|does|is|are|has|have|can|will)\b/i.test(question)

// Phrases with "no" or "not" that do not deny the statement.
const NOT_DENIAL =
  /\b(no (later|more|less|fewer) than|not (only|limited to|just)|whether or not|if not|non-[a-z]+|no longer needed|no longer required|not recoverable|cannot be recovered|can ?not be recovered|unauthori[sz]ed|without prior notice|no regressions)\b/gi
const DENIAL = /\b(not|never|no|none|neither|nor|cannot)\b|n['’]t\b/i
// A refusal turns the statement as a prohibition does: "We reject requests ... without a court order".
const PROHIBITIVE =
  /\b(prohibit(ed|s)?|forbid(s|den)?|disallow(s|ed)?|not permitted|banned|block(s|ed)|den(y|ies|ied)|reject(s|ed)?|refus(e|es|ed)|declin(e|es|ed)|must not|shall not|may not)\b/i
const HEDGE =
  /\b(may|might|could|where (possible|available|feasible|appropriate)|when (possible|required|needed|appropriate)|if (needed|required|appropriate)|as needed|encouraged|recommended|preferred|optional|should consider|can be)\b/i
const NOT_APPLICABLE = /\b(not applicable|does not apply|do not apply|n\/a)\b/i
const DOES_NOT = /\b(do|does|did|has|have|had) ?n[o']t\b|\bnever\b/i

const strip = (s: string) => s.replace(NOT_DENIAL, ' ')
export const denies = (s: string): boolean => DENIAL.test(strip(s))
export const prohibits = (s: string): boolean => PROHIBITIVE.test(s)
export const hedged = (s: string): boolean => HEDGE.test(s)

/** A question without its leading "For customers not using SSO," or "If ...," clause. */
const mainClause = (question: string) => question.replace(/^\s*(for|if|when|where|unless|in the event)\b[^,?]{3,120},\s*/i, '')

/** The condition of a conditional question ("If you have completed a SOC 2 audit, does it ..."). */
export const conditionOf = (question: string): string | undefined => /^\s*if\b([^,?]{3,120}),/i.exec(question)?.[1]

// A leading clause of reason or concession ("As we do not run our own data centers, ...", "Although
// ..., ...") before the main one.
const LEADING_CLAUSE = /^\s*((?:as|since|because|although|though|while|whereas|given that)\b[^,;]{3,160}),\s*(.{3,})$/is

/**
 * The clause of a sentence whose polarity answers the question: of a leading reason clause and the main
 * clause, the one that shares more of the question's terms ("As we do not operate our own data center,
 * all physical security is managed by our cloud providers" says Yes to physical security controls and
 * No to running a data center); the whole sentence when neither does more.
 */
function askedClause(question: string, sentence: string): string {
  const m = LEADING_CLAUSE.exec(sentence)
  if (!m) return sentence
  const asked = termsOf(question)
  const shared = (clause: string) => {
    const terms = new Set(termsOf(clause))
    return asked.filter((t) => matchOf(t, terms) > 0).length
  }
  const [lead, main] = [shared(m[1]!), shared(m[2]!)]
  return lead === main ? sentence : lead > main ? m[1]! : m[2]!
}

/**
 * The mark a sentence states for the question, given that it addresses the question (the caller
 * checks coverage). `conditionDenied`: the sentence denies what a conditional question assumes.
 */
export function statedChoice(question: string, sentence: string, conditionDenied = false): Mark | undefined {
  if (conditionDenied) return 'na'
  if (NOT_APPLICABLE.test(sentence)) return 'na'
  if (hedged(sentence)) return undefined
  // Polarity: a denial and a prohibition each turn the statement; a question that itself asks
  // about a prohibition ("Do you prohibit ...?") turns it back.
  const clause = askedClause(question, sentence)
  const negative = denies(clause) !== prohibits(clause)
  const askedNegative = prohibits(mainClause(question))
  // A No is stated, never inferred: a plain "Changes are developed in non-production environments"
  // does not say No to "Do you ensure production data shall not be used in non-production environments?".
  if (askedNegative && !negative) return undefined
  // "Do you ensure production data is not used ...?": a sentence's polarity cannot be read against a question that denies.
  if (!askedNegative && denies(mainClause(question))) return undefined
  return negative === askedNegative ? 'yes' : 'no'
}

/** "We do not ..." about what the question asks of: No when the question asks whether it is done. */
export const saysNotDone = (sentence: string): boolean => DOES_NOT.test(sentence)
