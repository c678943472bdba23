// The matcher against its three labelled sets, per half (run: node --import tsx tests/bench/question-match-sets.ts
// [--show]): P = tests/fixtures/question-paraphrases.json, L = answer-library-pairs.json (precision / recall
// of 'same'), and the quality set's corpus `inst` (Instructure's filled CAIQ v4.0.3 as the library, asked
// CAIQ v3.0.1 and HECVAT questions): answered of answerable, supported, choice precision, answers to items
// no row answers. Faster than `npm run quality` (no documents are indexed), the same matching.
// --show prints, for the tuning halves only (rules are made on those), every inst item's match and the misses of P and L.
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createFsStore } from '@portal/storage'
import { questionLikeness, questionMatcher, SAME_QUESTION } from '../../packages/drafting/src/question-match.js'
import { libraryFromWorkbook } from '../quality/library.js'
import type { LabelledItem } from '../quality/metrics.js'

const root = path.resolve(import.meta.dirname, '../..')
const show = process.argv.includes('--show')
interface Pair {
  same: boolean
  a: string
  b: string
  from: string
  half: 'tuning' | 'held-out'
}
const load = (file: string) => (JSON.parse(readFileSync(path.join(root, 'tests/fixtures', file), 'utf8')) as { pairs: Pair[] }).pairs
const sets = {
  P: load('question-paraphrases.json'),
  L: load('answer-library-pairs.json').map((p, i) => ({ ...p, half: i % 2 ? 'held-out' : 'tuning' }) as Pair),
}
const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : 'n/a')

for (const [name, pairs] of Object.entries(sets)) {
  for (const h of ['tuning', 'held-out'] as const) {
    const of = pairs.filter((p) => p.half === h).map((p) => ({ ...p, ...questionLikeness(p.a, p.b) }))
    const same = of.filter((p) => !p.differs && p.score >= SAME_QUESTION)
    const right = same.filter((p) => p.same).length
    const positives = of.filter((p) => p.same).length
    console.log(
      `${name} ${h.padEnd(8)} pairs ${String(of.length).padStart(3)}  same ${String(same.length).padStart(3)}  precision ${pct(right, same.length).padStart(7)}  recall ${pct(right, positives).padStart(7)} (${right} of ${positives})`,
    )
    if (show && h === 'tuning')
      for (const p of of) {
        const said = !p.differs && p.score >= SAME_QUESTION
        if (said !== p.same)
          console.log(`   ${said ? 'WRONG SAME' : 'missed'} ${p.score.toFixed(2)} ${p.differs ? 'differs' : ''} ${p.from}\n     a: ${p.a}\n     b: ${p.b}`)
      }
  }
}

const set = JSON.parse(readFileSync(path.join(root, 'tests/quality/labelled-set.json'), 'utf8')) as {
  corpora: Record<string, { library?: string }>
  items: LabelledItem[]
}
const scratch = await mkdtemp(path.join(tmpdir(), 'qm-sets-'))
const library = await libraryFromWorkbook(createFsStore(scratch), path.join(root, 'tests/fixtures', set.corpora.inst!.library!))
await rm(scratch, { recursive: true, force: true })
const matcher = questionMatcher(library)
const mark = (v: string | null | undefined) =>
  v ? (/^y/i.test(v) ? 'yes' : /^no?$/i.test(v) ? 'no' : /^n\/?a|not applicable/i.test(v) ? 'na' : undefined) : undefined
for (const h of ['tuning', 'held-out'] as const) {
  const items = set.items.filter((i) => i.corpus === 'inst' && i.split === h)
  let answerable = 0
  let answered = 0
  let supported = 0
  let choices = 0
  let choicesRight = 0
  let unanswerable = 0
  let suggested = 0
  let suggestedRight = 0
  for (const item of items) {
    const labels = item.library ?? []
    if (labels.length) answerable++
    const m = matcher.match(item.question)
    const ok = !!m && labels.includes(m.candidate.questionRef ?? '')
    if (m?.kind === 'same') {
      if (labels.length) answered++
      else unanswerable++
      if (ok) supported++
      const c = mark(m.candidate.choiceValue)
      if (c) {
        choices++
        if (c === (item.choice ?? undefined)) choicesRight++
      }
    } else if (m) {
      suggested++
      if (ok) suggestedRight++
    }
    if (show && h === 'tuning')
      console.log(
        `${m?.kind === 'same' ? (ok ? 'RIGHT' : 'WRONG') : m ? (ok ? 'sugg+' : 'sugg-') : 'none '} ${m ? m.score.toFixed(2) : '    '} ${item.id} [${labels.join(' ')}] -> ${m?.candidate.questionRef ?? ''}\n   q: ${item.question}${m ? `\n   c: ${m.candidate.question}` : ''}`,
      )
  }
  const answers = answered + unanswerable
  console.log(
    `inst ${h.padEnd(8)} answerable ${answerable}  answered ${answered} (${pct(answered, answerable)})  supported ${supported} of ${answers} (${pct(supported, answers)})  choices ${choices}, right ${pct(choicesRight, choices)}  answered unanswerable ${unanswerable}  suggestions ${suggested} (${suggestedRight} labelled)`,
  )
}
