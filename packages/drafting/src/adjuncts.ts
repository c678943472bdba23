// What a question asks, apart from what it adds (the question-side rules of the offline drafter):
// - adjuncts: a purpose ("... to ensure business and customer security requirements", "so information
//   is not recoverable by any forensic means"), the rule it is measured by ("pursuant to local laws", "as
//   prescribed by industry best practices"), a time frame ("in the last year", "on a regular basis"), a
//   hedge ("when applicable and possible"). A sentence that says the thing is done answers the question
//   even when it does not repeat why or by which rule: these words weigh less (ADJUNCT_WEIGHT).
// - the predicate: what a yes/no question asserts ("Are data backups encrypted?"), which a sentence must say.
// - alternatives: "A or B", of which a sentence may state either.
// - the schedule it asks for ("at least annually"), which a Yes must state.
import { termsOf } from '@portal/knowledge'

/** How much a word of an adjunct phrase counts, against 1 for the words of what is asked. */
export const ADJUNCT_WEIGHT = 0.4

// Verbs of purpose after "to": "to ensure", "to guide", "to protect", "to effectively adopt".
const PURPOSE_VERBS =
  'ensure|guide|protect|enable|support|prevent|meet|maintain|comply|verify|address|reduce|minimi[sz]e|facilitate|achieve|allow|help|avoid|mitigate|keep|adopt|safeguard|preserve|promote|satisfy|demonstrate|confirm|assure|guarantee'
const ADJUNCT = new RegExp(
  [
    // a purpose: "to (effectively) ensure ...", "in order to ...", "so (that) information is ..."
    `\\b(in order )?to (\\w+ly )?(${PURPOSE_VERBS})\\b[^,;?]*`,
    `\\bso (that )?(information|data|it|they|the)\\b[^,;?]*`,
    // the rule it is measured by
    `\\b(pursuant to|in accordance with|as (prescribed|required|defined|determined) by|consistent with|commensurate with|in line with|aligned with)\\b[^,;?]*`,
    // a time frame or a frequency: "in the last year", "in the next 12 months", "on a 24 x 7 x 365 basis", "on a regular basis"
    `\\b(in|within|during|over) the (next|last|past|coming|previous) (\\d+ |few |twelve )?(days?|weeks?|months?|years?)\\b`,
    `\\bon an? [^,;?]{1,30}? basis\\b`,
    // when, against a milestone: "prior to production", "prior to their first day of work"
    `\\bprior to [^,;?]*`,
    // the respondent's own scope: "within your environment", "across your organization"
    `\\b(in|within|across|throughout) (all of )?your (environment|organi[sz]ation|company|infrastructure|systems?|enterprise)\\b`,
    // a hedge
    `\\b(when|where|if|as) (applicable|possible|necessary|needed|appropriate|feasible|required)( and (applicable|possible|necessary|needed|appropriate|feasible))?\\b`,
  ].join('|'),
  'gi',
)

/** The terms of a question that only its adjunct phrases have (a purpose, a rule, a time frame, a hedge). */
export function adjunctTerms(question: string): Set<string> {
  const spans = question.match(ADJUNCT) ?? []
  if (!spans.length) return new Set()
  const core = new Set(termsOf(question.replace(ADJUNCT, ' ')))
  return new Set(spans.flatMap((s) => termsOf(s)).filter((t) => !core.has(t)))
}

// Verbs that carry little of what is asked ("Do you have ...", "Do you perform ...", "Do you use ..."):
// the question's object says it.
const LIGHT_VERBS = new Set(
  (
    'have has use perform conduct maintain provide require allow support offer employ utilize subject ensure undergo follow implement establish keep get make take do practice share permit enforce ' +
    'had used performed conducted maintained provided required allowed supported offered employed utilized subjected ensured undergone followed implemented established ' +
    'configured installed deployed enabled completed considered designed applied placed located kept taken made done'
  ).split(' '),
)
const DETERMINER = /^(a|an|the|your|our|its|their|this|these|those|any|all|each|every|some|no)$/i

