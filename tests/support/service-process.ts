// Portal services as real child processes (the single binary with TARGET=…), for fault tests that
// kill -9, SIGTERM and restart them; and a Redis server of the test's own, which it can stop and start
// again on the same port without disturbing the machine's (that other suites use meanwhile).
import { type ChildProcess, spawn } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePort, until } from './portal.js'

const root = path.resolve(import.meta.dirname, '../..')

export interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
}

export interface ServiceProcess {
  name: string
  url: string
  /** Every JSON line it logged so far. */
  logs(): Record<string, unknown>[]
  /** Every line of its stdout so far, JSON or not. */
  stdout(): string[]
  /**
   * Sends `signal`; resolves when the process has exited, with how long that took. `killAfterMs`:
   * SIGKILL when it has not exited by then.
   */
  stop(signal?: NodeJS.Signals, killAfterMs?: number): Promise<Exit & { ms: number }>
  exited: Promise<Exit>
}

/**
 * Starts `node --import tsx services/host/src/main.ts` (or `run.args` in `run.cwd`: a production
 * build) on `run.port` or a free one, with exactly `env` (plus PATH and HOME: the machine's
 * REDIS_URL and the like must not leak in; METRICS_PORT=off unless `env` sets it), and waits for its /readyz.
 */
export async function startService(
  name: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
  run: { cwd?: string; args?: string[]; port?: number } = {},
): Promise<ServiceProcess> {
  const port = run.port ?? (await freePort())
  const child: ChildProcess = spawn(process.execPath, run.args ?? ['--import', 'tsx', 'services/host/src/main.ts'], {
    cwd: run.cwd ?? root,
    // No metrics listener unless the test asks for one (METRICS_PORT in `env`): many of these run at once.
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '/tmp',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      METRICS_PORT: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const lines: Record<string, unknown>[] = []
  const out: string[] = []
  const text: string[] = []
  let rest = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    rest += chunk.toString()
    const parts = rest.split('\n')
    rest = parts.pop()!
    for (const line of parts) {
      out.push(line)
      try {
        lines.push(JSON.parse(line) as Record<string, unknown>)
      } catch {
        text.push(line)
      }
    }
  })
  child.stderr!.on('data', (chunk: Buffer) => text.push(chunk.toString()))
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  const url = `http://127.0.0.1:${port}`
  let gone: Exit | undefined
  void exited.then((e) => (gone = e))
  try {
    await until(
      `${name} ready`,
      async () => {
        if (gone) {
          // What it said before exiting: its text, and the messages of its error lines (JSON logs).
          const errors = lines.filter((l) => Number(l['level']) >= 50).map((l) => `${String(l['msg'])}: ${JSON.stringify(l['err'] ?? '').slice(0, 600)}`)
          throw new Error(`${name} exited at start (${JSON.stringify(gone)}): ${text.join('').slice(-2000)} ${errors.join('\n').slice(-2000)}`)
        }
        const res = await fetch(`${url}/readyz`).catch(() => undefined)
        return res?.status === 200 ? true : undefined
      },
      timeoutMs,
    )
  } catch (err) {
    child.kill('SIGKILL')
    throw err
  }
  return {
    name,
    url,
    logs: () => lines,
    stdout: () => out,
    exited,
    stop: async (signal = 'SIGTERM', killAfterMs) => {
      const started = Date.now()
      if (!gone) child.kill(signal)
      const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs)
      const exit = await exited
      clearTimeout(timer)
      return { ...exit, ms: Date.now() - started }
    },
  }
}

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1')
    s.once('connect', () => {
      s.destroy()
      resolve(true)
    })
    s.once('error', () => resolve(false))
  })

/** The machine's redis-server (Debian's package), or undefined. */
export function redisServerBinary(): string | undefined {
  for (const dir of [...(process.env['PATH'] ?? '').split(path.delimiter), '/usr/bin', '/usr/sbin']) {
    try {
      const file = path.join(dir, 'redis-server')
      accessSync(file, constants.X_OK)
      return file
    } catch {
      // not here
    }
  }
  return undefined
}

/** A Redis server of the test's own (no persistence, as the machine's), stoppable and restartable on its port. */
export async function privateRedis() {
  const binary = redisServerBinary()
  if (!binary) throw new Error('redis-server is not installed')
  const port = await freePort()
  const dir = await mkdtemp(path.join(tmpdir(), 'redis-'))
  let child: ChildProcess | undefined
  const start = async () => {
    child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' })
    await until('redis up', async () => ((await portOpen(port)) ? true : undefined), 10_000)
  }
  const stop = async () => {
    const c = child
    child = undefined
    if (!c || c.exitCode !== null) return
    const done = new Promise((r) => c.once('exit', r))
    c.kill('SIGKILL') // a crash: whatever it held in memory is gone
    await done
  }
  await start()
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    close: async () => {
      await stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

export interface ClientOfCompany {
  /** The headers of the company admin's calls, as the web client sends them. */
  auth: Record<string, string>
  /** The admin's access token (in `auth` too). */
  token: string
  companyId: string
}

/**
 * A company signed up over HTTP on a running portal (`url`: a child process, a gateway) and one client
 * of it, as the console makes them; fails unless both answer 201.
 */
export async function companyWithClient(url: string, email: string, clientName: string): Promise<ClientOfCompany> {
  const password = 'Str0ng!pass-proc'
  const signUp = await fetch(`${url}/api/usercreate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'test', lastName: 'user', email, password, cnfpassword: password }),
  })
  if (signUp.status !== 201) throw new Error(`sign-up of ${email} answered ${signUp.status}: ${await signUp.text()}`)
  const { token, dbName } = ((await signUp.json()) as { data: { token: string; dbName: string } }).data
  const auth = { authorization: `Bearer ${token}`, dbname: dbName }
  const company = await fetch(`${url}/api/companys`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ companyName: clientName, compliance_bucket: 'compliance', questionnaires_bucket: 'questionnaires' }),
  })
  if (company.status !== 201) throw new Error(`client ${clientName} answered ${company.status}: ${await company.text()}`)
  return { auth, token, companyId: ((await company.json()) as { data: { _id: string } }).data._id }
}
