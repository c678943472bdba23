// Question/answer pairs a vendor already wrote inside a document, read from the text pdf.js gives
// per page (blank lines gone, table columns joined by one space, Markdown printed raw): tables whose
// header names a question and an answer column (pipe tables, HTML tables printed raw, and PDF tables laid out as text), FAQ
// labels ("Q:" / "A:"), bold question lines ("**Is my data encrypted?**", often quoted: "> **…?**")
// and `<details><summary>` blocks with the answer under them, headings phrased as questions with the
// text under them, and a run of question lines each followed by its answer paragraph. Ordinary tables
// (roles, revisions, control matrices), bold labels ("**Note:**"), bold statements, numbered headings
// and checklists name no question and give nothing.

export interface QaPair {
  page: number
  question: string
  answer: string
  choice?: 'yes' | 'no' | 'na'
}

interface Line {
  page: number
  text: string
  /** The longest line of its page: a line much shorter than that ends a paragraph. */
  width: number
}

const MAX_ANSWER = 2000
const MAX_LINE = 2000
const MAX_PAIRS = 5000
const QUESTION_END = /\?[\s"'”’)\]*_]*$/
const FENCE = /^\s*(```|‘‘‘|~~~)/
const HEADING = /^\s{0,3}#{1,6}\s+/
const PIPE_ROW = /^\s*\|/
const Q_LABEL = /^\s*(?:>\s*)?(?:\*\*|__)?\s*(?:Q|Question)\s*\d*(?:\.\d+)*\s*[:.)-]\s*(?:\*\*|__)?\s*/i
const A_LABEL = /^\s*(?:>\s*)?(?:\*\*|__)?\s*(?:A|Answer)\s*\d*(?:\.\d+)*\s*[:.)-]\s*(?:\*\*|__)?\s*/i
// "> A Yes, agencies may…": an answer label without its colon, only right under a question.
const A_BARE = /^\s*(?:>\s*)?(?:\*\*|__)?A(?:\*\*|__)?\s+(?=\p{Lu})/u
const QUESTION_HEADER = /^(?:.*\s)?(?:questions?|query|queries)(?:\s.*)?$/i
const ANSWER_HEADER = /^(?:.*\s)?(?:answers?|responses?|replies|reply|yes\s*\/\s*no)(?:\s.*)?$/i
// A question by its first words though it lacks its "?": "Do you …", "How long is …", not "What we collect".
const ASKS =
  /^(?:(?:do|does|is|are|can|could|will|would|should|shall|did|was|were|has|have|may|must)\s+\S+\s+\S+|(?:how|what|which|who|when|where|why)\s+(?:do|does|is|are|can|could|will|would|should|did|was|were|has|have|long|often|many|much)\b)/i
// A line that is wholly bold, maybe quoted or a list item: "> **Which audits are in place?**".
const BOLD_LINE = /^\s*(?:>\s*)*(?:(?:[-*+]|\d+[.)])\s+)?(\*\*|__)(?=\S)(.+?)\1\s*$/
// A bold lead with text after it on the line: "**Is my data encrypted?** Yes, with AES-256."
const BOLD_LEAD = /^\s*(?:>\s*)*(\*\*|__)(?=\S)(.+?\?["'”’)]*)\s*\1\s*(\S.*)$/
const DETAILS_OPEN = /<details\b/i
const DETAILS_CLOSE = /<\/details\s*>/i
const INTERROGATIVE =
  /^(do|does|is|are|has|have|had|can|could|will|would|should|shall|did|was|were|may|must|how|what|which|who|whom|whose|when|where|why|describe|explain|list|provide|please|indicate|specify)\b/i

/** Markdown emphasis, links and quote markers off (an answer is shown as words, not markup); spaces made single. */
function clean(text: string): string {
  return text
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/!?\[([^\]\n]*)\]\([^)\s]*(?:\s+"[^"]*")?\)/g, '$1')
    .replace(/^\s*>\s?/, '')
    .replace(/\*\*|__/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Ends in a question mark (emphasis and quotes aside), with words before it. */
function endsAsQuestion(text: string): boolean {
  const t = clean(text).replace(/[\s"'”’)\]]+$/, '')
  return t.endsWith('?') && /\p{L}{2,}.*\p{L}/u.test(t) && /\p{L}["'”’‘`)\]]*\?$/u.test(t)
}

