// What the trust-page attack test and its benchmark share: a company's trust center filled with
// long rich text (as much as the portal accepts), raw HTTP with a Host header (fetch cannot set it),
// and a /healthz poller that measures how long the shared process takes to answer meanwhile.
import { request } from 'node:http'
import { callAs, type SignedUp, type TestPortal } from './portal.js'

export interface RawReply {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** One request over HTTP to the portal with the given Host header; the body is read whole, not decoded. */
export function rawHttp(tp: TestPortal, method: string, url: string, host: string, headers: Record<string, string> = {}): Promise<RawReply> {
  const { port } = new URL(tp.url)
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: url, headers: { host, ...headers } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** Rich text of exactly `chars` characters (the documented limit is 20 000), different per `seed`. */
export function richText(chars: number, seed: string | number): string {
  const open = `<p>${seed} `
  const filler = 'Encrypted at rest and in transit; reviewed yearly. '.repeat(Math.ceil(chars / 50))
  return `${open}${filler.slice(0, Math.max(0, chars - open.length - 4))}</p>`
}

export interface FillResult {
  /** Security categories saved (with their items). */
  saved: number
  /** The first refusal, if the portal refused one. */
  refused?: { status: number; message: string }
}

/**
 * Saves up to `categories` security categories of `items` items, every description `chars` long,
 * stopping at the first refusal (the page's size limit).
 */
export async function fillTrustCenter(tp: TestPortal, user: SignedUp, opts: { categories: number; items: number; chars: number }): Promise<FillResult> {
  let saved = 0
  for (let c = 0; c < opts.categories; c++) {
    const subdata = Array.from({ length: opts.items }, (_, i) => ({ title: `Control ${c}.${i}`, description: richText(opts.chars, `${c}.${i}`) }))
    const res = await callAs(tp, user, 'POST', '/api/security/save', { title: `Category ${c}`, description: richText(opts.chars, c), subdata })
    if (res.status !== 201) return { saved, refused: { status: res.status, message: String(res.json.message ?? '') } }
    saved++
  }
  return { saved }
}

export interface HealthFigures {
  samples: number
  p50: number
  p95: number
  max: number
}

/** Polls GET /healthz one request after another (a short pause between) until `stop()` is called. */
export function pollHealth(tp: TestPortal, pauseMs = 20): { stop(): Promise<HealthFigures> } {
  const times: number[] = []
  let running = true
  const loop = (async () => {
    while (running) {
      const t0 = performance.now()
      await rawHttp(tp, 'GET', '/healthz', '127.0.0.1')
      times.push(performance.now() - t0)
      await new Promise((r) => setTimeout(r, pauseMs))
    }
  })()
  return {
    stop: async () => {
      running = false
      await loop
      const sorted = [...times].sort((a, b) => a - b)
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0
      return { samples: sorted.length, p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0 }
    },
  }
}

/** Resident memory of this process, in MB. */
export const rssMb = () => process.memoryUsage().rss / 1024 / 1024
