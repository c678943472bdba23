// "Test the connection" on the drafter settings page (issue 25): each failure answered in words,
// never with the API key, against loopback servers that fail in each way.
import { createServer, type ServerResponse } from 'node:http'
import { describe, expect, it } from '@jest/globals'
import { testModelConnection } from '../src/connection-test.js'

const KEY = 'sk-test-never-shown'

/** A loopback server answering every request with `handle` (or never, when it does nothing), for the test's length. */
async function withServer<T>(handle: (res: ServerResponse) => void, run: (url: string) => Promise<T>): Promise<T> {
  const server = createServer((_req, res) => handle(res))
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  try {
    return await run(`http://127.0.0.1:${(server.address() as { port: number }).port}/v1`)
  } finally {
    server.closeAllConnections()
    await new Promise<void>((r) => server.close(() => r()))
  }
}

const test = (baseUrl: string, timeoutMs = 5000) => testModelConnection({ baseUrl, apiKey: KEY, model: 'tiny-model' }, { timeoutMs })

describe('the drafter connection test, failing', () => {
  it('says the key was refused, and which variable to check', async () => {
    const got = await withServer(
      (res) => res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"bad key"}}'),
      (url) => test(url),
    )
    expect(got).toEqual({
      ok: false,
      model: 'tiny-model',
      latencyMs: null,
      message: expect.stringMatching(/refused the API key \(HTTP 401\): check OPENAI_API_KEY$/),
    })
  })

  it('says the server did not answer in time', async () => {
    const got = await withServer(
      () => undefined,
      (url) => test(url, 300),
    )
    expect(got).toMatchObject({ ok: false, message: expect.stringMatching(/did not answer within 0.3 seconds$/) })
  })

  it('says the server could not be reached', async () => {
    const url = await withServer(
      (res) => res.end(),
      async (u) => u,
    )
    expect(await test(url)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Could not reach the model server at 127\.0\.0\.1:\d+: check OPENAI_BASE_URL$/),
    })
  })

  it('says when the server is not a chat server', async () => {
    const got = await withServer(
      (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>'),
      (url) => test(url),
    )
    expect(got).toMatchObject({ ok: false, message: expect.stringMatching(/not as an OpenAI-compatible chat server/) })
  })

  it('never puts the key in what it answers', async () => {
    for (const status of [401, 404, 429, 500]) {
      const got = await withServer(
        (res) => res.writeHead(status).end(KEY),
        (url) => test(url),
      )
      expect(JSON.stringify(got)).not.toContain(KEY)
    }
  })
})
