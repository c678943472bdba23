// Protocol-level fakes for the vector path, on loopback: an OpenAI-compatible /embeddings endpoint
// and the part of Qdrant's REST API the portal uses. The embedding is a hashed bag of word stems:
// texts sharing words are near, so retrieval through it behaves like a (weak) real model.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'

export const FAKE_DIMS = 256

const stem = (w: string) => w.replace(/(ies|es|s|ing|ed)$/, '')

export function fakeEmbedding(text: string): number[] {
  const v = new Array<number>(FAKE_DIMS).fill(0)
  for (const word of text.toLowerCase().match(/[a-z]{3,}/g) ?? []) {
    let h = 2166136261
    for (const ch of stem(word)) h = Math.imul(h ^ ch.charCodeAt(0), 16777619)
    v[(h >>> 0) % FAKE_DIMS]! += 1
  }
  const norm = Math.hypot(...v) || 1
  return v.map((x) => x / norm)
}

async function body(req: IncomingMessage): Promise<unknown> {
  let s = ''
  for await (const c of req) s += c
  return s ? JSON.parse(s) : {}
}

function send(res: ServerResponse, status: number, json: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(json))
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`
}
const closer = (server: Server) => () => new Promise<void>((r) => server.close(() => r()))

export interface FakeEmbeddings {
  url: string
  calls: number
  close(): Promise<void>
}

/** POST /v1/embeddings, answering in float or base64 as the client asks (the openai SDK asks base64). */
export async function startFakeEmbeddings(): Promise<FakeEmbeddings> {
  const state = { calls: 0 }
  const server = createServer(async (req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/embeddings')) return send(res, 404, { error: { message: 'not found' } })
    state.calls++
    const b = (await body(req)) as { input: string | string[]; model: string; encoding_format?: string }
    const inputs = Array.isArray(b.input) ? b.input : [b.input]
    const data = inputs.map((text, index) => {
      const v = fakeEmbedding(text)
      const embedding = b.encoding_format === 'base64' ? Buffer.from(new Float32Array(v).buffer).toString('base64') : v
      return { object: 'embedding', index, embedding }
    })
    send(res, 200, { object: 'list', model: b.model, data, usage: { prompt_tokens: 1, total_tokens: 1 } })
  })
  const url = `${await listen(server)}/v1`
  return {
    url,
    get calls() {
      return state.calls
    },
    close: closer(server),
  }
}

interface Point {
  id: string
  vector: number[]
  payload: Record<string, string>
}
type Condition = { key: string; match: { value?: string; any?: string[] } }

export interface FakeQdrant {
  url: string
  points: Map<string, Point>
  /** Every filter a search was sent with: proof that searches are tenant-scoped. */
  searchFilters: unknown[]
  close(): Promise<void>
}

/** The Qdrant REST calls of packages/knowledge/src/vectors.ts, with the same request and reply shapes. */
export async function startFakeQdrant(): Promise<FakeQdrant> {
  const collections = new Map<string, Map<string, Point>>()
  const searchFilters: unknown[] = []
  const matches = (p: Point, filter?: { must?: Condition[] }) =>
    (filter?.must ?? []).every((c) => (c.match.value !== undefined ? p.payload[c.key] === c.match.value : (c.match.any ?? []).includes(p.payload[c.key] ?? '')))
  const ok = (res: ServerResponse, result: unknown) => send(res, 200, { result, status: 'ok', time: 0 })
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const m = /^\/collections\/([^/]+)(\/.*)?$/.exec(url.pathname)
    if (!m) return send(res, 404, { status: { error: 'not found' } })
    const name = decodeURIComponent(m[1]!)
    const rest = m[2] ?? ''
    const coll = collections.get(name)
    const b = req.method === 'GET' ? {} : ((await body(req)) as Record<string, unknown>)
    if (req.method === 'GET' && rest === '/exists') return ok(res, { exists: Boolean(coll) })
    if (req.method === 'PUT' && rest === '') {
      collections.set(name, new Map())
      return ok(res, true)
    }
    if (!coll) return send(res, 404, { status: { error: `Collection ${name} not found` } })
    if (req.method === 'PUT' && rest === '/index') return ok(res, { operation_id: 1, status: 'completed' })
    if (req.method === 'PUT' && rest === '/points') {
      for (const p of b['points'] as Point[]) coll.set(String(p.id), p)
      return ok(res, { operation_id: 1, status: 'completed' })
    }
    if (req.method === 'POST' && rest === '/points/delete') {
      for (const [id, p] of coll) if (matches(p, b['filter'] as { must?: Condition[] })) coll.delete(id)
      return ok(res, { operation_id: 1, status: 'completed' })
    }
    if (req.method === 'POST' && rest === '/points/query') {
      const q = b['query'] as number[]
      searchFilters.push(b['filter'])
      const scored = [...coll.values()]
        .filter((p) => matches(p, b['filter'] as { must?: Condition[] }))
        .map((p) => ({ id: p.id, version: 1, score: p.vector.reduce((s, x, i) => s + x * (q[i] ?? 0), 0) }))
        .sort((a, z) => z.score - a.score)
        .slice(0, Number(b['limit'] ?? 10))
      return ok(res, { points: scored })
    }
    return send(res, 404, { status: { error: `unsupported ${req.method} ${url.pathname}` } })
  })
  const url = await listen(server)
  return {
    url,
    get points() {
      return new Map([...collections.values()].flatMap((c) => [...c]))
    },
    searchFilters,
    close: closer(server),
  }
}
