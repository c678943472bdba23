// The drafter used when no language model is configured. It never writes a word of its own: the
// answer is at most three whole sentences of the retrieved chunks (sentences.ts) that address the
// question, each cited; Yes / No / N.A. only when a cited sentence states it (choice-statement.ts),
// part by part for questions that list parts (multi-part.ts); sentences with instructions, links,
// markup or formulas are never quoted and flag their document (untrusted-text.ts). Anything short
// of strong evidence is left for a person (needsReview, with the reason in words).
import { coverage, idfOf, keyTerms, matchOf, queryOf, termsOf } from '@portal/knowledge'
import { ADJUNCT_WEIGHT, adjunctTerms, alternativesOf, askedAbout, isBroad, setAsideTerms, frequencyOf, predicateOf, subjectTerms } from './adjuncts.js'
import { type CitationLedger, isBoilerplate } from './citation-ledger.js'
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
 * Below this score (the lead sentence's weighted coverage of the question) nothing is quoted, unless
 * the sentence stands out (STANDS_OUT_BY): the question is left empty for a person. Measured on the
 * 208-item quality set (`npm run quality`, tests/quality/README.md): 0.60 is the lowest threshold at
 * which 90 % of the tuning half's answers quote a passage that answers (93.9 %; at 0.55, 87.5 %); on
 * the whole set 90.5 %. A wrong quote misleads; an empty answer does not.
 */
export const DRAFT_FROM = 0.6
/**
 * Under DRAFT_FROM (from STANDS_OUT_FROM), a sentence is quoted when it stands out: it covers the
 * question by this much more than any other retrieved sentence that is not a copy of it. When the
 * documents answer a question, one passage usually does so clearly better than the rest; when they do
 * not, several sentences share a few of its words about equally.
 */
export const STANDS_OUT_BY = 0.2
export const STANDS_OUT_FROM = 0.4
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
/** A sentence states the choice only if it covers this share of the question's key terms (or it stands out, STANDS_OUT_BY). */
export const CHOICE_FROM = 0.6
/**
 * "No review needed" only from this evidence strength up (the lead sentence's score on the whole
 * question), with a stated choice for a Yes/No question, two or more key terms in the question, and no
 * flagged document. Measured on the 208-item quality set (`npm run quality`, tests/quality/README.md):
 * at 0.75, 26 of 27 such drafts are right as they stand (96.3 %; held-out half 12 of 12).
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
  verdict: 'na' | undefined
  terms: Set<string>
  cov: number
  /** The score on the whole question, not one alternative of its "A or B": the draft's confidence. */
  whole: number
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
  const flags: DraftFlag[] = scans.flatMap(({ e, scan }) =>
    scan.flag ? [{ chunkId: e.chunkId, documentName: e.documentName, page: e.page, reason: scan.flag }] : [],
  )
  const seen = new Set<string>()
  const sentences = scans.flatMap(({ e, scan }) =>
    scan.statements
      .filter((s) => !seen.has(s.text) && seen.add(s.text))
      .map((s) => ({
        e,
        text: s.text,
        about: s.about,
        index: s.index,
        verdict: s.verdict,
        terms: new Set(termsOf(s.text)),
        context: new Set(termsOf(s.heading)),
      })),
  )
  const query = queryOf(question, idfOf(sentences.map((s) => [...s.terms])))
  // A purpose, a rule, a time frame or a hedge the question adds weighs less than what it asks (adjuncts.ts); a
  // number in it ("in the next 12 months") is no name the answer must carry.
  for (const t of adjunctTerms(question)) {
    if (!query.weight.has(t)) continue
    query.weight.set(t, query.weight.get(t)! * ADJUNCT_WEIGHT)
    query.critical?.delete(t)
  }
  const key = keyTerms(query).length ? keyTerms(query) : query.terms
  // One shared word is never evidence when the question has two or more ("provider" in "Solution
  // Provider Name"; "backups" in "Are data backups encrypted?").
  const need = Math.min(key.length, 2)
  const asserted = predicateOf(question)
  // What the question asks about (adjuncts.ts): a sentence must carry it, not only its verb or a broad word it shares.
  const about = askedAbout(question)
  const setAside = setAsideTerms(question).filter((t) => !isBroad(t))
  // The question as a whole, and as each alternative of its "A or B" (adjuncts.ts): a sentence that
  // states one alternative ("background checks", of "background screenings or multi-state background
  // checks") is held to that one. A sentence's score is its best view's.
  const views = [new Set<string>(), ...alternativesOf(question).flatMap(([a, b]) => [new Set(a), new Set(b)])].map((dropped) => {
    const vKey = key.filter((t) => !dropped.has(t))
    const vTerms = query.terms.filter((t) => !dropped.has(t))
    return {
      key: vKey.length ? vKey : key,
      query: { terms: vTerms.length ? vTerms : query.terms, weight: query.weight },
      critical: [...(query.critical ?? [])].filter((t) => !dropped.has(t)),
      predicate: asserted && vKey.includes(asserted) ? asserted : undefined,
      about: about.terms.filter((t) => !dropped.has(t)),
      document: about.document,
    }
  })
  // Of two sentences that cover the question equally, the one about its subject answers it.
  const subject = subjectTerms(question)
  const onSubject = (c: { terms: Set<string> }) => subject.filter((t) => matchOf(t, c.terms) > 0).length
  const weightOf = (t: string) => query.weight.get(t) ?? 1
  const heaviest = (ts: string[]) => Math.max(0, ...ts.map(weightOf))
  const enough = (v: (typeof views)[number], s: { terms: Set<string>; context: Set<string> }) => {
    const shared = v.key.filter((t) => matchOf(t, s.terms) > 0)
    if (v.critical.some((t) => !s.terms.has(t))) return false
    // What the question asserts must be said: "Are audit logs reviewed ...?" is not answered by "The event is logged by the audit service".
    if (v.predicate && matchOf(v.predicate, s.terms) === 0) return false
    // What it asks about must be said: "Are security awareness training updates provided?" is not answered by a sentence on updating personal data.
    if (v.about.length && !v.about.some((t) => matchOf(t, s.terms) > 0)) return false
    // A document asked for ("a sanction policy") may be named by the heading the sentence stands under.
    if (v.document && matchOf(v.document, s.terms) === 0 && matchOf(v.document, s.context) === 0) return false
    // A sentence on what the question sets aside ("for customers not using SSO") is about the other case.
    if (setAside.some((t) => s.terms.has(t))) return false
    // The question's most specific term must be there: "Are data backups encrypted?" is not
    // answered by a sentence on backups that never says "encrypted". (Of two terms equally specific,
    // either will do: "privileged" or "limited" in "Privileged accesses are restricted to a limited population".)
    if (heaviest(v.key.filter((t) => matchOf(t, s.terms) === 0)) > heaviest(shared)) return false
    return shared.length >= Math.min(v.key.length, need)
  }
  const candidates: Candidate[] = sentences
    .map((s) => {
      const inContext = new Set([...s.terms, ...s.context])
      const withHeading = (f: (t: Set<string>) => number) => f(s.terms) + HEADING_CREDIT * (f(inContext) - f(s.terms))
      const scored = views.map((v) => {
        const keyCov = withHeading((t) => coverage({ terms: v.key, weight: query.weight }, t))
        // A sentence about the document ("The purpose of this procedure is ...") is weaker than one about what is done.
        const cov = (KEY_SHARE * keyCov + (1 - KEY_SHARE) * withHeading((t) => coverage(v.query, t))) * (s.about ? ABOUT_FACTOR : 1)
        return { cov, keyCov, keyShared: v.key.filter((t) => matchOf(t, s.terms) > 0).length, enough: enough(v, s) }
      })
      const best = scored.reduce((b, x) => ((Number(x.enough) - Number(b.enough) || x.cov - b.cov) > 0 ? x : b))
      // How strong the evidence is (confidence, "no review needed") is judged on the whole question.
      return { ...s, ...best, whole: scored[0]!.cov }
    })
    .sort((a, b) => b.cov - a.cov || onSubject(b) - onSubject(a) || b.keyCov - a.keyCov)
  return { query, key, need, candidates, flags }
}

