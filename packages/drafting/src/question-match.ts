// A new question matched to one already answered (an answer library entry, a question/answer pair
// found in a document), by meaning rather than by identical words: abbreviations and the field's
// equivalent phrasings fold to one term, word order and voice do not count, and a related word earns
// part of a shared word. A wrong reuse is worse than none, so 'same' also needs the two questions to
// agree on everything that changes the ask: negation, scope words (internal / external, network /
// application, at rest / in transit), frequency ("at least annually" is not "periodically"), and
// names and numbers. A close match that fails those is only a suggestion for a reviewer.
import { isGeneric, stem, SYNONYM_CREDIT, synonymsOf } from '@portal/knowledge'
import { ADJUNCT_WEIGHT, adjunctTerms } from './adjuncts.js'
import { controlOf, type Framework, frameworkOf, mappedControls } from './framework-crosswalk.js'

/** Phrasings of one thing in questions, folded to one term before words are split. */
const PHRASES: [RegExp, string][] = [
  [/\b(?:multi|two|2)[\s-]?(?:factor|step)(?:\s+authenticat\w*)?\b|\bmfa\b|\b2fa\b/g, ' multifactor '],
  [/\bsingle[\s-]sign[\s-]?on\b|\bsso\b/g, ' singlesignon '],
  [/\bat[\s-]rest\b/g, ' atrest '],
  [/\bin[\s-]transit\b|\b(?:over|via|across) (?:public |open )?networks\b/g, ' intransit '],
  // "Can you provide evidence that X?" asks X.
  [/\b(?:can|could) you (?:provide|show|supply|demonstrate) (?:evidence|documentation|proof)(?: that)?\b/g, ' '],
  // "Information security" is what "security" means in a questionnaire.
  [/\binformation security\b/g, ' security '],
  [/\bpen(?:etration)?[\s-]?test(?:s|ing|ed)?\b/g, ' pentest '],
  [/\b(?:backed|back|backing)[\s-]up\b|\bback-?ups?\b/g, ' backup '],
  [/\bbackground (?:checks?|screenings?|verifications?|investigations?)\b|\bpre-?employment screening\b/g, ' backgroundcheck '],
  [/\b(?:non[\s-]?disclosure|confidentiality) agreements?\b|\bndas?\b/g, ' confidentialityagreement '],
  [/\bbring your own device\b|\bbyod\b/g, ' byod '],
  [/\bmobile device management\b|\bmdm\b/g, ' mdm '],
  [/\bvirtual private networks?\b|\bvpns?\b/g, ' vpn '],
  [/\b(?:software|system) development life[\s-]?cycle\b|\bsdlc\b/g, ' sdlc '],
  [/\bdisaster[\s-]recovery\b|\bdrp?\b(?= (?:plan|site|test|exercise|strategy|capabilit))/g, ' disasterrecovery '],
  [/\bbusiness[\s-]continuity\b|\bbcp\b/g, ' businesscontinuity '],
  [/\bdata[\s-]?cent(?:er|re)s?\b/g, ' datacenter '],
  [/\bleast[\s-]privilege\b/g, ' leastprivilege '],
  [/\bkey management(?: (?:service|system))?\b|\bkms\b/g, ' keymanagement '],
  [/\bhardware security modules?\b|\bhsms?\b/g, ' hsm '],
  [/\banti[\s-]?malware\b|\banti[\s-]?virus\b/g, ' antimalware '],
  [/\brole[\s-]based access(?: control)?\b|\brbac\b/g, ' rbac '],
  [/\bdata loss prevention\b|\bdlp\b/g, ' dlp '],
  [/\bsecurity information and event management\b|\bsiem\b/g, ' siem '],
  [/\bendpoint detection and response\b|\bedr\b/g, ' edr '],
  [/\bintrusion detection and prevention(?: systems?)?\b|\bidps\b/g, ' idps '],
  [/\bintrusion detection(?: systems?)?\b|\bids\b/g, ' ids '],
  [/\bintrusion prevention(?: systems?)?\b|\bips\b/g, ' ips '],
  [/\btransport layer security\b|\bssl\/tls\b|\btls\b|\bssl\b/g, ' tls '],
  [/\bpersonally identifiable information\b|\bpii\b|\bpersonal data\b|\bpersonal information\b/g, ' pii '],
  [/\bthird[\s-]part(?:y|ies)\b|\bsub[\s-]?processors?\b|\bsuppliers?\b|\bvendors?\b|\bsub-?contractors?\b/g, ' vendor '],
  [/\bwork ?force(?: members?)?\b|\bemployees?\b|\bpersonnel\b|\bstaff\b|\bworkers?\b/g, ' workforce '],
  [/\bincident response\b/g, ' incidentresponse '],
  // Always on: "24 x 7 x 365", "24/7", "around the clock".
  [/\b24\s*[x×/]\s*7(?:\s*[x×/]\s*365)?\b|\baround[\s-]the[\s-]clock\b/g, ' alwayson '],
  [/\bnon[\s-]?production\b|\bdev(?:elopment)?(?: and | or |\/|, )?(?:test(?:ing)?|staging)\b/g, ' nonproduction '],
  [/\badmin(?:istrator|istrative|s)?\b/g, ' admin '],
  [/\b(?:segregat|isolat)(?:ed|es|e|ion|ing)\b|\bseparat(?:ed|es|e|ion|ing)\b/g, ' separated '],
  [/\bencryption\b|\bencrypt(?:s|ed|ing)?\b|\bcryptographically protected\b/g, ' encrypt '],
  [/\bcustomers?\b|\btenants?\b|\bclients?\b|\binstitutions?\b|\bcscs?\b/g, ' customer '],
  [/\b(?:requir(?:e|es|ed|ing)|enforc(?:e|es|ed|ing)|mandatory|compulsory|must)\b/g, ' required '],
  [/\butili[sz](?:e|es|ed|ing|ation)\b|\busage\b|\bus(?:e|es|ed|ing)\b/g, ' use '],
  [/\bpolic(?:y|ies|es)\b/g, ' policy '],
  [/\bcommunications?\b|\btraffic\b/g, ' traffic '],
  // A frequency is part of the ask: one term per frequency, and "every year" is "annually".
  [/\b(?:annual(?:ly)?|yearly|every (?:twelve|12) months|(?:once )?(?:a|per|each|every) year)\b/g, ' annually '],
  [/\b(?:quarterly|every (?:three|3) months|(?:once )?(?:a|per|each|every) quarter)\b/g, ' quarterly '],
  [/\b(?:monthly|(?:once )?(?:a|per|each|every) month)\b/g, ' monthly '],
  [/\b(?:periodic(?:ally)?|regular(?:ly)?|on a regular basis|routine(?:ly)?)\b/g, ' periodically '],
]
const FOLDED = new Set(PHRASES.map(([, t]) => t.trim()))
// All phrasings in one pass (thousands of candidates are read at once): at each place the first
// phrasing of the list that matches wins, as if they were applied one after the other.
const ANY_PHRASE = new RegExp(PHRASES.map(([re]) => `(${re.source})`).join('|'), 'g')
const fold = (text: string) =>
  text.replace(ANY_PHRASE, (...groups: unknown[]) => {
    for (let i = 1; i <= PHRASES.length; i++) if (groups[i] !== undefined) return PHRASES[i - 1]![1]
    return ' '
  })

