// The drafter used when no language model is configured. It never writes a word of its own: the
// answer is at most three whole sentences of the retrieved chunks (sentences.ts) that address the
// question, each cited; Yes / No / N.A. only when a cited sentence states it (choice-statement.ts),
// part by part for questions that list parts (multi-part.ts); sentences with instructions, links,
// markup or formulas are never quoted and flag their document (untrusted-text.ts). Anything short
// of strong evidence is left for a person (needsReview, with the reason in words).
import { coverage, idfOf, keyTerms, matchOf, queryOf, termsOf } from '@portal/knowledge'
import { conditionOf, denies, isYesNoQuestion, statedChoice } from './choice-statement.js'
import { type Mark, mapChoice, markOf } from './choices.js'
import { REASONS } from './grounding.js'
import { partsOf, statesPart, subjectOf } from './multi-part.js'
import { scanChunk } from './sentences.js'
import type { Flag } from './untrusted-text.js'

export interface Evidence {
  chunkId: string
  documentName: string
  page: number
  text: string
}

export interface DraftFlag {
  chunkId: string
  documentName: string
  page: number
  reason: Flag
}

export interface Draft {
  answer: string
  /** Yes / No / N.A. when a cited sentence states it; undefined otherwise. */
  choice: Mark | undefined
  /** The question's own option for the choice (mapChoice), when it has options and one fits. */
  choiceValue?: string
  confidence: number
  citations: string[]
  needsReview: boolean
  /** Why it needs review, in words for the reviewer; '' when it does not. */
  reviewReason: string
  /** Retrieved chunks whose documents carry instruction-like text, active markup or formulas. */
  flags?: DraftFlag[]
}

/**
 * Below this score (the lead sentence's weighted coverage of the question) nothing is quoted: the
 * question is left empty for a person. Measured on the 208-item quality set (`npm run quality --
 * --sweep`, tests/quality/README.md): from 0.70 up, 92 % of answers quote a passage that answers;
 * at 0.35, 77 %. A wrong quote misleads; an empty answer does not.
 */
export const DRAFT_FROM = 0.7
/** Below this share of the question's key (non-boilerplate) terms no sentence is quoted. */
export const KEY_FROM = 0.5
/** How much the key terms count in a sentence's score (the rest: all of the question's terms). */
const KEY_SHARE = 0.7
const ABOUT_FACTOR = 0.75
/**
 * What the heading a sentence stands under adds to its score: this share of what the sentence's
 * score would gain if the heading's words were its own ("Security Awareness Training" over "Everybody
 * is trained ..."). The sentence itself must still share the question's key terms (enough): a heading
 * names the section, it does not state anything.
 */
export const HEADING_CREDIT = 0.5
/** A sentence states the choice only if it covers this share of the question's key terms. */
export const CHOICE_FROM = 0.6
/**
 * "No review needed" only from this evidence strength up (the lead sentence's score), with a stated
 * choice for a Yes/No question, two or more key terms in the question, and no flagged document.
 * Measured on the 208-item quality set (`npm run quality`, tests/quality/README.md): at 0.75, 23 of
 * 24 such drafts are right as they stand (95.8 %); at 0.70, 26 of 29; at 0.80, 16 of 17.
 */
export const REVIEW_FROM = 0.75
/** The most sentences an answer quotes. */
export const MAX_SENTENCES = 3

const partly = (missing: string[]) => `Partly answered: the documents do not say whether it is ${missing.join(', ')}`

interface Candidate {
  e: Evidence
  text: string
  about: boolean
  index: number
  terms: Set<string>
  cov: number
  keyCov: number
  keyShared: number
  enough: boolean
}

const jaccard = (a: Set<string>, b: Set<string>) => {
  let n = 0
  for (const t of a) if (b.has(t)) n++
  return n / (a.size + b.size - n || 1)
}

function result(d: Omit<Draft, 'needsReview' | 'reviewReason'>, reasons: string[], choices?: string[]): Draft {
  const choiceValue = mapChoice(d.choice, choices)
  const unique = [...new Set(reasons)]
  return { ...d, ...(choiceValue ? { choiceValue } : {}), needsReview: unique.length > 0 || !d.answer, reviewReason: unique.join('; ') }
}

/** The question's terms and every quotable sentence of the evidence, best first (also used to explain a draft). */
export function rankSentences(question: string, evidence: Evidence[]) {
  const scans = evidence.map((e) => ({ e, scan: scanChunk(e.text) }))
  const flags: DraftFlag[] = scans.flatMap(({ e, scan }) => (scan.flag ? [{ chunkId: e.chunkId, documentName: e.documentName, page: e.page, reason: scan.flag }] : []))
  const seen = new Set<string>()
  const sentences = scans.flatMap(({ e, scan }) =>
    scan.statements
      .filter((s) => !seen.has(s.text) && seen.add(s.text))
      .map((s) => ({ e, text: s.text, about: s.about, index: s.index, terms: new Set(termsOf(s.text)), context: new Set(termsOf(s.heading)) })),
  )
  const query = queryOf(question, idfOf(sentences.map((s) => [...s.terms])))
  const key = keyTerms(query).length ? keyTerms(query) : query.terms
  const keyQuery = { terms: key, weight: query.weight }
  // One shared word is never evidence when the question has two or more ("provider" in "Solution
  // Provider Name"; "backups" in "Are data backups encrypted?").
  const need = Math.min(key.length, 2)
  const enough = (s: { terms: Set<string> }) => {
    const shared = key.filter((t) => matchOf(t, s.terms) > 0)
    if ([...(query.critical ?? [])].some((t) => !s.terms.has(t))) return false
    // The question's most specific term must be there: "Are data backups encrypted?" is not
    // answered by a sentence on backups that never says "encrypted".
    const weightOf = (t: string) => query.weight.get(t) ?? 1
    const heaviest = (ts: string[]) => Math.max(0, ...ts.map(weightOf))
    if (heaviest(key.filter((t) => matchOf(t, s.terms) === 0)) >= heaviest(shared)) return false
    return shared.length >= need
  }
  const candidates: Candidate[] = sentences
    .map((s) => {
      const inContext = new Set([...s.terms, ...s.context])
      const withHeading = (f: (t: Set<string>) => number) => f(s.terms) + HEADING_CREDIT * (f(inContext) - f(s.terms))
      const keyCov = withHeading((t) => coverage(keyQuery, t))
      // A sentence about the document ("The purpose of this procedure is ...") is weaker than one about what is done.
      const score = (KEY_SHARE * keyCov + (1 - KEY_SHARE) * withHeading((t) => coverage(query, t))) * (s.about ? ABOUT_FACTOR : 1)
      return { ...s, cov: score, keyCov, keyShared: key.filter((t) => matchOf(t, s.terms) > 0).length, enough: enough(s) }
    })
    .sort((a, b) => b.cov - a.cov || b.keyCov - a.keyCov)
  return { query, key, need, candidates, flags }
}

