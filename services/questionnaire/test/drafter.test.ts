// The drafter settings routes (issue 25) against the project's fake OpenAI server: which drafter
// drafts (the model's name and host, never its API key), and "Test the connection": one tiny
// request, answered {ok, model, latencyMs} or an error in words; admins only.
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { testDatabaseKinds } from '@portal/db'
import { staffPrincipal } from '@portal/http/testing'
import { type FakeOpenAI, startFakeOpenAI } from '../../../tests/support/fake-openai.js'
import { buildHarness, call, type Harness } from './harness.js'

const KEY = 'sk-test-never-shown'
// The routes read no tables: the embedded database is enough.
const open = testDatabaseKinds()[0]![1]

/** A loopback server answering every request with `handle` (or never, when it does nothing). */
async function rawServer(handle: (res: import('node:http').ServerResponse) => void): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => handle(res))
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}

describe('drafter settings with a model', () => {
  let fake: FakeOpenAI
  let h: Harness
  let admin: string

  beforeAll(async () => {
    fake = await startFakeOpenAI(() => 'OK')
    h = await buildHarness(open, { llm: { baseUrl: fake.url, apiKey: KEY, model: 'tiny-model' } })
    admin = (await h.staff()).token
  })
  afterAll(async () => {
    await h?.close()
    await fake?.close()
  })

  it("names the model and its server's host, never the API key", async () => {
    const res = await call(h, 'GET', '/api/drafter', { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ drafter: 'model', model: 'tiny-model', host: new URL(fake.url).host })
    expect(JSON.stringify(res.body)).not.toContain(KEY)
  })

  it('tests the connection with one tiny request and says how long the model took', async () => {
    const before = fake.requests.length
    const res = await call(h, 'POST', '/api/drafter/test', { token: admin })
    expect(res.status).toBe(200)
    const data = res.body.data as { ok: boolean; model: string; latencyMs: number; message: string }
    expect(data).toMatchObject({ ok: true, model: 'tiny-model', message: expect.stringMatching(/^tiny-model answered in \d+ ms$/) })
    expect(data.latencyMs).toBeGreaterThanOrEqual(0)
    expect(fake.requests.slice(before)).toEqual([expect.objectContaining({ model: 'tiny-model', max_tokens: 1 })])
    expect(JSON.stringify(res.body)).not.toContain(KEY)
  })

  it('lets only admins test the connection', async () => {
    const member = (await h.tokens.issueAccess({ ...staffPrincipal(crypto.randomUUID()), admin: false })).token
    const before = fake.requests.length
    const res = await call(h, 'POST', '/api/drafter/test', { token: member })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('Only admins can do this')
    expect(fake.requests.length).toBe(before)
    expect((await call(h, 'POST', '/api/drafter/test')).status).toBe(401)
  })
})

// Each failure's words are tested on testModelConnection itself (packages/drafting/test/connection-test.test.ts);
// here, that the route answers them, without the key.
describe('drafter connection test failures, in words', () => {
  const failing = async (url: string, timeoutMs = 5000) => {
    const h = await buildHarness(open, { llm: { baseUrl: url, apiKey: KEY, model: 'tiny-model' }, drafterTestTimeoutMs: timeoutMs })
    try {
      const res = await call(h, 'POST', '/api/drafter/test', { token: (await h.staff()).token })
      expect(res.status).toBe(200)
      expect(JSON.stringify(res.body)).not.toContain(KEY)
      return res.body.data as { ok: boolean; latencyMs: number | null; message: string }
    } finally {
      await h.close()
    }
  }

  it('says the key was refused', async () => {
    const server = await rawServer((res) => res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"bad key"}}'))
    try {
      expect(await failing(server.url)).toMatchObject({ ok: false, latencyMs: null, message: expect.stringMatching(/refused the API key \(HTTP 401\)/) })
    } finally {
      await server.close()
    }
  })
})