/** A question a person asks: words, a question mark or an interrogative opening, not a code or a number. */
function isQuestion(text: string): boolean {
  const t = clean(text)
  if (t.split(' ').length < 2 || !/^[\p{L}"'“‘(]/u.test(t.replace(/^[A-Z]{1,5}[&-]?[A-Z]{0,5}-?\d+(?:\.\d+)*\s+/, ''))) return false
  return endsAsQuestion(t) || (INTERROGATIVE.test(t) && t.split(' ').length >= 3)
}

/** Yes / No / N.A. when the answer opens with it or is nothing else. */
export function choiceOf(answer: string): QaPair['choice'] {
  const t = clean(answer).replace(/^[^\p{L}]+/u, '')
  if (/^yes\b/i.test(t)) return 'yes'
  if (/^no(?:\s*$|[.,;:!)—–-]|\s+[(—–-])/i.test(t) || /^no\s*\(/i.test(t)) return 'no'
  if (/^(n\/a|n\.a\.?|na|not applicable)(?:\b|$)/i.test(t)) return 'na'
  return undefined
}

function pair(page: number, question: string, answer: string): QaPair | undefined {
  const q = clean(question)
  let a = clean(answer)
  if (a.length > MAX_ANSWER) {
    const cut = a.lastIndexOf('. ', MAX_ANSWER)
    a = a.slice(0, cut > MAX_ANSWER / 2 ? cut + 1 : MAX_ANSWER)
  }
  // An empty cell or a template's placeholder ("[Yes/No]", "Yes/No/Partial", "TBD") is no answer.
  if (
    !q ||
    !/\p{L}{2,}/u.test(a) ||
    /^\[.*\]$/.test(a) ||
    /^(tbd|todo|n\/?a\?)$/i.test(a) ||
    /^(yes|no|n\/?a|partial)(\s*\/\s*(yes|no|n\/?a|partial|unknown))+$/i.test(a)
  )
    return undefined
  const choice = choiceOf(a)
  return choice ? { page, question: q, answer: a, choice } : { page, question: q, answer: a }
}

/** Cells of a pipe row; escaped pipes stay in their cell. */
function cells(row: string): string[] {
  const inner = row.trim().replace(/^\|/, '').replace(/\|$/, '')
  return inner.split(/(?<!\\)\|/).map((c) => c.trim())
}

const isSeparator = (text: string) => /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/.test(text)

export function findQaPairs(pages: { page: number; text: string }[]): QaPair[] {
  const lines: Line[] = []
  for (const p of pages) {
    const texts = p.text.split('\n').map((t) => t.replace(/\s+$/, ''))
    const width = texts.reduce((w, t) => (t.length <= MAX_LINE ? Math.max(w, t.length) : w), 0)
    // No printed line is that long: such text (a broken or hostile layout) holds no pair, and
    // leaving it out keeps this pass linear and short on the ingest worker's event loop.
    for (const text of texts) if (text.trim() && text.length <= MAX_LINE) lines.push({ page: p.page, text, width })
  }
  // Code blocks print their comments as "# ..." lines: nothing inside a fence is a heading or a question.
  const code = new Array<boolean>(lines.length).fill(false)
  let inFence = false
  for (const [i, l] of lines.entries()) {
    if (FENCE.test(l.text)) {
      code[i] = true
      inFence = !inFence
    } else code[i] = inFence
  }
  const used = new Array<boolean>(lines.length).fill(false)
  const found: { at: number; pair: QaPair }[] = []
  const add: Add = Object.assign(
    (at: number, p: QaPair | undefined) => {
      if (p && found.length < MAX_PAIRS) found.push({ at, pair: p })
    },
    { full: () => found.length >= MAX_PAIRS },
  )
  pipeTables(lines, code, used, add)
  htmlTables(lines, code, used, add)
  textTables(lines, code, used, add)
  labelled(lines, code, used, add)
  detailsBlocks(lines, code, used, add)
  boldQuestions(lines, code, used, add)
  questionHeadings(lines, code, used, add)
  questionLines(lines, code, used, add)
  return found.sort((a, b) => a.at - b.at).map((f) => f.pair)
}

/** Keeps a pair; `full` once a document has given MAX_PAIRS (no real one has that many). */
type Add = ((at: number, p: QaPair | undefined) => void) & { full: () => boolean }

/** Markdown pipe tables with a question and an answer column; a row wrapped by printing goes on until its last pipe. */
function pipeTables(lines: Line[], code: boolean[], used: boolean[], add: Add): void {
  for (let i = 0; i + 1 < lines.length && !add.full(); i++) {
    if (code[i] || !PIPE_ROW.test(lines[i]!.text) || !isSeparator(lines[i + 1]!.text)) continue
    const header = cells(lines[i]!.text).map(clean)
    const qi = header.findIndex((h) => QUESTION_HEADER.test(h))
    const ai = header.findIndex((h, k) => k !== qi && ANSWER_HEADER.test(h) && !QUESTION_HEADER.test(h))
    if (qi < 0 || ai < 0) continue
    used[i] = used[i + 1] = true
    let j = i + 2
    while (j < lines.length && PIPE_ROW.test(lines[j]!.text) && !code[j]) {
      const start = j
      let row = lines[j]!.text
      // A row printed over several lines: its cells are complete when it ends in a pipe and has them all.
      while (!(row.trimEnd().endsWith('|') && cells(row).length >= header.length) && j + 1 < lines.length && !PIPE_ROW.test(lines[j + 1]!.text)) {
        j++
        row += ` ${lines[j]!.text.trim()}`
      }
      for (let k = start; k <= j; k++) used[k] = true
      const c = cells(row)
      const q = c[qi] ?? ''
      if (isQuestion(q)) add(start, pair(lines[start]!.page, q, c[ai] ?? ''))
      j++
    }
    i = j - 1
  }
}

/** A PDF table as text: a "Question Answer" header line, then rows "question? answer", an answer going on over the next lines. */
function textTables(lines: Line[], code: boolean[], used: boolean[], add: Add): void {
  for (let i = 0; i < lines.length && !add.full(); i++) {
    if (used[i] || code[i] || lines[i]!.text.length > 120 || !/question/i.test(lines[i]!.text)) continue
    const head = clean(lines[i]!.text)
    if (head.includes('|') || head.length > 80) continue
    const words = head.toLowerCase().split(' ')
    const q = words.findIndex((w) => /^questions?$/.test(w))
    const a = words.findIndex((w) => /^(answers?|responses?)$/.test(w))
    if (q < 0 || a <= q || words.length > 8) continue
    let current: { at: number; question: string; answer: string[] } | undefined
    let loose = 0
    const flush = () => {
      if (current) add(current.at, pair(lines[current.at]!.page, current.question, current.answer.join(' ')))
      current = undefined
    }
    let j = i + 1
    for (; j < lines.length && !add.full(); j++) {
      const t = lines[j]!.text
      if (code[j] || HEADING.test(t) || PIPE_ROW.test(t)) break
      const m = /^(.*?\p{L}["'”’)]*\?)(?:\s+(.*))?$/u.exec(clean(t))
      if (m && isQuestion(m[1]!)) {
        flush()
        current = { at: j, question: m[1]!, answer: m[2] ? [m[2]] : [] }
        loose = 0
      } else if (current && loose < 6) {
        current.answer.push(t)
        loose++
      } else break
      used[j] = true
    }
    flush()
    used[i] = true
    i = j - 1
  }
}

/** "Q: …" then "A: …" (or "A …" right under it), each answer up to the next question or heading. */
function labelled(lines: Line[], code: boolean[], used: boolean[], add: Add): void {
  for (let i = 0; i < lines.length && !add.full(); i++) {
    const t = lines[i]!.text
    if (used[i] || code[i] || !Q_LABEL.test(t.replace(HEADING, ''))) continue
    const fromHeading = HEADING.test(t)
    // The question may wrap: it goes on until it ends with "?" or an answer label comes.
    let question = t.replace(HEADING, '').replace(Q_LABEL, '')
    let j = i + 1
    while (!endsAsQuestion(question) && j < lines.length && j - i < 4 && !A_LABEL.test(lines[j]!.text) && !HEADING.test(lines[j]!.text)) {
      question += ` ${lines[j]!.text}`
      j++
    }
    if (!isQuestion(question)) continue
    const first = lines[j]?.text ?? ''
    const labelledAnswer = A_LABEL.test(first) || A_BARE.test(first)
    // Without an answer label the text under a "Q:" heading is its answer; a bare "Q:" line needs one.
    if (!labelledAnswer && !fromHeading) continue
    const answer: string[] = []
    const quoted = /^\s*>/.test(first)
    for (let k = j; k < lines.length; k++) {
      const l = lines[k]!.text
      if (k > j && (HEADING.test(l) || Q_LABEL.test(l) || PIPE_ROW.test(l))) break
      if (code[k]) continue
      answer.push(k === j ? l.replace(A_LABEL, '').replace(A_BARE, '') : l)
      used[k] = true
      // A quoted answer ends with its paragraph.
      if (quoted && endsParagraph(lines, k)) break
    }
    for (let k = i; k < j; k++) used[k] = true
    add(i, pair(lines[i]!.page, question, answer.join(' ')))
  }
}

/** The line closes a sentence and is clearly shorter than the page's longest: the paragraph ends here. */
function endsParagraph(lines: Line[], k: number): boolean {
  const l = lines[k]!
  const next = lines[k + 1]
  if (!next || next.page !== l.page) return !next
  return /[.!?:"”’)]$/.test(l.text.trim()) && l.text.length < 0.8 * l.width
}

/** Headings phrased as questions ("## Is my data encrypted?", one wrapped over two heading lines), answered by the text up to the next heading. */
function questionHeadings(lines: Line[], code: boolean[], used: boolean[], add: Add): void {
  for (let i = 0; i < lines.length && !add.full(); i++) {
    if (used[i] || code[i] || !HEADING.test(lines[i]!.text)) continue
    let question = lines[i]!.text.replace(HEADING, '')
    let j = i + 1
    // A heading printed over two lines repeats its marker: "## Does it isolate … like a microVM" / "## platform …?",
    // the second going on in lower case.
    const marker = /^\s*#+/.exec(lines[i]!.text)![0].trim()
    const next = lines[j]
    if (
      !endsAsQuestion(question) &&
      next &&
      !used[j] &&
      /^\s*#+/.exec(next.text)?.[0].trim() === marker &&
      /^\p{Ll}/u.test(next.text.replace(HEADING, '')) &&
      endsAsQuestion(next.text)
    ) {
      question += ` ${lines[j]!.text.replace(HEADING, '')}`
      j++
    }
    // "1.2 Is …?", "Q3: Is …?": the number is not part of the question.
    question = question.replace(/^\s*(?:\d+(?:\.\d+)*\.?|Q\d+(?:\.\d+)*[:.]?)\s+/, '')
    if (!endsAsQuestion(question) || !isQuestion(question)) continue
    const answer: string[] = []
    let k = j
    for (; k < lines.length && !HEADING.test(lines[k]!.text); k++) {
      if (!code[k]) answer.push(lines[k]!.text)
      used[k] = true
    }
    add(i, pair(lines[i]!.page, question, answer.join(' ')))
    i = k - 1
  }
}

/**
 * Plain question lines, each followed by its answer paragraph (a PDF FAQ whose bold is gone). A
 * lone question line in prose is rhetorical more often than not: only a run of two or more counts.
 */
function questionLines(lines: Line[], code: boolean[], used: boolean[], add: Add): void {
  const candidates: number[] = []
  for (let i = 0; i + 1 < lines.length && !add.full(); i++) {
    const t = lines[i]!.text
    // Cheap test first: most lines do not end in a question mark.
    if (!QUESTION_END.test(t) || used[i] || code[i] || used[i + 1] || HEADING.test(t) || PIPE_ROW.test(t) || /^\s*([-*+•]|\d+[.)])\s/.test(t)) continue
    const words = clean(t).split(' ').length
    // A line of its own: shorter than the page's text width, after a sentence's end, a heading or a rule.
    const before = lines[i - 1]
    const startsLine =
      !before || before.page !== lines[i]!.page || HEADING.test(before.text) || /^[\s=_*-]+$/.test(before.text) || /[.!?:"”’)]$/.test(before.text.trim())
    if (
      startsLine &&
      t.length < 0.8 * lines[i]!.width &&
      words >= 3 &&
      words <= 30 &&
      /^[\p{Lu}"“*_]/u.test(t.trim()) &&
      endsAsQuestion(t) &&
      isQuestion(t) &&
      /^[\p{Lu}"“(]/u.test(clean(lines[i + 1]!.text))
    )
      candidates.push(i)
  }
  if (candidates.length < 2) return
  for (const [n, i] of candidates.entries()) {
    if (add.full()) return
    const stop = candidates[n + 1] ?? lines.length
    const answer: string[] = []
    for (let k = i + 1; k < stop && !used[k] && !HEADING.test(lines[k]!.text) && !code[k]; k++) {
      answer.push(lines[k]!.text)
      used[k] = true
      if (endsParagraph(lines, k)) break
    }
    used[i] = true
    add(i, pair(lines[i]!.page, lines[i]!.text, answer.join(' ')))
  }
}

/** A bold or summary text that asks: a question by its mark or by its first words, never a label ending in ":". */
function asks(text: string): boolean {
  const t = clean(text)
  // "**Is treated as immutable by all code.**" opens like a question but is a statement: its full stop says so.
  if (/[:.!]$/.test(t) || t.split(' ').length > 40) return false
  return isQuestion(t) && (endsAsQuestion(t) || ASKS.test(t))
}

/** The text of a wholly bold line (one wrapped by printing over up to three lines), and the index of its last line. */
function boldAt(lines: Line[], code: boolean[], i: number): { text: string; end: number } | undefined {
  const t = lines[i]!.text
  const whole = BOLD_LINE.exec(t)
  if (whole) return whole[2]!.includes(whole[1]!) ? undefined : { text: whole[2]!, end: i }
  // "**How often are …" going on to "… shareable?**" on the next printed line.
  const open = /^\s*(?:>\s*)*(?:(?:[-*+]|\d+[.)])\s+)?(\*\*|__)(?=\S)/.exec(t)
  if (!open || t.slice(open[0].length).includes(open[1]!)) return undefined
  let joined = t
  for (let j = i + 1; j < lines.length && j - i < 3 && !code[j] && !HEADING.test(lines[j]!.text); j++) {
    joined += ` ${lines[j]!.text.trim()}`
    const m = BOLD_LINE.exec(joined)
    if (m) return m[2]!.includes(m[1]!) ? undefined : { text: m[2]!, end: j }
    if (lines[j]!.text.includes(open[1]!)) return undefined
  }
  return undefined
}

/** The line opens a new FAQ entry or section: an answer stops before it. */
function startsEntry(lines: Line[], code: boolean[], k: number): boolean {
  const t = lines[k]!.text
  if (HEADING.test(t) || DETAILS_OPEN.test(t) || /^\s*([-*_])(\s*\1){2,}\s*$/.test(t)) return true
  // A wholly bold line is a question or a sub-heading; a bold label ("**Note:**") belongs to the answer.
  const bold = boldAt(lines, code, k)
  if (bold) return !/:\s*$/.test(clean(bold.text))
  const lead = BOLD_LEAD.exec(t)
  return Boolean(lead && asks(lead[2]!) && INTERROGATIVE.test(clean(lead[2]!)))
}

/**
 * "**Question?**" (or "> **Question?**", "**Question?** answer") followed by its answer up to the next
 * such line, heading, rule or `<details>`: one of the commonest FAQ layouts. A quoted answer ends with its paragraph.
 */
function boldQuestions(lines: Line[], code: boolean[], used: boolean[], add: Add): void {
  for (let i = 0; i < lines.length && !add.full(); i++) {
    if (used[i] || code[i] || HEADING.test(lines[i]!.text)) continue
    let question: string
    let first: string[] = []
    let end = i
    const bold = boldAt(lines, code, i)
    if (bold) {
      if (!asks(bold.text)) continue
      question = bold.text
      end = bold.end
    } else {
      // A list item opening with a bold question is a checklist of things to ask, not an answered one.
      // With text after it, a bold question that opens with no question word is mostly a call to action
      // ("**Got a question?** Join us on …", "**Interested in sponsoring?** Get in touch"), not an FAQ entry.
      const lead = BOLD_LEAD.exec(lines[i]!.text)
      if (!lead || !asks(lead[2]!) || !INTERROGATIVE.test(clean(lead[2]!))) continue
      question = lead[2]!
      first = [lead[3]!]
    }
    const answer = [...first]
    let k = end + 1
    const quoted = /^\s*>/.test(lines[k]?.text ?? '') && !first.length
    for (; k < lines.length && !startsEntry(lines, code, k) && !used[k]; k++) {
      if (!code[k]) answer.push(lines[k]!.text)
      used[k] = true
      if (quoted && endsParagraph(lines, k)) {
        k++
        break
      }
    }
    for (let j = i; j <= end; j++) used[j] = true
    add(i, pair(lines[i]!.page, question, answer.join(' ')))
    i = k - 1
  }
}

/** `<details><summary>Question?</summary> answer </details>`: the question in the summary, the answer up to the close. */
function detailsBlocks(lines: Line[], code: boolean[], used: boolean[], add: Add): void {
  for (let i = 0; i < lines.length && !add.full(); i++) {
    if (used[i] || code[i] || !DETAILS_OPEN.test(lines[i]!.text)) continue
    // The summary opens on the details line or within the next two, and may wrap over three lines.
    let s = i
    while (s < lines.length && s - i < 3 && !/<summary\b/i.test(lines[s]!.text)) s++
    if (s >= lines.length || s - i >= 3) continue
    let text = lines[s]!.text.slice(lines[s]!.text.search(/<summary\b/i))
    let e = s
    while (!/<\/summary\s*>/i.test(text) && e + 1 < lines.length && e - s < 3) text += ` ${lines[++e]!.text}`
    const m = /<summary\b[^>]*>([\s\S]*?)<\/summary\s*>([\s\S]*)$/i.exec(text)
    if (!m || !asks(m[1]!)) continue
    const answer = [m[2]!]
    let k = e + 1
    if (!DETAILS_CLOSE.test(m[2]!)) {
      for (; k < lines.length && !DETAILS_CLOSE.test(lines[k]!.text) && !DETAILS_OPEN.test(lines[k]!.text) && !HEADING.test(lines[k]!.text); k++) {
        if (!code[k]) answer.push(lines[k]!.text)
        used[k] = true
      }
      if (k < lines.length && DETAILS_CLOSE.test(lines[k]!.text)) {
        answer.push(lines[k]!.text.replace(/<\/details[\s\S]*$/i, ''))
        used[k] = true
      }
    } else answer[0] = m[2]!.replace(/<\/details[\s\S]*$/i, '')
    for (let j = i; j <= e; j++) used[j] = true
    add(s, pair(lines[s]!.page, m[1]!, answer.join(' ')))
    i = Math.max(i, k - 1)
  }
}

const CELL = /<t([hd])\b[^>]*>([\s\S]*?)(?:<\/t[hd]\s*>|(?=<t[hd]\b)|(?=<\/tr)|$)/gi

/** HTML `<table>`s printed raw (Markdown and MDX pages): a header row naming a question and an answer column, then one pair a row. */
function htmlTables(lines: Line[], code: boolean[], used: boolean[], add: Add): void {
  for (let i = 0; i < lines.length && !add.full(); i++) {
    if (used[i] || code[i] || !/<table\b/i.test(lines[i]!.text)) continue
    const rows: { at: number; html: string }[] = []
    let j = i
    for (; j < lines.length && !code[j] && j - i < 2000; j++) {
      const text = j === i ? lines[j]!.text.slice(lines[j]!.text.search(/<table\b/i)) : lines[j]!.text
      for (const part of text.split(/(?=<tr\b)/i)) {
        if (/^<tr\b/i.test(part)) rows.push({ at: j, html: part })
        else if (rows.length) rows[rows.length - 1]!.html += ` ${part}`
      }
      if (/<\/table\s*>/i.test(text)) break
    }
    const cellsOf = (html: string) => [...html.replace(/<\/table[\s\S]*$/i, '').matchAll(CELL)].map((m) => clean(m[2]!))
    // Each table is read once, whatever it holds: an unclosed `<table>` costs at most 2,000 lines, once.
    const start = i
    i = j
    const h = rows.findIndex((r) => cellsOf(r.html).some((c) => QUESTION_HEADER.test(c)))
    if (h < 0) continue
    const header = cellsOf(rows[h]!.html)
    const qi = header.findIndex((c) => QUESTION_HEADER.test(c))
    const ai = header.findIndex((c, k) => k !== qi && ANSWER_HEADER.test(c) && !QUESTION_HEADER.test(c))
    if (ai < 0) continue
    for (let k = start; k <= Math.min(j, lines.length - 1); k++) used[k] = true
    for (const row of rows.slice(h + 1)) {
      const c = cellsOf(row.html)
      if (isQuestion(c[qi] ?? '')) add(row.at, pair(lines[row.at]!.page, c[qi]!, c[ai] ?? ''))
    }
  }
}
