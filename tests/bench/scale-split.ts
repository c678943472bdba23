// The portal for the scale bench (tests/bench/scale.ts): split mode, the seven services each in its own
// process (`node --import tsx services/host/src/main.ts`, TARGET=<service>), on the machine's
// PostgreSQL (a scratch database), Redis and NATS (keys and subjects under a prefix of the run's own),
// files in one DATA_DIR they share (all on this machine: no S3 server needed); or, with `all`, the
// whole portal in one process on the same servers. Each process logs to a file (the bench reads
// none of it while it runs), and its CPU and memory are read from /proc.
import { execFileSync, spawn } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import { closeSync, openSync } from 'node:fs'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createScratchDatabase } from '@portal/db'
import { freePort } from '../support/portal.js'

const root = path.resolve(import.meta.dirname, '../..')
const MAIN = ['--import', 'tsx', 'services/host/src/main.ts']
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100
  } catch {
    return 100
  }
})()

export type Mode = 'split' | 'all'

export interface Proc {
  name: string
  pid: number
  url: string
  log: string
  exitCode(): number | null
}

/** CPU seconds (user + system, every thread) a process has used so far. */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / TICKS
}

/** Resident memory now and its high-water mark, bytes. */
export async function memoryOf(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') }
}

export interface Portal {
  mode: Mode
  /** Where clients call: the gateway (split) or the one process. */
  url: string
  /** The process that answers the questionnaire routes (its own /healthz is sampled). */
  questionnaire: Proc
  gateway: Proc
  procs: Proc[]
  dataDir: string
  /** From now on the logs count (start-up's /readyz answered 503 until ready). */
  markStart(): Promise<void>
  /** Error-level lines (pino level >= 50) and 5xx replies logged since markStart, per process. */
  logTrouble(): Promise<{ name: string; errors: number; serverErrors: number; first: string[] }[]>
  stop(): Promise<void>
}

const SPLIT: { name: string; target: string }[] = [
  { name: 'identity', target: 'identity' },
  { name: 'trust-center', target: 'trust-center' },
  { name: 'questionnaire', target: 'questionnaire' },
  { name: 'outbound', target: 'outbound' },
  { name: 'ingest-worker', target: 'ingest-worker' },
  { name: 'llm-worker', target: 'llm-worker' },
]

/**
 * Starts the portal on the real servers named by `servers`. Whatever fails on the way, what was
 * started is stopped again (and the scratch database dropped) before the error is thrown.
 */