/**
 * What a yes/no question asserts: the participle of a passive one ("Are data backups encrypted?",
 * "Is cloud data periodically backed up?", "Have you tested ...?") or the verb after "Do you" ("Do you
 * encrypt tenant data ...?"), with the particle after it ("backed up"). Undefined when the verb says
 * little ("Do you have ...", "Is ... required") or there is none ("Is training mandatory?").
 */
export function predicateOf(question: string): string | undefined {
  const words = question
    .replace(/\([^)]*\)/g, ' ')
    .split(/[\s,;?]+/)
    .filter(Boolean)
  if (!words.length) return undefined
  const first = words[0]!.toLowerCase()
  let at = -1
  if (/^(do|does|did)$/.test(first)) {
    // "Do you encrypt ...", "Does your IT provide ...", "Does the solution support ...": the first word after the subject that is a verb's base form.
    const subjectEnd = words.findIndex((w, i) => i > 0 && /^(you|we|they|it|i)$/i.test(w))
    const start = subjectEnd > 0 ? subjectEnd + 1 : -1
    if (start > 0 && start < words.length) at = start
  } else if (/^(is|are|was|were|has|have|had)$/.test(first)) {
    at = words.findIndex((w, i) => i > 0 && !w.includes('-') && /^[a-z]+(ed|en)$/.test(w) && w.length > 4 && !DETERMINER.test(words[i - 1]!))
  }
  if (at <= 0) return undefined
  let verb = words[at]!.toLowerCase()
  // "Do you periodically review ...": past an adverb.
  if (/ly$/.test(verb) && words[at + 1]) verb = words[++at]!.toLowerCase()
  if (/^(do|does|did)$/.test(first) && /(ed|en)$/.test(verb)) return undefined
  if (LIGHT_VERBS.has(verb)) return undefined
  const terms = termsOf(`${verb} ${words[at + 1] ?? ''}`)
  return terms[0]
}

const LEFT_STOP = /^(a|an|the|your|our|its|their|any|all|each|either|do|does|did|is|are|was|were|has|have|you|we|it|to|for|of|in|on|with|by|at|from|and)$/i
const RIGHT_STOP = /^(for|on|in|to|with|of|at|by|from|that|which|who|after|before|prior|when|where|if|and|as|within|across|during)$/i

/**
 * The alternatives of a question's "A or B" ("remote wipe or corporate data wipe", "an internal incident
 * response team or ... an external team", "SSAE 18/SOC 2"), as the terms only one of them has: a sentence that states one
 * alternative answers the question. B runs to the next preposition or comma; A is as long as B.
 */
export function alternativesOf(question: string): [string[], string[]][] {
  const words = question
    .replace(/\([^)]*\)/g, ' ')
    // "SSAE 18/SOC 2", "policies/procedures" name alternatives too; "24/7" and "and/or" do not.
    .replace(/([^\s/]+)\/([^\s/]+)/g, (both, a: string, b: string) => ((/^\d+$/.test(a) && /^\d+$/.test(b)) || /^and$/i.test(a) ? both : `${a} or ${b}`))
    .replace(/[,;?]/g, ' , ')
    .split(/\s+/)
    .filter(Boolean)
  const out: [string[], string[]][] = []
  for (const [i, w] of words.entries()) {
    if (!/^(or|and\/or)$/i.test(w)) continue
    const right: string[] = []
    for (let j = i + 1; j < words.length && words[j] !== ',' && !RIGHT_STOP.test(words[j]!) && right.length < 5; j++) right.push(words[j]!)
    const left: string[] = []
    for (
      let j = i - 1;
      j >= 0 && words[j] !== ',' && !LEFT_STOP.test(words[j]!) && left.length < Math.max(2, right.filter((r) => !LEFT_STOP.test(r)).length);
      j--
    )
      left.unshift(words[j]!)
    const a = new Set(termsOf(left.join(' ')))
    const b = new Set(termsOf(right.join(' ')))
    const onlyA = [...a].filter((t) => !b.has(t))
    const onlyB = [...b].filter((t) => !a.has(t))
    if (onlyA.length && onlyB.length) out.push([onlyA, onlyB])
  }
  return out
}