/** Words that say nothing about the ask here. Negations are counted apart (shapeOf). */
const STOP = new Set(
  (
    'a an the and or of to for in on at by with from into via as is are was were be been being do does did have has had ' +
    'you your yours we our ours us it its this that these those which who whom what when where how there their they them ' +
    'any all each every such than also e g eg i ie etc if please can could will would shall should may might must ' +
    'organization organisation organizational company entity provide describe explain list including include includes ' +
    'whether currently minimally least ensure ensures place same so within upon based one up my me per ' +
    'conduct conducts conducted perform performs performed performing done carry carried carries undertake undertaken ' +
    'basis undergo undergone undergoes pursuant minimum subject exist exists fully'
  ).split(' '),
)
const NEGATION = /\b(?:not|no|never|none|neither|nor|without|cannot)\b|n't\b/g

/** Scope words: a question with one of these asks something else than a question without it. */
const SCOPE = new Set(
  (
    'internal external network applic wireless physical logical atrest intransit inbound outbound ingress egress ' +
    'production nonproduction remote mobile cloud privileg admin vendor customer workforce contractor public private ' +
    'annually quarterly monthly weekly daily periodically continuous realtime hour hours day days ' +
    'security privacy user endpoint server databas backup restor test pentest scan audit train encrypt key certif independ automat manual ' +
    'report notif incident breach vulnerab patch log monitor review approv document disposal retention delet availabl request ai required'
  )
    .split(' ')
    .map((w) => (FOLDED.has(w) ? w : stem(w))),
)

