// The lexical model shared by retrieval (re-ranking full-text hits) and the offline drafter (which
// sentence answers a question): words are folded to stems, security vocabulary is folded to one
// term per concept ("MFA", "2FA", "two-factor" and "multi-factor authentication" are one), and
// terms are weighed by what they say: a questionnaire's boilerplate ("policies and procedures
// established, documented, ...") weighs little, security vocabulary weighs more.

/** Phrases folded to one token before words are split (both sides of every comparison). */
const PHRASES: [RegExp, string][] = [
  [/\b(multi|two|2)[\s-]?(factor|step)(\s+authenticat\w*)?\b|\bmfa\b|\b2fa\b/gi, ' multifactor '],
  [/\bsingle[\s-]sign[\s-]?on\b|\bsso\b/gi, ' singlesignon '],
  [/\bat[\s-]rest\b/gi, ' atrest '],
  [/\bin[\s-]transit\b/gi, ' intransit '],
  [/\bpen(etration)?[\s-]?test(s|ing|ed)?\b/gi, ' pentest '],
  [/\b(backed|back)[\s-]up\b|\bback-ups?\b/gi, ' backup '],
  [/\bbackground (checks?|screenings?|verifications?|investigations?)\b/gi, ' backgroundcheck '],
  [/\b(non[\s-]?disclosure|confidentiality) agreements?\b|\bndas?\b/gi, ' confidentialityagreement '],
  [/\bbring your own device\b|\bbyod\b/gi, ' byod '],
  [/\bmobile device management\b|\bmdm\b/gi, ' mdm '],
  [/\bvirtual private network\b|\bvpns?\b/gi, ' vpn '],
  [/\b(software|system) development life[\s-]?cycle\b|\bsdlc\b|\bsecure software development\b/gi, ' sdlc '],
  [/\bdisaster recovery\b|\bdrp?\b/gi, ' disasterrecovery '],
  [/\bbusiness continuity\b|\bbcp\b/gi, ' businesscontinuity '],
  [/\bdata cent(er|re)s?\b|\bdatacent(er|re)s?\b/gi, ' datacenter '],
  [/\bleast[\s-]privilege\b/gi, ' leastprivilege '],
  [/\bplain[\s-]?text\b|\bclear[\s-]?text\b/gi, ' plaintext '],
  [/\bkey management\b|\bkms\b/gi, ' keymanagement '],
  [/\b(anti[\s-]?malware|anti[\s-]?virus|antivirus)\b/gi, ' antimalware '],
  [/\bstatic (code |application security )?(analysis|testing)\b|\bsource code analysis\b|\bsast\b/gi, ' codeanalysis '],
  [/\bpayment card industry( data security standards?)?( \(?pci( dss)?\)?)?|\bpci( dss)?\b/gi, ' pci '],
  // "In case of an incident", "in the event of a breach": a connective, not a term.
  [/\bin (the )?(case|event) of\b/gi, ' '],
  [/\bincident response\b|\brespond(ing)? to (security )?incidents\b/gi, ' incidentresponse '],
  [/\bremote(ly)?[\s-]wip(e|ed|ing)\b/gi, ' remotewipe '],
  [/\bthird[\s-]part(y|ies)\b|\bsub[\s-]?processors?\b|\bsuppliers?\b|\bvendors?\b/gi, ' vendor '],
  [/\bwork ?force members?\b|\bemployees?\b|\bpersonnel\b|\bstaff\b|\bworkers?\b/gi, ' workforce '],
  [/\bsecurity awareness\b/gi, ' securityawareness '],
  [/\baccess reviews?\b|\breview(s|ed)? (of )?(user )?access( rights)?\b/gi, ' accessreview '],
  [/\bsession (time-?outs?|lock)\b|\bscreen lock\b|\block(s|ed)? (the )?(screen|session)\b/gi, ' sessionlock '],
  // "configured to automatically lock": the lock, and that it is automatic.
  [/\bautomatically lock(s|ed)?\b/gi, ' automatic sessionlock '],
  [/\b(full[\s-])?(disk|device|storage) encryption\b/gi, ' diskencryption encryption '],
  [/\block(ed)?[\s-]?out\b|\baccount lockout\b|\bfailed log-?in attempts?\b/gi, ' lockout '],
  [/\bweb application firewalls?\b|\bwafs?\b/gi, ' waf '],
  [/\brole[\s-]based access( control)?\b|\brbac\b/gi, ' rbac '],
  // Around the clock: "24 x 7 x 365", "24×7", "24/7" (a schedule, not a number the answer must repeat).
  [/\b24\s*[x×/]\s*7(\s*[x×/]\s*365)?\b|\b(a)?round[\s-]the[\s-]clock\b/gi, ' allhours '],
]