export interface OfflineOptions {
  /**
   * The drafting run's ledger (citation-ledger.ts): the lead sentence is noted in it, and a sentence that
   * leads BOILERPLATE_FROM or more unrelated questions of the run is weak evidence with no choice.
   */
  ledger?: CitationLedger
}

export function draftOffline(question: string, evidence: Evidence[], choices?: string[], opts: OfflineOptions = {}): Draft {
  const { query, key, candidates, flags } = rankSentences(question, evidence)
  const flagged = new Set(flags.map((f) => f.documentName))
  const flagReason = (cited: Evidence[]) => (!flags.length ? [] : [cited.some((e) => flagged.has(e.documentName)) ? REASONS.injectedCited : REASONS.injected])
  const withFlags = flags.length ? { flags } : {}
  if (!query.terms.length || !candidates.length) {
    return result(
      { answer: '', choice: undefined, confidence: 0, citations: [], ...withFlags },
      [evidence.length ? REASONS.notAnswered : REASONS.noEvidence, ...flagReason([])],
      choices,
    )
  }
  // Under DRAFT_FROM, a sentence that stands out is quoted (STANDS_OUT_BY).
  const standsOut = (c: Candidate) =>
    c.cov >= STANDS_OUT_FROM && candidates.every((o) => o === c || o.about || jaccard(o.terms, c.terms) >= 0.6 || c.cov - o.cov >= STANDS_OUT_BY)
  const eligible = candidates.filter((c) => c.enough && c.keyCov >= KEY_FROM && (c.cov >= DRAFT_FROM || standsOut(c)))
  // A sentence about the document ("The purpose of this procedure is ...") may add to an answer, never lead it.
  const lead = eligible.find((c) => !c.about)
  if (!lead) {
    const best = candidates[0]!
    return result(
      { answer: '', choice: undefined, confidence: Number(best.cov.toFixed(2)), citations: [], ...withFlags },
      [REASONS.notAnswered, ...flagReason([])],
      choices,
    )
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
    const stating = [...picked, ...eligible.filter((c) => c.cov >= lead.cov * 0.8)]
      .filter((p) => p.keyCov >= CHOICE_FROM || (p === lead && standsOut(p)) || (condQuery !== undefined && coverage(condQuery, p.terms) >= CHOICE_FROM))
      .map((p) => ({
        p,
        mark: p.verdict ?? statedChoice(question, p.text, condQuery !== undefined && denies(p.text) && coverage(condQuery, p.terms) >= CHOICE_FROM),
      }))
      .filter((x): x is { p: Candidate; mark: Mark } => x.mark !== undefined)
    const marks = new Set(stating.map((x) => x.mark))
    if (marks.size > 1) reasons.push(REASONS.conflict)
    else choice = [...marks][0]
    // "... at least annually?": a Yes needs a sentence that says it is done that often or more ("tested on
    // a regular basis" does not say annually; "reviewed quarterly" does).
    const often = frequencyOf(question)
    if (choice === 'yes' && often !== undefined && !stating.some(({ p }) => (frequencyOf(p.text) ?? 99) <= often)) {
      choice = undefined
      reasons.push(REASONS.frequency)
    }
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
  // A sentence quoted under many unrelated questions of this questionnaire says nothing in particular about this one.
  opts.ledger?.note(lead.text, question)
  if (isBoilerplate(opts.ledger, lead.text, question)) {
    choice = undefined
    reasons.push(REASONS.boilerplate)
  }
  const confidence = Number(lead.whole.toFixed(2))
  // A question that comes down to one word ("a data privacy policy") is never strong evidence: a sentence
  // with that word ("privacy awareness training") may be about something else.
  if (confidence < REVIEW_FROM || key.length < 2) reasons.unshift(REASONS.weak)
  const cited = [...new Set(picked.map((p) => p.e))]
  reasons.push(...flagReason(cited))
  return result({ answer: picked.map((p) => p.text).join(' '), choice, confidence, citations: cited.map((e) => e.chunkId), ...withFlags }, reasons, choices)
}

/**
 * The offline drafter for one drafting run (a questionnaire's job), as `draftQuestion`'s deps.drafter:
 * its drafts share `ledger`, so a sentence quoted under many unrelated questions is weak evidence. For a
 * verdict that does not depend on the order of the questions, draft the questionnaire twice with
 * the same ledger and keep the second pass (the first only notes which sentence leads which question).
 */
export const offlineDrafterWith = (ledger: CitationLedger) =>
  Object.assign(async (question: string, evidence: Evidence[], choices?: string[]) => draftOffline(question, evidence, choices, { ledger }), {
    source: 'documents' as const,
  })