const SHORT = 4
const weightOf = (term: string): number => (isGeneric(term) ? 0.25 : FOLDED.has(term) ? 1.5 : 1)

interface Shape {
  terms: Map<string, number>
  total: number
  /** The weight of its boilerplate terms (isGeneric). */
  generic: number
  negations: number
  /** Names and numbers (ISO 27001, SOC 2, 72 hours): both questions must name the same ones. */
  names: Set<string>
  /**
   * Terms only an adjunct phrase has (a purpose, the rule it is measured by, a hedge: adjuncts.ts): they
   * weigh ADJUNCT_WEIGHT, and one side saying them alone does not make the two questions ask something else.
   */
  adjunct: Set<string>
}

/**
 * A word's term: its prefix stem, except that an agent noun or an "-ity" noun keeps its ending, since
 * the stem would make it its verb or adjective ("provider" is not "provide", "accessibility" not "access").
 */
function termOf(word: string): string {
  const s = stem(word)
  const end = /(?:er|or|ers|ors)$/.test(word) ? 'er' : /ities$|ity$/.test(word) ? 'ity' : ''
  return end && word.length > 5 && s.length < word.length - 1 ? `${s}~${end}` : s
}

/**
 * The rule a question is measured by, as a whole clause that adjuncts.ts (up to the first comma) does not
 * reach: "Pursuant to local laws, regulations, ethics, and contractual constraints, are all ...?" and
 * "..., as local laws and regulations allow?". Its words' terms, those the rest of the question lacks.
 */
const RULE_CLAUSE =
  /^\s*(?:pursuant to|in accordance with|as required by|consistent with)\b[^?]*?,\s*(?=(?:are|is|do|does|have|has|can|will)\b)|,\s*as (?:[\w-]+\s+){1,6}(?:allows?|permits?|requires?)\b/gi
function ruleClauseTerms(question: string): string[] {
  const spans = question.match(RULE_CLAUSE)
  if (!spans) return []
  const core = new Set(
    (
      question
        .replace(RULE_CLAUSE, ' ')
        .toLowerCase()
        .match(/[a-z0-9]+/g) ?? []
    ).map(termOf),
  )
  return spans
    .flatMap((x) => x.toLowerCase().match(/[a-z0-9]+/g) ?? [])
    .map(termOf)
    .filter((t) => !core.has(t))
}

const CHAIN_WORD = '(?:established|documented|approved|communicated|applied|evaluated|enforced|maintained|implemented|reviewed|updated)'
const BOILERPLATE_CHAIN = new RegExp(`\\b${CHAIN_WORD}(?:,? (?:and )?${CHAIN_WORD}){3,}\\b`, 'g')