// How often, from continuously (0) to annually (5): "daily", "every week", "semi-annually", "once a year".
// A duration ("for 30 days", "within 12 months") is no schedule.
const FREQUENCY: [number, RegExp][] = [
  [0, /\b(continuous(ly)?|real[\s-]time|hourly)\b/i],
  [1, /\b(daily|nightly|(every|each|per|once a) (day|night))\b/i],
  [2, /\b(weekly|(every|each|per|once a) week)\b/i],
  [3, /\b(monthly|(every|each|per|once a) month)\b/i],
  [4, /\b(quarterly|(every|each|per|once a) quarter|semi-?annual(ly)?|biannual(ly)?|every (six|6) months)\b/i],
  [5, /\b(annual(ly)?|yearly|(every|each|per|once a) year)\b/i],
]
/** The most frequent schedule a text states (0 continuously ... 5 annually), if any: "regularly" states none. */
export function frequencyOf(text: string): number | undefined {
  return FREQUENCY.find(([, re]) => re.test(text))?.[0]
}

/**
 * The terms of what a question or statement is about, its grammatical subject: "Privileged accesses"
 * in "Privileged accesses are restricted to a limited population.", "audit logs" in "Are audit logs
 * reviewed ...?". Of two sentences that cover a question equally, the one about its subject answers it.
 */
export function subjectTerms(question: string): string[] {
  const words = question
    .replace(/\([^)]*\)/g, ' ')
    .split(/[\s,;?]+/)
    .filter(Boolean)
  const aux = /^(is|are|was|were|has|have|had|can|must|shall|will|should|do|does)$/i
  let subject: string[] = []
  if (/^(is|are|was|were)$/i.test(words[0] ?? '')) {
    const end = words.findIndex(
      (w, i) => i > 1 && (/^[a-z]+(ed|en)$/.test(w) || /^(in|on|for|to|with|by|of|at|from|able|available|required|mandatory)$/i.test(w)),
    )
    subject = words.slice(1, Math.max(end, 1))
  } else if (!aux.test(words[0] ?? '')) {
    const end = words.findIndex((w) => aux.test(w))
    subject = end > 0 ? words.slice(0, end) : []
  }
  return termsOf(subject.join(' '))
}

// Words a question's subject may hold that say little of what it is about: a sentence sharing only
// these ("data", "policy", "termination", "review") may be about anything. (Stemmed through termsOf.)
const BROAD_SUBJECT = new Set(
  termsOf(
    'policy policies procedure procedures process processes program programs plan plans requirement requirements standard standards ' +
      'control controls measure measures practice practices mechanism mechanisms capability capabilities documentation document documents ' +
      'data information system systems security secure service services solution solutions environment environments application applications ' +
      'organization company business management managed formal formally documented established defined approved appropriate adequate ' +
      'regular regularly periodic periodically ongoing relevant applicable necessary technical organizational operational ' +
      'employee employees personnel staff workforce user users member members individual individuals people party parties ' +
      'review reviews reviewed update updates updated termination terminated change changes new existing current all any owned organizationally ' +
      'tenant tenants customer customers client clients institutional institution sensitive',
  ),
)
/** A word that says little of what a question is about on its own ("data", "policy", "termination"). */
export const isBroad = (term: string) => BROAD_SUBJECT.has(term)
const NOUN_PHRASE_END =
  /^(in|on|for|to|with|by|at|from|into|within|across|during|after|before|prior|when|where|if|that|which|who|whether|so|as|than|against|per|via|and\s+(is|are)|is|are|be|been|being|able|available|required|mandatory|enabled|used|in place)$/i
const DOCUMENT_HEADS = new Set(termsOf('policy plan'))
const SUBJECT_PRONOUN = /^(you|we|they|it|i)$/i

