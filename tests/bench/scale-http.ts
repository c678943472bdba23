// HTTP for the scale bench: keep-alive calls that count the bytes as they came over the wire (no
// decompression unless asked), with a time-out; percentiles; and a health-check sampler in a worker
// thread, so that the bench's own busy event loop does not add to the latency it records.
import http from 'node:http'
import { Worker } from 'node:worker_threads'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 })

export interface Reply {
  status: number
  ms: number
  /** Body bytes as sent (compressed when the server compressed it). */
  bytes: number
  encoding: string
  body: Buffer
}

/** A call; status 0 = no answer (connection error, or no complete answer within `timeoutMs`). */
export function request(
  base: string,
  method: string,
  path: string,
  opts: { headers?: Record<string, string>; json?: unknown; timeoutMs?: number; keepBody?: boolean } = {},
): Promise<Reply> {
  const url = new URL(path, base)
  const payload = opts.json === undefined ? undefined : Buffer.from(JSON.stringify(opts.json))
  const headers: Record<string, string> = { ...opts.headers }
  if (payload) {
    headers['content-type'] = 'application/json'
    headers['content-length'] = String(payload.length)
  }
  const t0 = performance.now()
  return new Promise((resolve) => {
    let settled = false
    const done = (r: Omit<Reply, 'ms'>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve({ ...r, ms: performance.now() - t0 })
    }
    const req = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, agent, headers }, (res) => {
      const chunks: Buffer[] = []
      let bytes = 0
      res.on('data', (c: Buffer) => {
        bytes += c.length
        if (opts.keepBody !== false) chunks.push(c)
      })
      res.on('end', () => done({ status: res.statusCode ?? 0, bytes, encoding: String(res.headers['content-encoding'] ?? ''), body: Buffer.concat(chunks) }))
      res.on('error', () => done({ status: 0, bytes, encoding: '', body: Buffer.alloc(0) }))
    })
    const timer = setTimeout(() => {
      req.destroy()
      done({ status: 0, bytes: 0, encoding: '', body: Buffer.alloc(0) })
    }, opts.timeoutMs ?? 30_000)
    req.on('error', () => done({ status: 0, bytes: 0, encoding: '', body: Buffer.alloc(0) }))
    req.end(payload)
  })
}

/** The body as the server meant it (decompressed). */
export function decoded(r: Reply): Buffer {
  if (r.encoding === 'br') return brotliDecompressSync(r.body)
  if (r.encoding === 'gzip') return gunzipSync(r.body)
  return r.body
}

export const jsonOf = <T>(r: Reply): T => JSON.parse(decoded(r).toString('utf8')) as T

/** Nearest-rank percentile of `values` (milliseconds or anything), NaN when empty. */
export function percentile(values: number[], q: number): number {
  if (!values.length) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!
}

// Plain JavaScript for the worker: GET `url` every `everyMs` on one kept-alive connection until told to stop.
const samplerCode = `
const http = require('node:http')
const { parentPort, workerData } = require('node:worker_threads')
const { url, everyMs } = workerData
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
const samples = []
let stopping = false
const once = () => new Promise((resolve) => {
  const t0 = performance.now()
  const req = http.get(url, { agent, timeout: 10000 }, (res) => {
    res.resume()
    res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - t0 : -1))
  })
  req.on('timeout', () => req.destroy())
  req.on('error', () => resolve(-1))
})
parentPort.on('message', () => { stopping = true })
;(async () => {
  while (!stopping) {
    samples.push(await once())
    await new Promise((r) => setTimeout(r, everyMs))
  }
  parentPort.postMessage(samples)
})()
`

/** Samples `url` (a /healthz) every `everyMs` until `stop()`, which answers the latencies (ms) and the failures. */
export function sampleHealth(url: string, everyMs = 100) {
  const worker = new Worker(samplerCode, { eval: true, workerData: { url, everyMs } })
  return {
    stop: async (): Promise<{ ms: number[]; failed: number }> => {
      const samples = new Promise<number[]>((resolve) => worker.once('message', resolve))
      worker.postMessage('stop')
      const all = await samples
      await worker.terminate()
      return { ms: all.filter((x) => x >= 0), failed: all.filter((x) => x < 0).length }
    },
  }
}
