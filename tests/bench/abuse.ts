// Abuse benchmark (issue 10; run: pnpm bench:abuse). Not a test: it measures and prints, with the
// targets beside the figures. One portal in this process; for each workload, while it is
// processed: the event-loop delay (perf_hooks monitorEventLoopDelay, max and p99), the latency of
// /healthz polled every 20 ms (max and p99), and the process's RSS before, at its peak (sampled
// every 20 ms) and one second after.
//   a lying-zip workbook: 4 MB whose headers declare 1 KiB for a part that inflates to 4 GiB
//   a 100 MB sharedStrings workbook (honest sizes, ~30:1)
//   a workbook that passes the archive checks and exhausts the parser's heap (31 MiB of tiny strings)
//   20 concurrent 48 MB PDF uploads (tests/bench/abuse-uploads.ts)
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { hostile } from '../support/hostile-workbooks.js'
import { signUp, startTestPortal, type TestPortal } from '../support/portal.js'
import { floodUploads, SIZE, UPLOADS } from './abuse-uploads.js'

const MB = 1024 * 1024
const row = (label: string, value: string, target = '') => console.log(`  ${label.padEnd(40)} ${value.padStart(14)}   ${target}`)
const ms = (n: number) => `${n.toFixed(0)} ms`
const mb = (n: number) => `${(n / MB).toFixed(0)} MB`

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0
}

/** Runs `work` while measuring the event loop, /healthz and RSS; prints the figures. */
async function measure(tp: TestPortal, title: string, work: () => Promise<string>): Promise<void> {
  const delay = monitorEventLoopDelay({ resolution: 10 })
  const latencies: number[] = []
  let stopped = false
  const poller = (async () => {
    while (!stopped) {
      const t0 = performance.now()
      await (await fetch(`${tp.url}/healthz`)).arrayBuffer()
      latencies.push(performance.now() - t0)
      await new Promise((r) => setTimeout(r, 20))
    }
  })()
  const rss = () => process.memoryUsage().rss
  const before = rss()
  let peak = before
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 20)
  delay.enable()
  const t0 = performance.now()
  const outcome = await work()
  const seconds = (performance.now() - t0) / 1000
  delay.disable()
  stopped = true
  await poller
  clearInterval(sampler)
  await new Promise((r) => setTimeout(r, 1000))
  const after = rss()
  console.log(`\n${title}`)
  row('outcome', outcome)
  row('time', `${seconds.toFixed(1)} s`)
  row('event-loop delay max', ms(delay.max / 1e6), delay.max / 1e6 < 200 ? 'ok (< 200 ms)' : 'OVER 200 ms')
  row('event-loop delay p99', ms(delay.percentile(99) / 1e6))
  const worst = Math.max(...latencies)
  row(`/healthz max (${latencies.length} polls)`, ms(worst), worst < 200 ? 'ok (< 200 ms)' : 'OVER 200 ms')
  row('/healthz p99', ms(percentile(latencies, 99)))
  row('RSS before', mb(before))
  row('RSS peak', mb(peak), `growth ${mb(peak - before)}, target < 300 MB`)
  row('RSS after (1 s later)', mb(after))
}

const tp = await startTestPortal({ listen: true })
try {
  const user = await signUp(tp, 'abuse@bench-sheets.example')
  const headers = { authorization: `Bearer ${user.token}` }
  const created = await fetch(`${tp.url}/api/companys`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ companyName: 'Abuse', compliance_bucket: 'c', questionnaires_bucket: 'q' }),
  })
  const companyId = ((await created.json()) as { data: { _id: string } }).data._id
  const form = (bytes: Buffer, name: string) => {
    const fd = new FormData()
    fd.append('company_id', companyId)
    fd.append('files', new Blob([new Uint8Array(bytes)]), name)
    return fd
  }
  const upload = async (fd: FormData) => {
    const res = await fetch(`${tp.url}/api/questionnaires/save`, { method: 'POST', headers, body: fd })
    const json = (await res.json()) as { message?: string; data?: { _id: string }[] }
    return { status: res.status, message: json.message ?? '', id: json.data?.[0]?._id }
  }
  /** Waits for the questionnaire's extraction to end; its state and reason. */
  const settled = async (id: string) => {
    for (const end = Date.now() + 60_000; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) {
      const res = await fetch(`${tp.url}/api/questionnaires/${companyId}`, { headers })
      const file = ((await res.json()) as { data: { _id: string; state: string; error: string | null }[] }).data.find((q) => q._id === id)
      if (file && (file.state === 'ready' || file.state === 'failed')) return `${file.state}${file.error ? `: ${file.error}` : ''}`
    }
    return 'still processing after 60 s'
  }
  // Warm-up: the code paths load once, so the first workload does not pay for it.
  await upload(form(hostile.doctypeAfter(10), 'warm-up.xlsx'))

  const bomb = form(hostile.lyingBomb(), 'lying.xlsx')
  await measure(tp, 'Lying-zip workbook: 4 MB, headers declare 1 KiB, the part inflates to 4 GiB', async () => {
    const r = await upload(bomb)
    return `${r.status} ${r.message}`
  })

  const big = form(hostile.bigSharedStrings(100_000_000), 'big-shared-strings.xlsx')
  await measure(tp, 'Workbook with a 100 MB sharedStrings part (honest sizes, ~30:1)', async () => {
    const r = await upload(big)
    return `${r.status} ${r.message}`
  })

  const heavy = form(hostile.manyTinyStrings(), 'tiny-strings.xlsx')
  await measure(tp, 'Workbook that passes the archive checks and exhausts the parser (31 MiB of tiny strings)', async () => {
    const r = await upload(heavy)
    return r.id ? `${r.status}, then ${await settled(r.id)}` : `${r.status} ${r.message}`
  })

  await measure(tp, `${UPLOADS} concurrent ${SIZE / MB} MB PDF uploads (streamed to storage, checked by pdf.js)`, async () => {
    const statuses = await floodUploads(tp)
    return `${statuses.filter((s) => s === 201).length}/${UPLOADS} accepted (201)`
  })
} finally {
  await tp.stop()
}