/** A question's terms (folded, stemmed, weighted), negation count and names, computed once. */
export function shapeOf(question: string, opts: { adjuncts?: boolean } = {}): Shape {
  let text = ` ${question
    .toLowerCase()
    .replace(/_x000d_/g, ' ')
    .replace(/[’‘]/g, "'")} `
  // "e.g." and "i.e." are markers only (their examples are kept: both sides list them or neither does); the framework id printed
  // in front of a question ("A&A-01.1", "GNRL-03") is compared apart (opts.questionRef).
  text = text.replace(/\b(?:e\.g|i\.e|ex)\.[,:]?/g, ' ').replace(/^\s*[a-z&]{2,5}-\d+(?:\.\d+)?[a-z]?\b/, ' ')
  const negations = (text.match(NEGATION) ?? []).length
  // CAIQ v4's chain "established, documented, approved, communicated, enforced, and maintained" is its
  // boilerplate: "enforced" there is no requirement asked about, nor "approved" a scope.
  text = text.replace(BOILERPLATE_CHAIN, ' ')
  text = fold(text)
  const names = new Set(text.match(/\b[a-z]*\d[a-z0-9]*\b/g) ?? [])
  // An answer's words are only looked up (saidBy): it has no adjuncts to weigh.
  const adjuncts = opts.adjuncts === false ? new Set<string>() : adjunctTerms(question)
  const ruled = new Set(opts.adjuncts === false ? [] : ruleClauseTerms(question))
  const terms = new Map<string, number>()
  const adjunct = new Set<string>()
  for (const w of text.match(/[a-z0-9]+/g) ?? []) {
    if (STOP.has(w) || w.match(NEGATION) || w.length < 2) continue
    const t = FOLDED.has(w) ? w : termOf(w)
    // A scope word is part of the ask ("at least annually"), unless it is in the rule the question is measured by.
    const only = !FOLDED.has(w) && (ruled.has(t) || (!SCOPE.has(t) && adjuncts.has(stem(w)))) && !terms.has(t)
    if (only) adjunct.add(t)
    else adjunct.delete(t)
    terms.set(t, weightOf(t) * (only ? ADJUNCT_WEIGHT : 1))
  }
  let total = 0
  let generic = 0
  for (const [t, w] of terms) {
    total += w
    if (isGeneric(t)) generic += w
  }
  return { terms, total, generic, negations, names, adjunct }
}

/** How much of a's weight b covers: a shared term in full, a related one (synonymsOf) at SYNONYM_CREDIT. */
function covered(a: Shape, b: Shape): { got: number; unmatchedScope: boolean; unmatched: number } {
  let got = 0
  let unmatchedScope = false
  let unmatched = 0
  for (const [t, w] of a.terms) {
    if (b.terms.has(t)) got += w
    else {
      if (synonymsOf(t).some((s) => b.terms.has(s))) got += w * SYNONYM_CREDIT
      else if (!isGeneric(t) && !a.adjunct.has(t)) unmatched++
      if (SCOPE.has(t) && !a.adjunct.has(t)) unmatchedScope = true
    }
  }
  return { got, unmatchedScope, unmatched }
}

/** Weighted Dice likeness of two shapes (0..1) and whether they differ in something that changes the ask. */
export function compareShapes(a: Shape, b: Shape): { score: number; differs: boolean; why: string[] } {
  const ab = covered(a, b)
  const ba = covered(b, a)
  const sum = a.total + b.total
  const score = sum ? (ab.got + ba.got) / sum : 0
  let sameNames = a.names.size === b.names.size
  if (sameNames) for (const n of a.names) if (!b.names.has(n)) sameNames = false
  // A meaningful word of one with nothing for it in the other, on both sides, is a substitution: "hardware" /
  // "software" supply chain, "security" / "privacy" training.
  const substituted = ab.unmatched > 0 && ba.unmatched > 0
  // In a short question (a form label, a one-line ask) one added word is the ask: "Contact Name" /
  // "Accessibility Contact Name".
  const added = (ab.unmatched > 0 || ba.unmatched > 0) && Math.min(a.terms.size, b.terms.size) < SHORT
  const why = Object.entries({
    scopeA: ab.unmatchedScope,
    scopeB: ba.unmatchedScope,
    substituted,
    added,
    negation: a.negations % 2 !== b.negations % 2,
    names: !sameNames,
  })
    .filter(([, v]) => v)
    .map(([k]) => k)
  const differs = why.length > 0
  return { score, differs, why }
}

