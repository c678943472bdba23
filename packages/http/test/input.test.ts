// The one input rule of every route (packages/http/src/input.ts): NUL characters are refused with 400
// wherever they arrive, and a malformed multipart body is a 400, not a parser error turned into a 500.
// The multipart parser is stood in for by a decorator with @fastify/multipart's shape (`isMultipart`,
// `parts`), raising the errors busboy raises; the real plugin is driven in tests/integration/bad-input.
import { PassThrough } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createTestTokenService } from '@portal/auth'
import { loadConfig } from '@portal/config'
import { silentLogger } from '@portal/observability'
import type { FastifyRequest } from 'fastify'
import { Type } from 'typebox'
import { type AppInstance, createServer, ok } from '../src/index.js'

type Part = { type: 'file' | 'field'; fieldname: string; filename?: string; value?: string; file?: PassThrough }

/** What the stand-in parser yields for a request: parts, then (optionally) a parser error. */
const script = new Map<string, () => AsyncGenerator<Part>>()

/** A parser that fails before its first part. */
const failing = (err: Error) =>
  async function* (): AsyncGenerator<Part> {
    yield* []
    throw err
  }

describe('one input rule', () => {
  let app: AppInstance
  const diskFull = Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })

  beforeAll(async () => {
    app = await createServer({ config: loadConfig({}), logger: silentLogger, tokens: await createTestTokenService() })
    app.post('/api/echo', { schema: { body: Type.Object({ name: Type.String() }) } }, async (req) => ok(req.body))
    app.get(
      '/api/items/:id',
      { schema: { params: Type.Object({ id: Type.String() }), querystring: Type.Object({ q: Type.Optional(Type.String()) }) } },
      async (req) => ok(req.params.id),
    )
    app.post('/api/text', async (req) => ok(String(req.body)))
    // The stand-in: multipart/form-data requests get `isMultipart` and `parts` as @fastify/multipart decorates them.
    app.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null))
    app.decorateRequest('isMultipart', function (this: FastifyRequest) {
      return String(this.headers['content-type']).startsWith('multipart/form-data')
    })
    app.decorateRequest('parts', function (this: FastifyRequest) {
      return script.get(String(this.headers['x-script']))!() as never
    })
    app.post('/api/upload', async (req) => {
      const fields: Record<string, string> = {}
      let bytes = 0
      for await (const part of (req as unknown as { parts(): AsyncGenerator<Part> }).parts()) {
        if (part.file) {
          await pipeline(
            part.file,
            new PassThrough().on('data', (c: Buffer) => (bytes += c.length)),
          )
        } else fields[part.fieldname] = part.value ?? ''
      }
      return ok({ fields, bytes })
    })
    await app.ready()
  })
  afterAll(async () => app.close())

  const expectNulRefused = async (res: { statusCode: number; json(): { code?: string; message?: string } }, field: string) => {
    expect([res.statusCode, res.json().code, res.json().message]).toEqual([400, 'INVALID_REQUEST', `${field} must not contain NUL characters`])
  }

  it('refuses NUL in a JSON body, as the lead wrote it, and keeps an empty JSON body as no body', async () => {
    await expectNulRefused(await app.inject({ method: 'POST', url: '/api/echo', payload: { name: 'a\u0000b' } }), 'name')
    await expectNulRefused(await app.inject({ method: 'POST', url: '/api/echo', payload: { 'k\u0000': 'x', name: 'ok' } }), 'k\u0000')
    expect((await app.inject({ method: 'POST', url: '/api/echo', payload: { name: 'ok' } })).statusCode).toBe(200)
  })

  it('refuses NUL in the query, the path params and the headers, before any route code runs', async () => {
    await expectNulRefused(await app.inject({ url: '/api/items/1?q=a%00b' }), 'query.q')
    await expectNulRefused(await app.inject({ url: '/api/items/1?a%00=1' }), 'query.a\u0000')
    await expectNulRefused(await app.inject({ url: '/api/items/a%00b' }), 'params.id')
    await expectNulRefused(await app.inject({ url: '/api/items/1', headers: { dbname: 'demo\u0000' } }), 'headers.dbname')
    await expectNulRefused(await app.inject({ url: '/api/nowhere', headers: { 'user-agent': 'x\u0000' } }), 'headers.user-agent')
    expect((await app.inject({ url: '/api/items/a%20b?q=fine' })).json()).toEqual({ status: true, data: 'a b' })
  })

  it('refuses NUL in a text/plain body', async () => {
    await expectNulRefused(await app.inject({ method: 'POST', url: '/api/text', headers: { 'content-type': 'text/plain' }, payload: 'a\u0000b' }), 'body')
    expect((await app.inject({ method: 'POST', url: '/api/text', headers: { 'content-type': 'text/plain' }, payload: 'fine' })).json()).toEqual({
      status: true,
      data: 'fine',
    })
  })

  describe('multipart', () => {
    const upload = (name: string) =>
      app.inject({ method: 'POST', url: '/api/upload', headers: { 'content-type': 'multipart/form-data; boundary=x', 'x-script': name }, payload: '' })
    const file = (chunks: string[], error?: Error) => {
      const stream = new PassThrough()
      setImmediate(() => {
        for (const c of chunks) stream.write(c)
        if (error) stream.destroy(error)
        else stream.end()
      })
      return stream
    }
    const malformed = 'The upload is not a complete multipart/form-data body: it is cut short, lacks its boundary or is malformed'

    it('passes a well-formed upload through unchanged', async () => {
      script.set('good', async function* () {
        yield { type: 'field', fieldname: 'visibility', value: 'public' }
        yield { type: 'file', fieldname: 'file', filename: 'a.pdf', file: file(['%PDF', '-1.4']) }
      })
      expect((await upload('good')).json()).toEqual({ status: true, data: { fields: { visibility: 'public' }, bytes: 8 } })
    })

    it('refuses NUL in a text field, a field name and a file name', async () => {
      script.set('nul-value', async function* () {
        yield { type: 'field', fieldname: 'company_id', value: 'a\u0000b' }
      })
      script.set('nul-name', async function* () {
        yield { type: 'field', fieldname: 'com\u0000pany', value: 'x' }
      })
      script.set('nul-file', async function* () {
        yield { type: 'file', fieldname: 'file', filename: 'a\u0000.pdf', file: file(['x']) }
      })
      await expectNulRefused(await upload('nul-value'), 'company_id')
      await expectNulRefused(await upload('nul-name'), 'field name')
      await expectNulRefused(await upload('nul-file'), 'file.filename')
    })

    it('answers 400 when the parser fails (no boundary, truncated body), whether between parts or inside a file', async () => {
      script.set('no-boundary', failing(new Error('Multipart: Boundary not found')))
      script.set('cut-between-parts', async function* () {
        yield { type: 'field', fieldname: 'visibility', value: 'public' }
        throw new Error('Unexpected end of multipart data')
      })
      script.set('cut-inside-file', async function* () {
        yield {
          type: 'file',
          fieldname: 'file',
          filename: 'a.pdf',
          file: file(['%PDF-1.4 half'], new Error('Part terminated early due to unexpected end of multipart data')),
        }
      })
      for (const name of ['no-boundary', 'cut-between-parts', 'cut-inside-file']) {
        const res = await upload(name)
        expect([name, res.statusCode, res.json()]).toEqual([name, 400, { status: false, code: 'INVALID_REQUEST', message: malformed }])
      }
    })

    it("keeps the plugin's own limits, and leaves a server fault in the file pipeline a 500", async () => {
      script.set('limit', failing(Object.assign(new Error('reach files limit'), { statusCode: 413, code: 'FST_FILES_LIMIT' })))
      script.set('disk-full', async function* () {
        yield { type: 'file', fieldname: 'file', filename: 'a.pdf', file: file(['x'], diskFull) }
      })
      expect((await upload('limit')).statusCode).toBe(413)
      expect((await upload('disk-full')).statusCode).toBe(500)
    })
  })
})