/** Words that stand for the same thing in a question and in a policy (matched at SYNONYM_CREDIT). */
const SYNONYMS: string[][] = [
  ['encryption', 'cryptographic', 'cipher'],
  ['atrest', 'stored', 'storage'],
  ['intransit', 'transmission', 'tls', 'https', 'ssl'],
  ['backup', 'restore', 'recovery'],
  ['patch', 'update'],
  ['vulnerability', 'weakness', 'flaw', 'cve'],
  ['vendor', 'provider', 'contractor', 'partner', 'supply'],
  ['customer', 'tenant', 'client', 'institution'],
  ['termination', 'leaver', 'departing', 'offboarding', 'separation'],
  ['revoke', 'revocation', 'removal', 'deprovision', 'disable'],
  ['training', 'awareness', 'aware', 'education', 'securityawareness'],
  ['logging', 'audit', 'trail'],
  ['monitoring', 'alert', 'detection'],
  ['firewall', 'segmentation'],
  ['endpoint', 'device', 'laptop', 'workstation'],
  ['test', 'exercise'],
  ['plan', 'procedure', 'playbook'],
  ['disposal', 'destruction', 'sanitization', 'erasure', 'deletion', 'wipe'],
  ['retention', 'retain', 'archive'],
  ['incident', 'breach'],
  ['malware', 'antimalware'],
  ['password', 'passphrase', 'credential'],
  ['inventory', 'catalog'],
  ['physical', 'facility', 'premises', 'datacenter'],
  ['classification', 'label', 'sensitivity'],
  ['approval', 'authorization'],
  ['review', 'evaluate', 'assessment'],
  ['documented', 'record'],
  ['risk', 'threat'],
  ['disciplinary', 'sanction'],
  ['notify', 'notification', 'contact'],
  ['diverse', 'dispersed'],
  ['year', 'annual', 'yearly', 'annually'],
]
export const SYNONYM_CREDIT = 0.7

const STOP = new Set(
  (
    'a an and are as at be been being by can could do does did for from has have had how i if in into is it its of on or our ours that the their them there these this those to ' +
    'was we were what when where which who whom will with would you your yours us all any each every such other than also may might must shall should not no yes please ' +
    'describe provide explain list e g eg i e ie etc including include includes per via within upon based one two more most only same so too very just about over under ' +
    'organization organisation organizational company companys entity name role title number duration example ' +
    // Connectives a question leans on ("before gaining", "solely", "on a regular basis") that passages rarely repeat.
    'through before after able solely gain gaining least once last basis whether against across non often frequently ' +
    'prior using while consider considering exist exists either currently minimally minimum subject pursuant above well matters clearly similar capability rapidly timely manner'
  ).split(' '),
)

/** Boilerplate of questionnaires and policies: real words, but they say little about which passage answers. */
const GENERIC_WORDS =
  'policy policies procedure procedures process established documented approved communicated applied evaluated maintained implemented ' +
  'defined relevant appropriate ensure ensures information system systems data security secure managed management support use used ' +
  'required requirements measures technical place provide provided regular regularly periodic periodically applicable necessary standard ' +
  'standards controls control program programs practices protect protected organization business service services scope purpose ' +
  'objective responsible responsibilities accordance following comprehensive formal'
