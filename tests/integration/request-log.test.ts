// The gateway in split mode writes one info line per forwarded request (it wrote four: Fastify's
// incoming and completed lines, and its proxy's "fetching" and "received"): method, URL with its
// capabilities redacted, status, time and the service the route belongs to. The rest is at debug.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { loadConfig } from '@portal/config'
import { createLogger } from '@portal/observability'
import { type Portal, startPortal } from '@portal/svc-host'

type Line = Record<string, unknown> & { level: number; msg: string; reqId?: string }
const INFO = 30

describe('request log of the gateway in split mode', () => {
  let upstream: Server
  let gateway: Portal
  let dir: string
  const raw: string[] = []
  const lines = () => raw.map((l) => JSON.parse(l) as Line)

  beforeAll(async () => {
    // A stand-in for every service behind the gateway.
    upstream = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"status":true,"data":{"via":"upstream"}}')
    })
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', () => r()))
    const url = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`
    dir = await mkdtemp(path.join(tmpdir(), 'request-log-'))
    await mkdir(path.join(dir, 'web'))
    await writeFile(path.join(dir, 'web', 'index.html'), '<!doctype html><title>Console</title>')
    const config = loadConfig({
      TARGET: 'gateway',
      DATA_DIR: dir,
      WEB_DIST: path.join(dir, 'web'),
      LOG_LEVEL: 'debug',
      IDENTITY_URL: url,
      TRUST_CENTER_URL: url,
      QUESTIONNAIRE_URL: url,
      OUTBOUND_URL: url,
    })
    gateway = await startPortal(config, createLogger({ logLevel: 'debug' }, {}, { write: (s: string) => void raw.push(s) }))
  })
  afterAll(async () => {
    await gateway?.stop()
    await new Promise((r) => upstream?.close(r))
    await rm(dir, { recursive: true, force: true })
  })

  it('writes one info line for a forwarded request, naming the service; the forward itself at debug', async () => {
    const res = await gateway.server.inject({ url: '/api/people/invite/inv1te-s3cret?page=2', headers: { 'x-request-id': 'req-forwarded-1' } })
    expect(res.statusCode).toBe(200)
    const mine = lines().filter((l) => l.reqId === 'req-forwarded-1')
    expect(mine.filter((l) => l.level >= INFO)).toEqual([
      expect.objectContaining({ msg: 'request completed', method: 'GET', url: '/api/people/invite/[redacted]?page=2', status: 200, svc: 'identity' }),
    ])
    expect(mine.filter((l) => l.level < INFO).map((l) => l.msg)).toEqual(['incoming request', 'gateway forwards'])
    expect(raw.join('')).not.toContain('inv1te-s3cret')
  })

  it("writes one info line for the gateway's own answers too", async () => {
    const res = await gateway.server.inject({ url: '/', headers: { 'x-request-id': 'req-own-1' } })
    expect(res.statusCode).toBe(200)
    expect(lines().filter((l) => l.reqId === 'req-own-1' && l.level >= INFO)).toEqual([
      expect.objectContaining({ msg: 'request completed', status: 200, svc: 'gateway' }),
    ])
  })
})
