// The whole sentences of a retrieved chunk that may be quoted in an answer. PDF text comes as lines:
// wrapped sentences are joined (and words a line break or the PDF hyphenated are mended), list items are kept
// apart, and what is not a statement is dropped: headings, running headers, page numbers, table
// rows (procedure steps, responsibilities, standards mappings), list stubs ("Device encryption
// mandatory", "All systems containing sensitive data"), list introductions ending in ":", and any
// sentence with a link, markup, a formula or an instruction (untrusted-text.ts).
import { isHeading } from '@portal/knowledge'
import { type Flag, flagOf, isUnsafe, withoutBracketedLinks } from './untrusted-text.js'

export interface Statement {
  text: string
  /** Says what a document is for ("The purpose of this procedure is ...", "This policy applies to ..."), not what is done. */
  about: boolean
  /** 0-based position in its chunk: quoted sentences keep the document's order. */
  index: number
  /** The heading the sentence stands under in its chunk ('' if none): what the section is about. */
  heading: string
  /** 'na' when its paragraph opens with "Not applicable." (every sentence of it says why). */
  verdict?: 'na'
}

const BULLET = /^\s*([•●▪◦○■□➢►–—*+-]|\d{1,2}[.)]|[a-z][.)]|\([a-z0-9]{1,3}\))\s+/
const TABLE_HEADER =
  /^(step (phase )?who what|role responsibility|policy section standard|procedure step\(s\)|procedure \(code\)|section framework control|standard\/framework)/i
const SECTION_START = /^(\d+(\.\d+)*\.?|[A-Z]\.)\s+[A-Z]/
const PAGE_NUMBER = /^\s*\d{1,4}\s*$/
// Markdown printed as text: "## Scope" is a heading, "| a | b |" a table row, "---" a rule.
const MD_HEADING = /^#{1,6}\s|^(-{3,}|={3,}|\*{3,})$/
const MD_TABLE = /^\|/
// A checklist line is a to-do, ticked or not, never a statement of what is done: "- [ ] Logging
// requirements reviewed", "- ✅ Firewall rules set up", "☐ MFA enabled". Its wrapped lines go with it.
const CHECKLIST = /^([-*+•]\s*)?(\[[ xX✓✔]?\]|[☐☑☒✓✔✗✘✅❌⬜])(\s|$)/u
// A table row printed as text: cells between pipes ("Asset | Owner | Return date"), even when the row does not open with one.
const TABLE_ROW = /\|.*\|/
// A Markdown block quote is someone else's words (guidance quoted in a policy), not the policy's statement.
const MD_QUOTE = /^>/
// The second part of a word a line break split ("docu-" / "mented"); compounds keep their hyphen.
const COMPOUND_HEAD =
  /(^|[^a-z])(non|third|multi|cross|self|end|well|high|low|long|short|real|full|part|pre|post|co|anti|sub|semi|two|one|cloud|time|role|risk|user|open|built|read|write|least|ad|in|on|off|up|out|year|day|month|week|case|e|x)-$/i

function joinLine(unit: string, line: string): string {
  if (!unit) return line
  if (/[a-z]-$/.test(unit) && /^[a-z]/.test(line)) return COMPOUND_HEAD.test(unit) ? unit + line : unit.slice(0, -1) + line
  return `${unit} ${line}`
}

// A short line without a full stop, before a line that starts a sentence, is a heading in sentence
// case ("Encryption in transit and at rest", "Purpose") even if isHeading's Title Case test misses it.
// A line with a verb ("Every production change is approved by the Chief") is a wrapped sentence, not one.
const looksLikeHeading = (line: string, next: string | undefined) =>
  line.split(/\s+/).length <= 8 &&
  !FINITE.test(line) &&
  !/[.!?:;,]$/.test(line) &&
  /^[A-Z]/.test(line) &&
  next !== undefined &&
  /^[A-Z]/.test(next) &&
  !BULLET.test(line)
// A numbered section heading ends whatever came before it, finished or not ("3.1.1 Incident Response Lifecycle").
const NUMBERED_HEADING = /^\d+(\.\d+)+\.?\s+[A-Z]/