/** Likeness of two questions by meaning (0..1), as the matcher scores them. */
export const questionLikeness = (a: string, b: string) => compareShapes(shapeOf(a), shapeOf(b))

/**
 * Thresholds, measured on two labelled sets, each split into a tuning and a held-out half (tuned on
 * the tuning halves only; packages/drafting/test/question-match.test.ts prints and holds the figures):
 * P = tests/fixtures/question-paraphrases.json (99 pairs: rewordings of real CAIQ / HECVAT questions,
 * hard negatives, nearest questions across CAIQ v3.0.1 / v4.0.3 / HECVAT), L = answer-library-pairs.json
 * (229 pairs, even rows tuning). 'same' = likeness >= threshold and nothing that changes the ask;
 * precision / recall of 'same':
 *   threshold            0.70         0.75         0.80         0.85         0.90
 *   P tuning (51)    1.000/0.778  1.000/0.778  1.000/0.778  1.000/0.778  1.000/0.667
 *   P held-out (48)  1.000/0.556  1.000/0.556  1.000/0.556  1.000/0.556  1.000/0.500
 *   L tuning (115)   1.000/0.976  1.000/0.976  1.000/0.976  1.000/0.951  1.000/0.951
 *   L held-out (114) 0.892/0.825  0.892/0.825  0.943/0.825  0.943/0.825  0.971/0.825
 * (before the adjunct and rule-clause, "information security", "at minimum", "via public networks", "provide
 * evidence that", CAIQ v4's boilerplate chain and "required" as a scope word, rules of 2026-11-29:
 * P tuning 0.611 recall at 0.80, P held-out 0.556, L tuning 0.951, L held-out 0.941/0.800)
 * 0.80 is the highest with the tuning halves' best recall. Held out, two HECVAT pairs are still
 * reused wrongly: "Solution Provider Contact Phone Number" / "... Accessibility Contact Phone Number"
 * (a form label one word longer than SHORT allows) and two AI data-sharing questions that differ in
 * "shared" only; NEAR_IDENTICAL (Jaccard 0.94) reuses neither but finds 0.79 of L's rewordings and
 * 1 of P's 36. Word likeness alone cannot separate P's hard negatives from its rewordings (Jaccard
 * 0.82 for "network-layer" / "application-layer" scans, 0.80 for a negation), which is why 'same'
 * rests on the checks in compareShapes as well as on the score.
 * SUGGESTION = 0.5 shows every 'same' pair of P's tuning half (0.83 held out) to the reviewer, with
 * 23 of 33 different pairs (these were picked because they are close).
 */
export const SAME_QUESTION = 0.8
export const SUGGESTION = 0.5

