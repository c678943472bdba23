// The all-in-one portal's footprint (issue 13): resident memory idle after start, at its peak while it
// ingests the 167-page policy PDF, and after; for the production build (scripts/build-server.mjs and
// scripts/prod-install.sh: compiled JavaScript, production dependencies only, what the image runs)
// and, for comparison, the development run through tsx. Also the size of the production folder,
// which is the image's application layer (the base image, node:24-bookworm-slim, comes on top).
// Both runs take the image's MALLOC_ARENA_MAX=2 (the Dockerfile says why; `npm start` sets it too).
//   npm run bench:footprint
import { execFileSync, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort } from '../support/portal.js'
import { companyWithClient } from '../support/service-process.js'

const root = path.resolve(import.meta.dirname, '../..')
const PDF = path.join(root, 'tests/fixtures/policies/open_access_policies/minimal-soc2_compiled.pdf')
const MB = 1024 * 1024

const rssOf = async (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface Figures {
  startMs: number
  idle: number
  ingestPeak: number
  ingestMs: number
  after: number
  restartIdle: number
}

async function start(cmd: string[], cwd: string, dataDir: string) {
  const port = await freePort()
  const child = spawn(process.execPath, cmd, {
    cwd,
    env: {
      MALLOC_ARENA_MAX: '2',
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '/tmp',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  const t0 = Date.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${cmd.join(' ')} exited with ${child.exitCode}`)
    if ((await fetch(`${url}/readyz`).catch(() => undefined))?.status === 200) break
    await sleep(100)
  }
  return {
    url,
    pid: child.pid!,
    startMs: Date.now() - t0,
    stop: async () => {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    },
  }
}

async function measure(label: string, cmd: string[], cwd: string): Promise<Figures> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'footprint-'))
  try {
    let p = await start(cmd, cwd, dataDir)
    const startMs = p.startMs
    await sleep(10_000)
    const idle = await rssOf(p.pid)
    // A company, a client and the 167-page PDF, as the console sends them.
    const { auth, companyId } = await companyWithClient(p.url, 'bench@footprint-corp.example', 'Footprint Bank')
    const form = new FormData()
    form.append('companyId', companyId)
    form.append('files', new Blob([new Uint8Array(await readFile(PDF))]), 'soc2.pdf')
    let peak = 0
    const t0 = Date.now()
    const sampler = setInterval(
      () =>
        void rssOf(p.pid).then(
          (r) => (peak = Math.max(peak, r)),
          () => undefined,
        ),
      25,
    )
    await fetch(`${p.url}/api/fs/enterpriseapps-compliance-uploadfile`, { method: 'POST', headers: auth, body: form })
    for (;;) {
      const files = ((await (await fetch(`${p.url}/api/compliancefile/${companyId}`, { headers: auth })).json()) as { data: { state: string }[] }).data
      if (files[0]?.state === 'ready' || files[0]?.state === 'failed') break
      await sleep(50)
    }
    const ingestMs = Date.now() - t0
    clearInterval(sampler)
    await sleep(10_000)
    const after = await rssOf(p.pid)
    await p.stop()
    // Started again on the same data: no database to create, what a restarted pod holds.
    p = await start(cmd, cwd, dataDir)
    await sleep(10_000)
    const restartIdle = await rssOf(p.pid)
    await p.stop()
    console.log(`measured ${label}`)
    return { startMs, idle, ingestPeak: peak, ingestMs, after, restartIdle }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

const du = (dir: string) => Number(execFileSync('du', ['-sk', dir]).toString().split('\t')[0]) * 1024

const prod = await mkdtemp(path.join(tmpdir(), 'portal-prod-'))
try {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' })
  execFileSync('sh', ['scripts/prod-install.sh', prod], { cwd: root, stdio: ['ignore', 'ignore', 'ignore'] })
  const built = await measure('production build', ['dist/server/main.mjs'], prod)
  const dev = await measure('development (tsx)', ['--import', 'tsx', 'services/host/src/main.ts'], root)
  const row = (name: string, f: (x: Figures) => string) => console.log(`${name.padEnd(40)} ${f(built).padStart(12)} ${f(dev).padStart(12)}`)
  console.log(`\nAll-in-one portal (TARGET=all, embedded PGlite, no demo), ${new Date().toISOString().slice(0, 10)}`)
  row('', () => '')
  console.log(`${''.padEnd(40)} ${'production'.padStart(12)} ${'tsx'.padStart(12)}`)
  row('ready after (s)', (x) => (x.startMs / 1000).toFixed(1))
  row('RSS idle after start (MB)', (x) => (x.idle / MB).toFixed(0))
  row('RSS peak ingesting the 167-page PDF (MB)', (x) => (x.ingestPeak / MB).toFixed(0))
  row('ingest time (s)', (x) => (x.ingestMs / 1000).toFixed(1))
  row('RSS 10 s after (MB)', (x) => (x.after / MB).toFixed(0))
  row('RSS idle after a restart (MB)', (x) => (x.restartIdle / MB).toFixed(0))
  console.log(
    `\nproduction folder (the image's app layer): ${(du(prod) / MB).toFixed(0)} MB, of which node_modules ${(du(path.join(prod, 'node_modules')) / MB).toFixed(0)} MB`,
  )
  console.log(`workspace node_modules (what the image held before, with dev dependencies): ${(du(path.join(root, 'node_modules')) / MB).toFixed(0)} MB`)
} finally {
  await rm(prod, { recursive: true, force: true })
}