export function draftOffline(question: string, evidence: Evidence[], choices?: string[]): Draft {
  const { query, key, candidates, flags } = rankSentences(question, evidence)
  const flagged = new Set(flags.map((f) => f.documentName))
  const flagReason = (cited: Evidence[]) => (!flags.length ? [] : [cited.some((e) => flagged.has(e.documentName)) ? REASONS.injectedCited : REASONS.injected])
  const withFlags = flags.length ? { flags } : {}
  if (!query.terms.length || !candidates.length) {
    return result({ answer: '', choice: undefined, confidence: 0, citations: [], ...withFlags }, [evidence.length ? REASONS.notAnswered : REASONS.noEvidence, ...flagReason([])], choices)
  }
  const eligible = candidates.filter((c) => c.enough && c.keyCov >= KEY_FROM && c.cov >= DRAFT_FROM)
  // A sentence about the document ("The purpose of this procedure is ...") may add to an answer, never lead it.
  const lead = eligible.find((c) => !c.about)
  if (!lead) {
    const best = candidates[0]!
    return result({ answer: '', choice: undefined, confidence: Number(best.cov.toFixed(2)), citations: [], ...withFlags }, [REASONS.notAnswered, ...flagReason([])], choices)
  }

  // The lead sentence, then up to two that add what it leaves out: a key term or a listed part.
  const parts = partsOf(question)
  const subject = parts.length ? queryOf(subjectOf(question)) : undefined
  const aboutSubject = (c: Candidate) => !subject || coverage({ terms: keyTerms(subject), weight: subject.weight }, c.terms) >= 0.5
  const picked = [lead]
  const covered = (t: string) => picked.some((p) => matchOf(t, p.terms) > 0)
  const stated = (i: number) => picked.some((p) => statesPart(parts[i]!, p.text))
  for (const c of eligible) {
    if (c === lead) continue
    if (picked.length >= MAX_SENTENCES) break
    if (c.cov < lead.cov * 0.7 || picked.some((p) => jaccard(p.terms, c.terms) >= 0.6)) continue
    const addsTerm = key.some((t) => !covered(t) && matchOf(t, c.terms) > 0)
    const addsPart = parts.some((p, i) => !stated(i) && aboutSubject(c) && statesPart(p, c.text))
    if (addsTerm || addsPart) picked.push(c)
  }

  const reasons: string[] = []
  let choice: Mark | undefined
  const options = choices?.filter((o) => markOf(o))
  if (isYesNoQuestion(question) || (options?.length ?? 0) >= 2) {
    const condition = conditionOf(question)
    const condQuery = condition ? queryOf(condition) : undefined
    // Every sentence that addresses the question may state a choice, not only the quoted ones: a
    // quoted "Files are encrypted at rest" and an unquoted "Databases are not" disagree.
    const marks = new Set(
      [...picked, ...eligible.filter((c) => c.cov >= lead.cov * 0.8)]
        .filter((p) => p.keyCov >= CHOICE_FROM || (condQuery !== undefined && coverage(condQuery, p.terms) >= CHOICE_FROM))
        .map((p) => statedChoice(question, p.text, condQuery !== undefined && denies(p.text) && coverage(condQuery, p.terms) >= CHOICE_FROM))
        .filter((m): m is Mark => m !== undefined),
    )
    if (marks.size > 1) reasons.push(REASONS.conflict)
    else choice = [...marks][0]
    if (choice === 'yes' && parts.length) {
      const missing = parts.filter((p) => !eligible.some((c) => aboutSubject(c) && statesPart(p, c.text))).map((p) => p.word)
      if (missing.length) {
        choice = undefined
        reasons.push(partly(missing))
      }
    }
    if (choice && options?.length && !mapChoice(choice, options)) choice = undefined
    if (!choice && !reasons.length) reasons.push(REASONS.noChoice)
  }
  const confidence = Number(lead.cov.toFixed(2))
  // A question that comes down to one word ("a data privacy policy") is never strong evidence: a sentence
  // with that word ("privacy awareness training") may be about something else.
  if (confidence < REVIEW_FROM || key.length < 2) reasons.unshift(REASONS.weak)
  const cited = [...new Set(picked.map((p) => p.e))]
  reasons.push(...flagReason(cited))
  return result(
    { answer: picked.map((p) => p.text).join(' '), choice, confidence, citations: cited.map((e) => e.chunkId), ...withFlags },
    reasons,
    choices,
  )
}