/**
 * What an entry's ANSWER says is evidence of what the entry is about: a CAIQ v4 row and a CAIQ v3 or
 * HECVAT question on one control are worded quite differently ("Is cloud data periodically backed up?"
 * answered "... Backups are immutable, encrypted using AES-GCM ..." for "Are data backups encrypted?").
 * An entry with an answer is also the same question when one sentence of its answer, read with the
 * entry's question, says the question's meaningful words (ANSWER_COVERS of their weight, a word rare in
 * the library weighing more), every phrase of the field the question names (backup, encryption, MFA ...)
 * among them, the two questions still share something (ANSWER_LIKENESS) and agree on negation. One
 * sentence, not the whole answer: a long answer says many words, a sentence that says them all states
 * the thing asked. Chosen on the tuning halves (tests/bench/question-match-sets.ts prints them): on the
 * quality set's corpus `inst` (Instructure's filled CAIQ v4.0.3 asked CAIQ v3.0.1 and HECVAT questions),
 * tuning half 2 of 21 answerable items answered (both rows the label names, both choices right; none
 * answered of the 19 no row answers), held out 0 of 18; before, 0 and 0. ANSWER_COVERS from 0.7 to 1.0 and
 * ANSWER_LIKENESS from 0.2 to 0.4 found the same on the tuning half; 0.4 is the most cautious. A floor
 * of 0.1 answered one more tuning item rightly (24x7 intrusion monitoring, its row's question barely
 * alike) but the one held-out answer it added was wrong. Word matching finds few of the rows that
 * answer a question asked in another framework's words: most share no sentence with it.
 * Such a match is a suggestion, not the answer: on corpus `lf` (a vendor's FAQ pairs), tuning half, it
 * also reused a physical-security answer ("... a strict clean desk policy ...") for "Do you have a
 * documented information security policy?": 2 right of 3 over the tuning halves, below the 90 %
 * choice precision asked of drafts, where a wrong reuse is worse than none.
 */
export const ANSWER_COVERS = 0.9
export const ANSWER_LIKENESS = 0.4
/** A word found in every entry still weighs this much (a library of a few entries has no rare words). */
const RARITY_FLOOR = 0.3

/** An entry's answer: its shape as a whole, and its sentences' shapes once they are needed. */
interface Answer {
  text: string
  all: Shape
  sentences?: Shape[]
}
const sentencesOf = (answer: Answer): Shape[] =>
  (answer.sentences ??= answer.text
    .split(/(?<=[.!?;])\s+|\n+/)
    .filter((x) => x.trim())
    .map((x) => shapeOf(x, { adjuncts: false })))

/**
 * The largest share of q's meaningful weight that one sentence of an entry's answer says, with the
 * entry's question, each word weighed by its rarity; 0 when a phrase of the field q names is not said.
 */
function saidBy(q: Shape, question: Shape, answer: Answer, rarity: (t: string) => number): number {
  // The whole answer first: no sentence says more than all of them (most entries stop here).
  if (coverage(q, question, [answer.all], rarity) < ANSWER_COVERS) return 0
  return coverage(q, question, sentencesOf(answer), rarity)
}

function coverage(q: Shape, question: Shape, sentences: Shape[], rarity: (t: string) => number): number {
  let best = 0
  for (const sentence of sentences) {
    let got = 0
    let total = 0
    const has = (x: string) => question.terms.has(x) || sentence.terms.has(x)
    for (const [t, w] of q.terms) {
      if (isGeneric(t)) continue
      const weight = w * rarity(t)
      total += weight
      if (has(t)) got += weight
      else if (FOLDED.has(t)) {
        got = Number.NEGATIVE_INFINITY
        break
      } else if (synonymsOf(t).some(has)) got += weight * SYNONYM_CREDIT
    }
    if (total && got / total > best) best = got / total
  }
  return best
}

/** Framework ids compared as written by different tools: case, spaces, "&" and trailing dots aside. */
const refKey = (ref: string | undefined): string =>
  (ref ?? '')
    .toUpperCase()
    .replace(/[^A-Z0-9&.-]/g, '')
    .replace(/\.+$/, '')

export interface QuestionMatch<T> {
  candidate: T
  /** Likeness by meaning, 0..1 (3 decimals). */
  score: number
  /** 'same': the candidate's answer is this question's answer; 'suggestion': close, for a reviewer only. */
  kind: 'same' | 'suggestion'
  /** 'same' through CSA's CAIQ v3.0.1 / v4 mapping though one question names a scope the other lacks: to be confirmed. */
  scope?: boolean
}

