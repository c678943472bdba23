// Upload content checks, idle and while the document workers are busy (run: pnpm bench:upload-check).
// Not a test: it measures and reports. The checks an upload request waits for (a policy PDF opened
// by pdf.js, a questionnaire workbook's archive inspected) are timed one after another on an idle
// process, then again while BUSY (default 2, a worker's jobs at once) text extractions of the
// 167-page SOC 2 policy set run back to back in the same process, as in the all-in-one portal.
//   Prints: p50, p90 and max of each check, idle and busy, and the slow-down (busy p90 / idle p90).
// `CHECKS=n` checks per phase (default 20).
import { performance } from 'node:perf_hooks'
import path from 'node:path'
import { checkPdfFile, extractPdfFile } from '@portal/documents'
import { inspectQuestionnaireArchive } from '@portal/sheets'

const CHECKS = Number(process.env['CHECKS'] ?? 20)
const BUSY = Number(process.env['BUSY'] ?? 2)
const root = path.resolve(import.meta.dirname, '../..')
const soc2 = path.join(root, 'tests/fixtures/policies/open_access_policies/minimal-soc2_compiled.pdf')
const overview = path.join(root, 'tests/fixtures/policies/basecamp_37signals/security_37signals_Security_Overview_2022-09.pdf')
const caiq = path.join(root, 'tests/fixtures/questionnaires/csa-caiq-v3.0.1-09-01-2017.xlsx')

const checks: Record<string, () => Promise<unknown>> = {
  'pdf check (5 pages)': () => checkPdfFile(overview),
  'pdf check (167 pages)': () => checkPdfFile(soc2),
  'workbook inspect (CAIQ)': () => inspectQuestionnaireArchive({ path: caiq }),
}

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!
const ms = (x: number) => `${x.toFixed(0).padStart(6)} ms`

async function phase(): Promise<Record<string, number[]>> {
  const out: Record<string, number[]> = {}
  for (const [name, run] of Object.entries(checks)) {
    out[name] = []
    for (let i = 0; i < CHECKS; i++) {
      const t0 = performance.now()
      await run()
      out[name].push(performance.now() - t0)
    }
  }
  return out
}

// Warm-up: the first check loads the code (that is what each check paid before the pool).
for (const run of Object.values(checks)) await run()
const idle = await phase()

let stop = false
let extracted = 0
let refused = 0
const extractors = Array.from({ length: BUSY }, async () => {
  while (!stop) {
    // On a loaded machine an extraction may pass its time limit: counted, the load goes on.
    await extractPdfFile(soc2).then(
      () => extracted++,
      () => refused++,
    )
  }
})
await new Promise((r) => setTimeout(r, 1_000)) // the extractions under way
const busy = await phase()
stop = true
await Promise.all(extractors)

console.log(`upload checks, ${CHECKS} each, idle and with ${BUSY} PDF text extractions running (${extracted} done meanwhile, ${refused} over time)`)
console.log(
  `${'check'.padEnd(26)}${'idle p50'.padStart(10)}${'p90'.padStart(10)}${'max'.padStart(10)} |${'busy p50'.padStart(10)}${'p90'.padStart(10)}${'max'.padStart(10)} | busy/idle p90`,
)
for (const name of Object.keys(checks)) {
  const i = idle[name]!
  const b = busy[name]!
  console.log(
    `${name.padEnd(26)}${ms(pct(i, 50))}${ms(pct(i, 90))}${ms(Math.max(...i))} |${ms(pct(b, 50))}${ms(pct(b, 90))}${ms(Math.max(...b))} | ${(pct(b, 90) / pct(i, 90)).toFixed(1)}×`,
  )
}
process.exit(0)
