// npm run extraction: the product's question extraction on every labelled questionnaire fixture
// (truth/index.json), per fixture, per half and in total. Not a test: extraction.test.ts holds the
// figures as floors. Options:
//   --show=<part of a file name>   the missed questions, false positives and wrong texts / answer columns of those fixtures
//   --only=<part of a file name>   measure only those fixtures
import { CHECK_BELOW } from '@portal/documents'
import { type Figures, type Judged, measureAll, total } from './measure.js'

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const show = arg('show')
const only = arg('only')

const started = performance.now()
const judged = await measureAll(only ? (e) => e.file.includes(only) : undefined)
const cols = ['truth', 'found', 'missed', 'false +', 'wrong text', 'wrong ans', 'conf.']
const line = (label: string, f: Figures, conf: string) =>
  console.log(
    `${label.padEnd(66)} ${[f.truth, f.found, f.missed, f.falsePositives, f.wrongText, f.wrongAnswer].map((n, i) => String(n).padStart(cols[i]!.length)).join(' ')} ${conf.padStart(5)}`,
  )
console.log(`\nQuestion extraction against the labelled truth (${judged.length} fixtures; * ambiguous layout)\n`)
console.log(`${'fixture (half)'.padEnd(66)} ${cols.join(' ')}`)
for (const j of judged) {
  line(`${j.entry.ambiguous ? '*' : ' '}${j.entry.file} (${j.entry.half})`, j.figures, j.confidence === undefined ? '-' : j.confidence.toFixed(2))
}
console.log('')
for (const half of ['tuning', 'held-out'] as const) line(`  ${half} half`, total(judged, half), '')
const all = total(judged)
line('  total', all, '')
const pct = (n: number) => `${((100 * n) / Math.max(1, all.truth)).toFixed(1)} %`
const least = (js: Judged[]) => (js.length ? Math.min(...js.map((j) => j.confidence!)).toFixed(2) : '-')
const most = (js: Judged[]) => (js.length ? Math.max(...js.map((j) => j.confidence!)).toFixed(2) : '-')
for (const half of ['tuning', 'held-out'] as const) {
  const rows = judged.filter((j) => j.entry.half === half && j.confidence !== undefined)
  const unsure = rows.filter((j) => j.confidence! < CHECK_BELOW)
  const clear = (j: Judged) => !j.entry.ambiguous
  console.log(
    `  ${half}: ${unsure.length} of ${rows.length} files below the threshold ${CHECK_BELOW} (${unsure.filter(clear).length} of them not ambiguous); ` +
      `least sure clear reading ${least(rows.filter(clear))}, surest ambiguous ${most(rows.filter((j) => !clear(j)))}; ` +
      `wrong answer columns above it ${rows.filter((j) => j.confidence! >= CHECK_BELOW).reduce((n, j) => n + j.figures.wrongAnswer, 0)}`,
  )
}
console.log(
  `\nfound ${pct(all.found)} of ${all.truth} (target >= 99 %), false positives ${all.falsePositives} (target 0); ${((performance.now() - started) / 1000).toFixed(1)} s`,
)

const list = (title: string, items: string[]) => {
  if (!items.length) return
  console.log(`  ${title} (${items.length}):`)
  for (const s of items.slice(0, 15)) console.log(`    ${s.replace(/\s+/g, ' ').slice(0, 150)}`)
  if (items.length > 15) console.log(`    ... ${items.length - 15} more`)
}
for (const j of judged.filter((x: Judged) => show && x.entry.file.includes(show))) {
  console.log(`\n${j.entry.file}`)
  list(
    'missed',
    j.missed.map((t) => `${t.sheet}!${t.row} ${t.id ?? ''} ${t.text}`),
  )
  list(
    'false positives',
    j.falsePositives.map((q) => `${q.sheet}!${q.row + 1} ${q.questionRef} ${q.question}`),
  )
  list(
    'wrong text',
    j.wrongText.map((p) => `${p.truth.id ?? ''}: "${p.found.question}" instead of "${p.truth.text}"`),
  )
  list(
    'wrong answer cells',
    j.wrongAnswer.map((p) => `${p.truth.id ?? p.truth.text}: ${p.found.sheet} ${p.found.answerCells.map((c) => c.address).join(',')}`),
  )
}