export async function startPortal(
  mode: Mode,
  servers: { databaseUrl: string; redisUrl: string; natsUrl: string },
  extraEnv: Record<string, string> = {},
): Promise<Portal> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-scale-'))
  const run = `bench${Date.now().toString(36)}`
  const scratch = await createScratchDatabase(servers.databaseUrl)
  const procs: Proc[] = []
  const offsets = new Map<string, number>()
  const children: ReturnType<typeof spawn>[] = []
  const { privateKey } = generateKeyPairSync('ed25519')
  const common: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: process.env['HOME'] ?? '/tmp',
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    MALLOC_ARENA_MAX: '2', // as the image and `npm start` run
    LOG_LEVEL: 'info',
    METRICS_PORT: 'off',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    DATABASE_URL: scratch.url,
    REDIS_URL: servers.redisUrl,
    NATS_URL: servers.natsUrl,
    QUEUE_PREFIX: run,
    BUS_PREFIX: run,
    // One key for identity and outbound (outbound signs recipients' sessions apart from identity).
    JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    // The bench stands for many companies, each from its own address (X-Forwarded-For), as behind a
    // load balancer: sign-up's per-address limit then counts per company, not for the whole bench.
    TRUST_PROXY: '127.0.0.1',
    ...extraEnv,
  }

  const spawnOne = async (name: string, env: Record<string, string>): Promise<Proc> => {
    const port = await freePort()
    const log = path.join(dataDir, `${name}.log`)
    const fd = openSync(log, 'a')
    const child = spawn(process.execPath, MAIN, { cwd: root, env: { ...common, ...env, PORT: String(port) }, stdio: ['ignore', fd, fd] })
    closeSync(fd)
    children.push(child)
    const proc: Proc = { name, pid: child.pid!, url: `http://127.0.0.1:${port}`, log, exitCode: () => child.exitCode }
    procs.push(proc)
    return proc
  }
  const ready = async (p: Proc, ms = 180_000) => {
    const end = Date.now() + ms
    for (;;) {
      if (p.exitCode() !== null) throw new Error(`${p.name} exited at start (code ${p.exitCode()}); its log: ${p.log}\n${await tail(p.log)}`)
      const res = await fetch(`${p.url}/readyz`, { signal: AbortSignal.timeout(5000) }).catch(() => undefined)
      if (res?.status === 200) return
      if (Date.now() > end) throw new Error(`${p.name} not ready after ${ms / 1000} s; its log: ${p.log}\n${await tail(p.log)}`)
      await sleep(250)
    }
  }

  const stop = async () => {
    // SIGTERM first (jobs get to finish), SIGKILL for whatever is still there after 30 s.
    await Promise.all(
      children.map(async (c) => {
        if (c.exitCode !== null || c.signalCode !== null) return
        const gone = new Promise((r) => c.once('exit', r))
        c.kill('SIGTERM')
        const timer = setTimeout(() => c.kill('SIGKILL'), 30_000)
        await gone
        clearTimeout(timer)
      }),
    )
    await scratch.drop().catch((err: unknown) => console.error(`scratch database not dropped: ${String(err)}`))
    clearRedis(servers.redisUrl, run)
  }

  try {
    let gateway: Proc
    let questionnaire: Proc
    if (mode === 'all') {
      gateway = questionnaire = await spawnOne('all-in-one', { TARGET: 'all' })
      await ready(gateway)
    } else {
      // Schemas and the app role once, as a deployment's migration Job does; then every service.
      const migrate = await spawnOne('migrate', { TARGET: 'migrate' })
      const code = await new Promise<number | null>((r) => children.at(-1)!.once('exit', (c) => r(c)))
      procs.splice(procs.indexOf(migrate), 1)
      if (code !== 0) throw new Error(`TARGET=migrate exited with ${code}:\n${await tail(migrate.log)}`)
      const identity = await spawnOne('identity', { TARGET: 'identity' })
      await ready(identity)
      const rest = await Promise.all(SPLIT.slice(1).map((s) => spawnOne(s.name, { TARGET: s.target, IDENTITY_URL: identity.url })))
      await Promise.all(rest.map((p) => ready(p)))
      questionnaire = rest.find((p) => p.name === 'questionnaire')!
      const urlOf = (n: string) => procs.find((p) => p.name === n)!.url
      gateway = await spawnOne('gateway', {
        TARGET: 'gateway',
        IDENTITY_URL: identity.url,
        TRUST_CENTER_URL: urlOf('trust-center'),
        QUESTIONNAIRE_URL: urlOf('questionnaire'),
        OUTBOUND_URL: urlOf('outbound'),
      })
      await ready(gateway)
    }
    return {
      mode,
      url: gateway.url,
      gateway,
      questionnaire,
      procs,
      dataDir,
      markStart: async () => {
        for (const p of procs) offsets.set(p.name, (await stat(p.log)).size)
      },
      logTrouble: () => Promise.all(procs.map((p) => troubleIn(p, offsets.get(p.name) ?? 0))),
      stop,
    }
  } catch (err) {
    await stop()
    throw err
  }
}

async function tail(file: string, lines = 20): Promise<string> {
  return (await readFile(file, 'utf8').catch(() => ''))
    .split('\n')
    .slice(-lines - 1)
    .join('\n')
}

/** Counts a process's error lines and 5xx replies in its log (pino JSON lines). */
async function troubleIn(p: Proc, from: number) {
  const text = (await readFile(p.log).catch(() => Buffer.alloc(0))).subarray(from).toString('utf8')
  let errors = 0
  let serverErrors = 0
  const first: string[] = []
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue
    let entry: { level?: number; msg?: string; err?: { message?: string }; res?: { statusCode?: number } }
    try {
      entry = JSON.parse(line)
    } catch {
      continue
    }
    if ((entry.res?.statusCode ?? 0) >= 500) serverErrors++
    if ((entry.level ?? 0) >= 50) {
      errors++
      if (first.length < 3) first.push(`${entry.msg ?? ''}${entry.err?.message ? `: ${entry.err.message}` : ''}`.slice(0, 200))
    }
  }
  return { name: p.name, errors, serverErrors, first }
}

/** Deletes the run's BullMQ and rate-limit keys from the machine's Redis (with redis-cli when it is installed). */
function clearRedis(redisUrl: string, prefix: string) {
  try {
    // BullMQ's keys (`<prefix>:…`) and the rate limits' (`<prefix>-rate-limit-…`): nothing of another run's.
    const keys = [`${prefix}:*`, `${prefix}-rate-limit-*`].flatMap((pattern) =>
      execFileSync('redis-cli', ['-u', redisUrl, '--scan', '--pattern', pattern]).toString().split('\n').filter(Boolean),
    )
    for (let i = 0; i < keys.length; i += 500) execFileSync('redis-cli', ['-u', redisUrl, 'unlink', ...keys.slice(i, i + 500)], { stdio: 'ignore' })
  } catch {
    console.error(`Redis keys ${prefix}:* not removed (no redis-cli?)`)
  }
}

export const removeDataDir = (dir: string) => rm(dir, { recursive: true, force: true })