/** A heading line as words: without Markdown marks and section numbers. */
const headingText = (line: string) =>
  line
    .replace(/^#{1,6}\s+/, '')
    .replace(/^(\d+(\.\d+)*\.?|[IVX]+\.|[A-Z]\.)\s+/, '')
    .trim()

/** Blocks of a chunk (list items and paragraphs, without headings, tables and page furniture), each with the heading it stands under. */
function blocks(text: string): { text: string; heading: string }[] {
  const out: { text: string; heading: string }[] = []
  let unit = ''
  let bullet = false
  let inTable = false
  let inComment = false
  let inChecklist = false
  let heading = ''
  const flush = () => {
    if (unit.trim() && !inTable && !inChecklist) out.push({ text: unit.trim(), heading })
    unit = ''
    bullet = false
    inChecklist = false
  }
  const lines = text.split(/\r?\n/).map((l) => l.trim())
  for (const [i, line] of lines.entries()) {
    if (!line) {
      flush()
      continue
    }
    if (inComment || line.startsWith('<!--')) {
      flush()
      inComment = !line.includes('-->')
      continue
    }
    if (PAGE_NUMBER.test(line)) continue
    // An injected line ("Ignore previous instructions ...", "=HYPERLINK(...)") is a unit of its own,
    // so it is not glued to the sentence after it; computeScan still flags the chunk for it.
    if (flagOf(line)) {
      flush()
      continue
    }
    if (CHECKLIST.test(line)) {
      flush()
      inChecklist = true
      unit = line
      continue
    }
    if (MD_HEADING.test(line) || MD_TABLE.test(line) || TABLE_ROW.test(line) || MD_QUOTE.test(line)) {
      flush()
      inTable = false
      if (/^#{1,6}\s/.test(line)) heading = headingText(line)
      continue
    }
    if (TABLE_HEADER.test(line)) {
      flush()
      inTable = true
      continue
    }
    const finished = !unit || /[.!?:]["”’)]?$/.test(unit)
    if ((isHeading(line) && (finished || bullet || NUMBERED_HEADING.test(line))) || (finished && looksLikeHeading(line, lines[i + 1]))) {
      flush()
      inTable = false
      heading = headingText(line)
      continue
    }
    if (BULLET.test(line) || (SECTION_START.test(line) && finished)) {
      flush()
      if (inTable && SECTION_START.test(line) && !/^\d+\s+[A-Z]/.test(line)) inTable = false
      bullet = BULLET.test(line)
      unit = line.replace(BULLET, '')
      continue
    }
    unit = joinLine(unit, line)
  }
  flush()
  return out
}

const ABBREVIATION = /\b(e\.g|i\.e|etc|vs|inc|ltd|no|fig|sec|approx|u\.s|dept)\.$/i

// A word a PDF hyphenated within a line ("revoca- tion", "confi- dentiality"); not "pre- and post-", "first- or third-party".
const SPLIT_WORD = /\b([a-z]{2,})- (?!(and|or|to|through|nor)\b)([a-z]{2,})\b/g
const mendWords = (s: string) => s.replace(SPLIT_WORD, (whole, head: string, _: string, tail: string) => (COMPOUND_HEAD.test(`${head}-`) ? whole : head + tail))

// A name that is a domain keeps its lower case at the start of a sentence ("cloud.gov tests its ...", "login.gov is ...").
const DOMAIN_NAME_START = /^[a-z][a-z0-9-]*\.(gov|com|org|net|io)\s/

/** Sentences of a block: split after . ! ? before a capital or digit, not after "e.g." and the like. */
function splitSentences(block: string): string[] {
  // A full stop with no space after it ("principles.yment shall ..."; not "cloud.gov") ends a sentence too.
  const parts = mendWords(block.replace(/\s+/g, ' '))
    .replace(/([a-z]{3,})\.(?!(gov|com|org|net|io|edu|js|md|pdf)\b)([a-z]{2,}\s)/g, '$1.\u2029$3')
    .split(/\u2029|(?<=[.!?]["”’)]?)\s+(?=["“(]?[A-Z0-9]|[a-z][a-z0-9-]*\.(?:gov|com|org|net|io)\s)/)
  const out: string[] = []
  for (const p of parts) {
    const prev = out[out.length - 1]
    // "Not applicable." and "Yes." are verdicts: they belong with the sentence that says why.
    if (prev !== undefined && (ABBREVIATION.test(prev) || /^(not applicable|n\/a|yes|no)\.$/i.test(prev.trim()))) out[out.length - 1] = `${prev} ${p}`
    else out.push(p)
  }
  return out
}

// A statement says something: an auxiliary or modal, or a verb in a policy's usual forms.
const FINITE =
  /\b(is|are|was|were|be|been|has|have|had|do|does|did|will|shall|must|should|can|cannot|may|might|would|could|won['’]t|aren['’]t|isn['’]t|don['’]t|doesn['’]t|we|they)\b/i
// A statement in the simple present has no auxiliary: "Cloud Operations uses AWS multi-factor
// authentication", "All our employees ... sign confidentiality agreements", "UAA and IAM require MFA".
// Verbs a policy states what is done with, that are seldom nouns, count in either form after a subject
// (never first: "Require MFA" is a to-do); verbs that are as often plural nouns ("tests", "reviews",
// "scans") count only with an object after them ("tests its incident response", not "penetration tests").
const PRESENT_VERB =
  /[\w)]\s+(?<!\b(the|a|an|to|of|for|and|or|with|by|in|on|at|its|their|our|this|that)\s+)(requires?|signs?|provides?|performs?|maintains?|ensures?|encrypts?|conducts?|retains?|employs?|enforces?|undergo(es)?|applies|protects?|restricts?|follows?|implements?|prohibits?|prevents?|collects?|deletes?|notifies|revokes?|approves?|defines?|establish(es)?|complies|comply|rotates?|verifies|verify|receives?|obtains?|leverages?|utilizes?|generates?|terminates?|disables?|authenticates?|mitigates?|remediates?|identifies|manages|operates?|uses|relies|rely|pulls?|keeps)\b|[\w)]\s+(?<!\b(the|a|an|to|of|for|and|or|with|by|in|on|at|its|their|our|this|that)\s+)(tests|reviews|scans|tracks?|logs|monitors|patches|updates|audits|trains|stores|hosts|limits|supports|shares|backs up|runs|takes|holds|meets|offers)\s+(its|their|the|a|an|all|our|every|each|any|[A-Z])|[\w)]\s+(?<!\b(the|a|an|to|of|for|and|or|with|by|in|on|at|its|their|our|this|that)\s+)(runs|resides|lives)\s+(on|in|within)\s/
const PARTICIPLE =
  /\b(required|mandatory|prohibited|enabled|implemented|encrypted|enforced|performed|conducted|maintained|reviewed|tested|approved|documented|restricted|logged|monitored|retained|stored|protected|blocked|disabled|managed|hashed|signed|revoked|deleted|backed)\b/i
// A table's caption or a heading run into its first sentence: "Annual Procedures These procedures shall ...".
const GLUED_HEADING = /^([A-Z][a-z]+\s){1,4}(These|This|The|All|Our|We|Each|Any)\s/
// A glossary entry says what a word means, not what the company does: "Degaussing: The process of
// ...", "Configuration Drift: Unintended changes ... that deviate ...": no verb before its first "that".
const isDefinition = (s: string) => {
  const m = /^[^:]{2,80}:\s+(.*)$/.exec(s)
  if (!m) return false
  const head = m[1]!.split(/\b(that|which|who|where|whose|used|to)\b/)[0]!
  return /^(A|An|The|Any)\s/.test(m[1]!) || !(FINITE.test(head) || PARTICIPLE.test(head))
}
// A table cell without its row's subject: "Outlines the steps for ...", "Guides the formal risk assessment ...".
// ("Access to production ..." is a subject: a word ending in "ss" is no verb in the third person.)
const SUBJECTLESS = /^[A-Z][a-z]*[a-rt-z](s|es)\s+(the|a|an|all|any|each|and|to|for|with|that|new|its|their|user|access|security|final|formal)\b/
// A list of duties or to-dos ("Review all changes to the code ...", "Enable MFA for ..."): no one is said to do it.
const IMPERATIVE =
  /^(Review|Manage|Maintain|Build|Respond|Coordinate|Monitor|Implement|Enable|Configure|Use|Test|Apply|Ensure|Conduct|Perform|Provide|Define|Establish|Develop|Identify|Assess|Update|Restore|Rebuild|Remove|Isolate|Notify|Document|Verify|Validate|Secure|Encrypt|Protect|Limit|Restrict|Require|Deploy|Install|Scan|Patch|Report|Investigate|Determine|Comply|Follow|Submit|Request|Approve|Grant|Revoke|Disable|Create|Generate|Assign|Schedule|Complete|Track|Log|Store|Collect|Analyze|Analyse|Triage|Activate|Contain|Eradicate|Recover|Communicate|Train|Educate|Enhance|Designate|Select|Consider|Take|Keep|Make|Check|Set|Run|Prepare|Detect|Reduce|Prevent|Avoid|Promote|Support|Integrate|Address)\s+(?!(is|are|was|were|shall|must|will|may|can|should|has|have)\b)/
// Section labels run into the sentence after them ("Purpose To provide ...", "Artifact(s) An emergency ...").
const SECTION_LABEL = /^(Purpose|Scope|Overview|Objective|Artifact\(s\)|Note:)\s+(?=[A-Z])/
// A responsibilities table's row: a role, then what it does ("IT Department Implement and manage ...").
const ROLE_ROW =
  /^([A-Z][\w/&.’'-]*,?\s+){1,5}(Implements?|Manages?|Own|Owns|Reviews?|Provides?|Ensures?|Conducts?|Follows?|Develops?|Defines?|Approves?|Assists?|Assess(es)?|Performs?|Supports?|Establish(es)?|Coordinates?|Compl(y|ies)|Monitors?|Reports?|Requests?|Leads?|Oversees?|Investigates?|Notified|Consulted|Initiates?|Collects?|Sends?|Revokes?|Generates?|Removes?|Documents?|Attests?|Submits?|Installs?|Creates?|Tests?|Validates?|Identif(y|ies)|Obtains?|Deploys?|Chairs?|Guides?|Outlines?|Describes?|Details?|Configures?|Uses?|Integrates?|Advises?|Participates?|Maintains?|Executes?|Facilitates?|Determines?|Assigns?|Updates?|Is responsible|Responsible|Actively|Immediately|Upon)\b/

// A numbered section's title or a numbered table row run into the text after it: "1.1.1 Non-text Content
// (Level A) Supports ...", "4.2 Asset Return All assets ...". (A list item's "1." or "a)" is stripped as a bullet.)
const NUMBERED_TITLE = /^\d+(\.\d+)+\.?\s/
const MINOR_WORD = /^(a|an|and|or|of|the|for|to|in|on|with|by|at|from|as|&|vs\.?)$/i
// A title in Title Case ("Security Awareness Training Program Requirements"): every word but the small ones
// capitalised, and no auxiliary in lower case to make it a sentence.
const isTitle = (s: string) => {
  const words = s.replace(/[.!?]$/, '').split(/\s+/)
  const major = words.filter((w) => !MINOR_WORD.test(w))
  return major.length >= 3 && major.every((w) => /^["“(]?[A-Z0-9]/.test(w)) && !/\b(is|are|was|were|has|have|will|shall|must|can|may|should)\b/.test(s)
}

/**
 * A sentence a reviewer can read on its own: a statement of 4 to 80 words that starts like a
 * sentence, is not a heading or a table row, and does not end as a list introduction.
 */
export function isStatement(s: string): boolean {
  const words = s.split(/\s+/)
  if (words.length < 4 || words.length > 80 || s.length < 20) return false
  if (!(/^["“(]?[A-Z0-9[]/.test(s) || DOMAIN_NAME_START.test(s)) || /:\s*$/.test(s) || isHeading(s)) return false
  if (/^\d+(\s*[-–]\s*\d+)?\s+[A-Z]/.test(s) || /\bCC\d\.\d+\b/.test(s)) return false // a table's step or control row
  if (CHECKLIST.test(s) || /\|/.test(s) || NUMBERED_TITLE.test(s) || isTitle(s)) return false
  if (s === s.toUpperCase() || ROLE_ROW.test(s) || isDefinition(s) || GLUED_HEADING.test(s) || SUBJECTLESS.test(s) || IMPERATIVE.test(s)) return false
  if (FINITE.test(s) || PRESENT_VERB.test(s)) return true
  // "Data at rest: Encrypted using ..." and a short list item "Device encryption required" state a requirement too.
  return PARTICIPLE.test(s) && /^[^:]{2,60}:\s/.test(s)
}

const ABOUT =
  /^(the (purpose|objective|scope) of this|this (policy|procedure|plan|document|standard) (applies|covers|encompasses|describes|outlines|details|defines|establishes|ensures)|to (define|describe|establish|provide|outline|detail|guide) )/i

// A paragraph that opens with the verdict: "Not applicable. cloud.gov is completely virtualized ... cloud.gov leverages ...".
const NOT_APPLICABLE_PARAGRAPH = /^(not applicable|n\/a)\b[.:;,-]/i

export interface SentenceScan {
  statements: Statement[]
  /** Why the chunk flags its document, if it does. */
  flag: Flag | undefined
}

// Chunks come back for question after question: their scans are kept (a bounded cache).
const memo = new Map<string, SentenceScan>()
const MEMO_MAX = 5_000

/** The quotable sentences of a chunk, and whether it carries text that flags its document. */
export function scanChunk(text: string): SentenceScan {
  const known = memo.get(text)
  if (known) return known
  const scan = computeScan(text)
  if (memo.size >= MEMO_MAX) memo.clear()
  memo.set(text, scan)
  return scan
}

function computeScan(text: string): SentenceScan {
  const statements: Statement[] = []
  let flag: Flag | undefined
  let index = 0
  for (const block of blocks(text)) {
    const verdict = NOT_APPLICABLE_PARAGRAPH.test(block.text) ? { verdict: 'na' as const } : {}
    for (const raw of splitSentences(block.text)) {
      flag ??= flagOf(raw)
      const s = withoutBracketedLinks(raw).replace(SECTION_LABEL, '').trim()
      if (!isUnsafe(s) && isStatement(s))
        statements.push({ text: /[.!?]["”’)]?$/.test(s) ? s : `${s}.`, about: ABOUT.test(s), index: index++, heading: block.heading, ...verdict })
    }
  }
  // Markup split over lines ("<script>" on one, "</script>" on the next) is still markup.
  flag ??= flagOf(text.replace(/\s*\n\s*/g, ' '))
  return { statements, flag }
}