const reach = new Map<string, [string, number][]>()
/** The meaningful words a term finds candidates by: itself in full, its related words at SYNONYM_CREDIT. */
function reachOf(term: string): [string, number][] {
  let r = reach.get(term)
  if (!r) {
    r = [[term, 1] as [string, number], ...synonymsOf(term).map((x) => [x, SYNONYM_CREDIT] as [string, number])].filter(([w]) => !isGeneric(w))
    reach.set(term, r)
  }
  return r
}

/**
 * A matcher over questions already answered. Each candidate's terms are computed once and indexed by
 * term, so a question is compared only with candidates sharing one of its words.
 */
export function questionMatcher<T extends { question: string; questionRef?: string; answer?: string | null; fileName?: string; source?: string }>(
  candidates: T[],
) {
  const shapes = candidates.map((c) => shapeOf(c.question))
  // The framework of each entry's ids, known from its file's ids (framework-crosswalk.ts).
  const byFile = new Map<string, (string | undefined)[]>()
  const fileOf = (c: T) => `${c.source ?? ''}\u0000${c.fileName ?? ''}`
  for (const c of candidates) {
    const refs = byFile.get(fileOf(c))
    if (refs) refs.push(c.questionRef)
    else byFile.set(fileOf(c), [c.questionRef])
  }
  const fileFrameworks = new Map([...byFile].map(([k, refs]) => [k, frameworkOf(refs)]))
  const frameworks = candidates.map((c) => fileFrameworks.get(fileOf(c)))
  const controls = candidates.map((c) => controlOf(c.questionRef))
  // An answer is read when first needed (most entries never are): as a whole, then by sentence.
  const answers: (Answer | undefined)[] = []
  const answerOf = (i: number): Answer | undefined => {
    const text = candidates[i]!.answer
    if (!text?.trim()) return undefined
    answers[i] ??= { text, all: shapeOf(text, { adjuncts: false }) }
    return answers[i]
  }
  const refs = candidates.map((c) => refKey(c.questionRef))
  // How many entries' questions say each word: a word most entries say is weak evidence.
  const said = new Map<string, number>()
  for (const s of shapes) for (const t of s.terms.keys()) said.set(t, (said.get(t) ?? 0) + 1)
  const rarity = (t: string) => Math.max(RARITY_FLOOR, Math.log((candidates.length + 1) / ((said.get(t) ?? 0) + 1)))
  const postings = new Map<string, number[]>()
  shapes.forEach((s, i) => {
    for (const t of s.terms.keys()) {
      const list = postings.get(t)
      if (list) list.push(i)
      else postings.set(t, [i])
    }
  })
  const seen = new Uint32Array(candidates.length)
  const mapped = new Uint32Array(candidates.length)
  const covers = new Uint32Array(candidates.length)
  const gathered = new Float64Array(candidates.length)
  const reached = new Float64Array(candidates.length)
  let round = 0
  let termRound = 0
  return {
    /**
     * `framework`: that of the question's file (frameworkOf its ids), when known; else read from its
     * own id. An id counts as the same only within one framework, and across CAIQ versions through
     * CSA's mapping of their controls.
     */
    match(question: string, opts: { questionRef?: string; framework?: Framework | undefined } = {}): QuestionMatch<T> | undefined {
      const q = shapeOf(question)
      const ref = refKey(opts.questionRef)
      const framework = opts.framework ?? frameworkOf([opts.questionRef])
      const sameFramework = (i: number) => !framework || !frameworks[i] || frameworks[i] === framework
      round++
      const near: number[] = []
      // How much of the question each candidate covers through its meaningful words (in full, or a
      // related word at SYNONYM_CREDIT), and the weight of the candidate's words reached: with both
      // sides' boilerplate counted as covered, an upper bound of the likeness, so most are never compared.
      // Only meaningful words gather candidates: "policy", "data" or "process" are shared by most.
      let boilerplate = 0
      for (const [t, w] of q.terms) {
        // A boilerplate word counts as covered; a meaningful word related to it still reaches candidates.
        const own = isGeneric(t)
        if (own) boilerplate += w
        termRound++
        for (const [word, credit] of reachOf(t)) {
          for (const i of postings.get(word) ?? []) {
            if (seen[i] !== round) {
              seen[i] = round
              gathered[i] = 0
              reached[i] = 0
              near.push(i)
            }
            reached[i] = reached[i]! + weightOf(word)
            if (own || covers[i] === termRound) continue
            covers[i] = termRound
            gathered[i] = gathered[i]! + w * credit
          }
        }
      }
      const linkedTo = mappedControls(opts.questionRef, framework)
      if (ref)
        refs.forEach((r, i) => {
          const linked = !!linkedTo && frameworks[i] === linkedTo.framework && linkedTo.controls.has(controls[i] ?? '')
          if (linked) mapped[i] = round
          if (((r === ref && sameFramework(i)) || linked) && seen[i] !== round) {
            seen[i] = round
            gathered[i] = q.total
            reached[i] = shapes[i]!.total
            near.push(i)
          }
        })
      const bound = (i: number) => (gathered[i]! + boilerplate + reached[i]! + shapes[i]!.generic) / (q.total + shapes[i]!.total)
      // First the questions alone: the same question by likeness (or by framework id), else the closest.
      let best: QuestionMatch<T> | undefined
      let bestSame = false
      let bestRef = false
      let bestScore = -1
      for (const i of near) {
        // The same framework id, or a control mapped to it (framework-crosswalk.ts).
        const sameRef = !!ref && ((refs[i] === ref && sameFramework(i)) || mapped[i] === round)
        if (!sameRef && bound(i) < SUGGESTION) continue
        const { score, differs, why } = compareShapes(q, shapes[i]!)
        // The same framework id counts when the texts agree on the ask: close, and nothing that changes it.
        // Across CAIQ versions CSA rewrote its controls: on a mapped control, one side naming one scope word
        // the other lacks ("automated equipment identification" / "equipment identification") is the same
        // control asked more or less narrowly; reused, but for a reviewer to confirm (QuestionMatch.scope).
        const narrower = mapped[i] === round && why.length === 1 && (why[0] === 'scopeA' || why[0] === 'scopeB')
        const same = (!differs || narrower) && (score >= SAME_QUESTION || (sameRef && score >= SUGGESTION))
        // An entry on the mapped control is shown to the reviewer however its words differ, if it shares any.
        if (!same && score < SUGGESTION && !(mapped[i] === round && score > 0)) continue
        // At an equal score (a questionnaire asking one thing twice, in two rows), the entry with the question's own id wins.
        const worse = score < bestScore || (score === bestScore && (bestRef || !sameRef))
        if (best && (bestSame && !same ? true : bestSame === same && worse)) continue
        best = { candidate: candidates[i]!, score: Number(score.toFixed(3)), kind: same ? 'same' : 'suggestion', ...(same && differs ? { scope: true } : {}) }
        bestSame = same
        bestRef = sameRef
        bestScore = score
      }
      if (bestSame) return best
      // Then what the entries' answers say: the entry whose answer states the question, by likeness and
      // what the answer covers.
      let byAnswer: QuestionMatch<T> | undefined
      let byAnswerRank = -1
      for (const i of near) {
        if (!candidates[i]!.answer?.trim() || bound(i) < ANSWER_LIKENESS) continue
        const shape = shapes[i]!
        if (q.negations % 2 !== shape.negations % 2) continue
        const { score } = compareShapes(q, shape)
        if (score < ANSWER_LIKENESS) continue
        const covers = saidBy(q, shape, answerOf(i)!, rarity)
        if (covers < ANSWER_COVERS || (score + covers) / 2 <= byAnswerRank) continue
        byAnswer = { candidate: candidates[i]!, score: Number(score.toFixed(3)), kind: 'suggestion' }
        byAnswerRank = (score + covers) / 2
      }
      return byAnswer ?? best
    },
  }
}