/**
 * The terms of what a question asks about, its subject (the noun phrase it asks about, without the
 * words that say little on their own, BROAD_SUBJECT): "training" in "Are regular security awareness training
 * updates provided?", "return" and "assets" in "Are return procedures of organizationally-owned assets by
 * terminated employees established?", "privacy" and the policy itself in "Does your organization have a data privacy policy?". A sentence that
 * carries none of them (nor a synonym) does not answer the question, whatever else it shares with it.
 * Empty when the question's form is not one read here, or its subject is all broad words ("Are
 * policies and procedures reviewed ...?"): then nothing is required of the sentence.
 */
export function askedAbout(question: string): { terms: string[]; document?: string } {
  const words = question
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[’']s\b/g, '')
    .split(/[\s,;:?]+/)
    .filter(Boolean)
  const first = (words[0] ?? '').toLowerCase()
  const nounPhrase = (from: number) => {
    const out: string[] = []
    for (let i = from; i < words.length; i++) {
      const w = words[i]!
      if (out.length && (NOUN_PHRASE_END.test(w) || (/^[a-z]+(ed|en)$/.test(w) && w.length > 4 && i > from))) break
      out.push(w)
    }
    // "the capability to respond ...", "a list of ...": a phrase of broad words is followed to the next.
    const next = from + out.length
    if (out.length && next + 1 < words.length && /^(to|of)$/i.test(words[next]!) && termsOf(out.join(' ')).every((t) => BROAD_SUBJECT.has(t)))
      out.push(...nounPhrase(next + 1))
    return out
  }
  let start = -1
  if (/^(is|are|was|were|has|have)$/.test(first)) {
    // "Is there a ...", "Are there ...": what follows is the subject.
    start = /^there$/i.test(words[1] ?? '') ? 2 : 1
  } else if (/^(do|does|did)$/.test(first)) {
    // "Do you encrypt tenant data ...", "Does your organization have a data privacy policy?": the object
    // of the verb after the subject (a pronoun, or "your" / "the" and one noun).
    const pronoun = words.findIndex((w, i) => i > 0 && i <= 4 && SUBJECT_PRONOUN.test(w))
    let verb = pronoun > 0 ? pronoun + 1 : /^(your|the|our)$/i.test(words[1] ?? '') ? 3 : -1
    if (verb > 0) {
      if (/ly$/.test(words[verb] ?? '')) verb++
      if (words[verb + 1] && /^(up|out)$/i.test(words[verb + 1]!)) verb++
      start = verb + 1
    }
  } else if (/^(describe|explain|list|provide|outline|detail)$/.test(first)) {
    start = 1
  }
  if (start < 0 || start >= words.length) return { terms: [] }
  const phrase = nounPhrase(start)
  const terms = [...new Set(termsOf(phrase.join(' ')))]
  const specific = terms.filter((t) => !BROAD_SUBJECT.has(t))
  // "a data privacy policy", "an incident response plan": the question asks for the document, which the
  // sentence must name too ("our commitment to data security and privacy" is no privacy policy).
  const last = termsOf(phrase[phrase.length - 1] ?? '')[0]
  // (Not in a list: "physical security controls and policies" asks about the controls as much.)
  const listed = /^(and|or|&)$/i.test(phrase[phrase.length - 2] ?? '')
  // Only when one word says which document: "a disciplinary or sanction policy" is asked about by either word.
  const document = specific.length === 1 && last && !listed && DOCUMENT_HEADS.has(last) ? last : undefined
  return { terms: specific, ...(document ? { document } : {}) }
}

/**
 * The terms of what a question sets aside: "For customers not using SSO, does your application support
 * multifactor authentication?" asks about the case without SSO, so a sentence on SSO ("We can enforce SSO
 * ... to require 2FA") answers another question.
 */
export function setAsideTerms(question: string): string[] {
  const spans = question.match(/\b(not using|not on|other than|except( for)?|excluding|exclusive of)\s+[^,;?()]+/gi) ?? []
  return spans.flatMap((span) => termsOf(span.replace(/^(not using|not on|other than|except( for)?|excluding|exclusive of)\s+/i, '')))
}
