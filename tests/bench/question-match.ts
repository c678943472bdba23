// Matching speed (run: node --import tsx tests/bench/question-match.ts): 5,000 answered questions
// (the real CAIQ v4.0.3 and HECVAT questions, each also reworded with a product or team name so that
// every entry is distinct, each with an answer) against 300 new questions. Target: well under a second.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { questionMatcher } from '../../packages/drafting/src/question-match.js'

const root = path.resolve(import.meta.dirname, '../..')
const hecvat = JSON.parse(readFileSync(path.join(root, 'tests/fixtures/questionnaires/HECVAT414_questions_sagearbor.json'), 'utf8')) as {
  questions: { id: string; question: string }[]
}
// The CAIQ v4.0.3 CSV's question column, read loosely: rows with a question id and a question mark.
const caiq = readFileSync(path.join(root, 'tests/fixtures/questionnaires/csa_reference/csa_caiq_v4.0.3_questions_normalized.csv'), 'utf8')
  .split(/"?\n(?=[A-Z][^,\n]*,)/)
  .flatMap((row) => row.match(/[A-Z&]{2,4}-\d\d\.\d+,"?([^"]+\?)/)?.[1] ?? [])
  .map((q) => q.replace(/\s+/g, ' '))
const base = [...caiq, ...hecvat.questions.map((q) => q.question)]
const subjects = [
  'the platform',
  'the mobile app',
  'the data warehouse',
  'the support desk',
  'the billing service',
  'the research cluster',
  'the HR system',
  'the API gateway',
  'the public website',
  'the analytics pipeline',
]
// Each entry has an answer of an imported questionnaire's length (two other questions' words stand in
// for it), since the matcher reads answers too.
const candidates = Array.from({ length: 5000 }, (_, i) => ({
  id: `e${i}`,
  question: `${base[i % base.length]} (${subjects[Math.floor(i / base.length) % subjects.length]})`,
  answer: `${base[(i * 13) % base.length]} ${base[(i * 17) % base.length]}`,
}))
const questions = Array.from({ length: 300 }, (_, i) =>
  base[(i * 7) % base.length]!.replace(/^Are /, 'Is it true that ').replace(/^Do you /, 'Does your organization '),
)

const cpu0 = process.cpuUsage()
const t0 = performance.now()
const matcher = questionMatcher(candidates)
const t1 = performance.now()
const cpu1 = process.cpuUsage(cpu0)
let same = 0
let suggested = 0
for (const q of questions) {
  const m = matcher.match(q)
  if (m?.kind === 'same') same++
  else if (m) suggested++
}
const t2 = performance.now()
const cpu2 = process.cpuUsage(cpu0)
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000
console.log(`${base.length} real questions (CAIQ v4.0.3 ${caiq.length}, HECVAT ${hecvat.questions.length}) made into ${candidates.length} answered entries`)
console.log(`precompute ${candidates.length} candidates: ${(t1 - t0).toFixed(0)} ms (CPU ${cpuMs(cpu1).toFixed(0)} ms)`)
console.log(
  `match ${questions.length} questions: ${(t2 - t1).toFixed(0)} ms (${((t2 - t1) / questions.length).toFixed(2)} ms each); same ${same}, suggestion ${suggested}`,
)
// On a shared machine the wall clock counts other processes' turns too; the CPU time is this one's work.
console.log(`total ${(t2 - t0).toFixed(0)} ms, CPU ${cpuMs(cpu2).toFixed(0)} ms   target: well under 1,000 ms`)