let generic: Set<string> | undefined
function isGeneric(term: string): boolean {
  if (!generic) generic = new Set(GENERIC_WORDS.split(' ').map(stem))
  return generic.has(term)
}

/** Light stemming: plural and derivational endings, then the first six letters (a prefix stemmer, as in IR practice). */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '')
  if (w.length <= 3 || /\d/.test(w)) return w
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`
  else if (w.endsWith('sses')) w = w.slice(0, -2)
  else if (/[^su]s$/.test(w)) w = w.slice(0, -1)
  for (const suffix of ['ational', 'ations', 'ation', 'ments', 'ment', 'ings', 'ing', 'ions', 'ion', 'ity', 'ies', 'age', 'ed', 'ly', 'er', 'ive', 'al', 'e']) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 4) {
      w = w.slice(0, -suffix.length)
      // "annually" and "annual", "formally" and "formal": one stem.
      if (suffix === 'ly' && w.endsWith('al') && w.length >= 6) w = w.slice(0, -2)
      break
    }
  }
  if (/([b-df-hj-np-tv-z])\1$/.test(w)) w = w.slice(0, -1)
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1)
  return w.slice(0, 6).replace(/y$/, 'i')
}

// Chunks come back for question after question: their terms are kept (a bounded cache).
const memo = new Map<string, string[]>()
const MEMO_MAX = 20_000

/** A text's terms, in order: phrases folded, words stemmed, stop words dropped. */
export function termsOf(text: string): string[] {
  const known = memo.get(text)
  if (known) return known
  const terms = computeTerms(text)
  if (memo.size >= MEMO_MAX) memo.clear()
  memo.set(text, terms)
  return terms
}

function computeTerms(text: string): string[] {
  let t = ` ${text} `
  for (const [re, token] of PHRASES) t = t.replace(re, token)
  const out: string[] = []
  for (const w of t.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    if (STOP.has(w) || (w.length < 3 && !/\d/.test(w))) continue
    out.push(PHRASE_TOKENS.has(w) ? w : stem(w))
  }
  return out
}
const PHRASE_TOKENS = new Set(PHRASES.map(([, t]) => t.trim()))

let synonymOf: Map<string, string[]> | undefined
/** Other terms that count for `term`, at SYNONYM_CREDIT. */
export function synonymsOf(term: string): string[] {
  if (!synonymOf) {
    synonymOf = new Map()
    for (const words of SYNONYMS) {
      const group = [...new Set(words.flatMap(termsOf))]
      for (const t of group) synonymOf.set(t, [...new Set([...(synonymOf.get(t) ?? []), ...group.filter((g) => g !== t)])])
    }
  }
  return synonymOf.get(term) ?? []
}

export { isGeneric }

/** A term's prior weight: questionnaire boilerplate counts a quarter; folded security concepts count more. */
export const priorWeight = (term: string): number => (isGeneric(term) ? 0.25 : PHRASE_TOKENS.has(term) ? 1.5 : 1)

/** Inverse document frequency of each term over `texts` (BM25's, never negative). */
export function idfOf(texts: string[][]): Map<string, number> {
  const df = new Map<string, number>()
  for (const t of texts) for (const w of new Set(t)) df.set(w, (df.get(w) ?? 0) + 1)
  const n = texts.length
  return new Map([...df].map(([w, d]) => [w, Math.log(1 + (n - d + 0.5) / (d + 0.5))]))
}

export interface Query {
  terms: string[]
  weight: Map<string, number>
  /** Names and numbers of the question (criticalTermsOf). */
  critical?: Set<string>
}

/** Examples and asides of a question ("(e.g., AWS, Azure)", "such as ...") say what it might cover, not what it asks. */
export const withoutAsides = (question: string): string =>
  question.replace(/\([^)]*\)/g, ' ').replace(/\b(e\.g\.|i\.e\.|ex\.|such as|for example|including but not limited to)[^,;?]*/gi, ' ')

/** Names and numbers (SOC 2, ISO 27001, FedRAMP, HIPAA): a passage without them does not answer. */
export function criticalTermsOf(question: string): Set<string> {
  const names = withoutAsides(question).match(/\b[A-Za-z]*[A-Z][A-Za-z]*[A-Z][A-Za-z0-9]*\b|\b[A-Za-z]*\d[A-Za-z0-9]*\b/g) ?? []
  return new Set(names.flatMap((n) => termsOf(n)))
}

/**
 * A question's terms with their weights: the prior (priorWeight) times how rare the term is in
 * `idf` (0.5 to 1.5; 0.8 for a term the texts do not have), doubled for names and numbers.
 */
export function queryOf(question: string, idf?: Map<string, number>): Query {
  const main = withoutAsides(question)
  const terms = [...new Set(termsOf(main))]
  // A number folded into a phrase ("24 x 7 x 365" is allhours) is no name of its own.
  const critical = new Set([...criticalTermsOf(main)].filter((t) => terms.includes(t)))
  const maxIdf = idf ? Math.max(1, ...idf.values()) : 1
  const rarity = (t: string) => (!idf ? 1 : idf.has(t) ? 0.5 + idf.get(t)! / maxIdf : 0.8)
  const weight = new Map(terms.map((t) => [t, priorWeight(t) * rarity(t) * (critical.has(t) ? 2 : 1)]))
  return { terms, weight, critical }
}

/** How much of the query a set of terms covers: 1 for a term present, SYNONYM_CREDIT for a synonym. */
export function matchOf(term: string, have: Set<string>): number {
  if (have.has(term)) return 1
  return synonymsOf(term).some((s) => have.has(s)) ? SYNONYM_CREDIT : 0
}

/** Share of the query's weight that `terms` cover (0..1). */
export function coverage(query: Query, terms: Set<string>): number {
  let total = 0
  let got = 0
  for (const t of query.terms) {
    const w = query.weight.get(t) ?? 1
    total += w
    got += w * matchOf(t, terms)
  }
  return total ? got / total : 0
}

/** The query's terms that say what it asks (not boilerplate). */
export const keyTerms = (query: Query): string[] => query.terms.filter((t) => !isGeneric(t))

/** Words to add to a full-text query so that a synonym's passage is found too ("MFA" finds "multi-factor"). */
export function expansionOf(question: string): string {
  const extra = new Set<string>()
  const text = question.toLowerCase()
  for (const [re, token] of PHRASES) if (new RegExp(re.source, 'i').test(text)) extra.add(SEARCH_WORDS[token.trim()] ?? '')
  return [...extra].filter(Boolean).join(' ')
}
const SEARCH_WORDS: Record<string, string> = {
  multifactor: 'multi-factor two-factor mfa 2fa authentication',
  singlesignon: 'single sign-on sso',
  atrest: 'rest stored storage encrypted',
  intransit: 'transit tls transmission',
  pentest: 'penetration test pentest',
  backup: 'backup backups backed',
  backgroundcheck: 'background check screening',
  confidentialityagreement: 'confidentiality non-disclosure agreement nda',
  byod: 'byod personal device',
  mdm: 'mdm mobile device management',
  vpn: 'vpn virtual private network',
  sdlc: 'sdlc software development lifecycle',
  disasterrecovery: 'disaster recovery',
  businesscontinuity: 'business continuity',
  datacenter: 'data center datacenter',
  plaintext: 'plaintext plain text clear',
  keymanagement: 'key management kms',
  antimalware: 'anti-malware antivirus malware',
  remotewipe: 'remote wipe',
  vendor: 'vendor third-party supplier provider',
  workforce: 'workforce employees personnel staff workers',
  sessionlock: 'session timeout screen lock inactivity',
  lockout: 'lockout locked failed login attempts',
  codeanalysis: 'static analysis sast source code',
  pci: 'pci payment card',
  diskencryption: 'disk device encryption',
  waf: 'waf web application firewall',
  rbac: 'rbac role-based access control',
  allhours: '24x7 clock',
}
