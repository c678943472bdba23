// API keys and outgoing webhooks (issue 27) through the whole portal: a key calls the same routes as
// a person's token within its scopes (403 in words beyond them, 401 once revoked, nothing of another
// company); a webhook's receiver (node:http on loopback, WEBHOOK_ALLOW_PRIVATE) checks the
// signature, a failing receiver gets retries that the delivery log shows, and a replay sends the
// same event again. Short backoff (WEBHOOK_BACKOFF_MS) keeps it fast. security.md C1–C5.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { events } from '@portal/contracts'
import { textPdf } from '@portal/pdf-writer'
import { sql } from 'kysely'
import { multipart } from '../../services/trust-center/test/fixtures.js'
import { call, type SignedUp, signUp, startTestPortal, type TestPortal, until } from '../support/portal.js'

interface Received {
  headers: IncomingMessage['headers']
  body: string
}

/** A receiver on loopback that answers each request with the next status of `statuses` (then 200). */
async function receiver(statuses: number[] = []): Promise<{ url: string; got: Received[]; close(): Promise<void> }> {
  const got: Received[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8')
    })
    req.on('end', () => {
      got.push({ headers: req.headers, body })
      const status = statuses.shift() ?? 200
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'thanks' : 'receiver is down')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as { port: number }
  return { url: `http://127.0.0.1:${port}/hook`, got, close: () => new Promise<void>((r) => server.close(() => r())) }
}

/** What a receiver does with X-Portal-Signature: recompute the HMAC over "<t>.<body>". */
function signatureValid(secret: string, header: string, body: string): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header)
  if (!m) return false
  const expected = createHmac('sha256', secret).update(`${m[1]}.${body}`).digest()
  return timingSafeEqual(expected, Buffer.from(m[2]!, 'hex')) && Math.abs(Date.now() / 1000 - Number(m[1])) < 300
}

describe('API keys and webhooks', () => {
  let tp: TestPortal
  let a: SignedUp
  let b: SignedUp
  const tenantOf = async (dbName: string) =>
    (await sql<{ id: string }>`select id from identity.tenant where db_name = ${dbName}`.execute(tp.portal.ctx.db!.system)).rows[0]!.id

  beforeAll(async () => {
    tp = await startTestPortal({ env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_BACKOFF_MS: '100', WEBHOOK_ATTEMPTS: '3', WEBHOOK_TIMEOUT: '5' } })
    a = await signUp(tp, 'ann@keys-alpha.example')
    b = await signUp(tp, 'ben@keys-beta.example')
  }, 240_000) // a whole portal's start on a loaded machine
  afterAll(async () => tp.stop())

  const newKey = async (user: SignedUp, scopes: string[], name = 'CI') => {
    const res = await call(tp, 'POST', '/api/api-keys', { token: user.token, body: { name, scopes } })
    expect(res.status).toBe(201)
    return res.body.data as { id: string; key: string }
  }

  it('creates a key shown once, lists it without the key, and lets it call the routes its scopes name', async () => {
    const created = await newKey(a, ['questionnaires:read', 'questionnaires:write'])
    expect(created.key).toMatch(/^tpk_[A-Za-z0-9_-]{43}$/)
    // Stored hashed: the key itself is nowhere in the table.
    const stored = await sql<{ key_hash: string }>`select key_hash from identity.api_key where id = ${created.id}`.execute(tp.portal.ctx.db!.system)
    expect(stored.rows[0]!.key_hash).not.toContain(created.key.slice(4))

    const made = await call(tp, 'POST', '/api/companys', {
      token: created.key,
      body: { companyName: 'Made By Key', compliance_bucket: 'c', questionnaires_bucket: 'q' },
    })
    expect(made.status).toBe(201)
    const listed = await call(tp, 'GET', '/api/companys', { token: created.key })
    expect(listed.status).toBe(200)
    expect(JSON.stringify(listed.body.data)).toContain('Made By Key')
    // The person's token sees what the key made: the same API, the same company.
    expect(JSON.stringify((await call(tp, 'GET', '/api/companys', { token: a.token })).body.data)).toContain('Made By Key')

    const keys = await call(tp, 'GET', '/api/api-keys', { token: a.token })
    expect(keys.status).toBe(200)
    const row = (keys.body.data as { id: string; name: string; scopes: string[]; start: string; lastUsedAt: string | null }[]).find((k) => k.id === created.id)!
    expect(row).toMatchObject({ name: 'CI', scopes: ['questionnaires:read', 'questionnaires:write'], start: created.key.slice(0, 10) })
    expect(row.lastUsedAt).not.toBeNull()
    expect(JSON.stringify(keys.body)).not.toContain(created.key)
  })

  it('answers 403 in words for a scope the key lacks, an admin-only route, and key management', async () => {
    const reader = await newKey(a, ['questionnaires:read'])
    expect((await call(tp, 'GET', '/api/companys', { token: reader.key })).status).toBe(200)
    const write = await call(tp, 'POST', '/api/companys', {
      token: reader.key,
      body: { companyName: 'Nope', compliance_bucket: 'c', questionnaires_bucket: 'q' },
    })
    expect(write.status).toBe(403)
    expect(write.body.message).toBe('This API key lacks the scope questionnaires:write this call needs')
    const other = await call(tp, 'GET', '/api/documentslist', { token: reader.key })
    expect(other.status).toBe(403)
    expect(other.body.message).toBe('This API key lacks the scope trustcenter:read this call needs')
    // Admin-only: people and the keys themselves are never a key's, whatever it holds.
    const everything = await newKey(a, ['account:read', 'account:write', 'trustcenter:read', 'trustcenter:write', 'trustcenter:admin'])
    const people = await call(tp, 'GET', '/api/people?page=1&pageSize=10', { token: everything.key })
    expect(people.status).toBe(403)
    expect(people.body.message).toBe('API keys cannot use this admin-only route')
    expect((await call(tp, 'POST', '/api/api-keys', { token: everything.key, body: { name: 'more', scopes: ['account:read'] } })).status).toBe(403)
    expect((await call(tp, 'GET', '/api/webhooks', { token: everything.key })).status).toBe(403)
    // A trust-center admin route with trustcenter:admin is the key's.
    expect((await call(tp, 'GET', '/api/documentslist', { token: everything.key })).status).toBe(200)
  })

  it('refuses bad input with a 400 in words', async () => {
    const unknown = await call(tp, 'POST', '/api/api-keys', { token: a.token, body: { name: 'x', scopes: ['everything:all'] } })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toMatch(/^Unknown scope "everything:all"/)
    expect((await call(tp, 'POST', '/api/api-keys', { token: a.token, body: { name: ' ', scopes: ['account:read'] } })).status).toBe(400)
    expect((await call(tp, 'POST', '/api/api-keys', { token: a.token, body: { name: 'x', scopes: [] } })).status).toBe(400)
    expect((await call(tp, 'GET', '/api/companys', { token: 'tpk_not-a-real-key' })).status).toBe(401)
  })

  it('stops a revoked key at once (401)', async () => {
    const k = await newKey(a, ['questionnaires:read'])
    expect((await call(tp, 'GET', '/api/companys', { token: k.key })).status).toBe(200)
    expect((await call(tp, 'DELETE', `/api/api-keys/${k.id}`, { token: a.token })).status).toBe(200)
    const after = await call(tp, 'GET', '/api/companys', { token: k.key })
    expect(after.status).toBe(401)
    expect(after.body.message).toBe('This API key is not valid')
    expect(((await call(tp, 'GET', '/api/api-keys', { token: a.token })).body.data as { id: string }[]).map((x) => x.id)).not.toContain(k.id)
    expect((await call(tp, 'DELETE', `/api/api-keys/${k.id}`, { token: a.token })).status).toBe(404)
  })

  it("keeps another company's key and admin away from A's data and ids (404)", async () => {
    const aKey = await newKey(a, ['questionnaires:read'])
    const bKey = await newKey(b, ['questionnaires:read', 'questionnaires:write'])
    const aCompany = (
      (await call(tp, 'POST', '/api/companys', { token: a.token, body: { companyName: 'Alpha Only', compliance_bucket: 'c', questionnaires_bucket: 'q' } }))
        .body.data as { _id: string }
    )._id
    const bList = await call(tp, 'GET', '/api/companys', { token: bKey.key })
    expect(JSON.stringify(bList.body.data)).not.toContain('Alpha Only')
    expect((await call(tp, 'GET', `/api/compliancefile/${aCompany}`, { token: bKey.key })).status).toBe(404)
    // The DbName header cannot point a key at another company.
    expect((await call(tp, 'GET', '/api/companys', { token: bKey.key, dbName: a.dbName })).status).toBe(403)
    // B's admin cannot see or revoke A's key.
    expect(JSON.stringify((await call(tp, 'GET', '/api/api-keys', { token: b.token })).body.data)).not.toContain(aKey.id)
    expect((await call(tp, 'DELETE', `/api/api-keys/${aKey.id}`, { token: b.token })).status).toBe(404)
    expect((await call(tp, 'GET', '/api/companys', { token: aKey.key })).status).toBe(200)
  })

  it('signs each delivery so the receiver can check it, retries a failing receiver, logs every attempt, and replays', async () => {
    const rx = await receiver([500])
    try {
      const created = await call(tp, 'POST', '/api/webhooks', {
        token: a.token,
        body: { url: rx.url, events: ['questionnaire.drafted', 'document.published'] },
      })
      expect(created.status).toBe(201)
      const hook = created.body.data as { id: string; secret: string }
      const stored = await sql<{ secret_enc: string }>`select secret_enc from identity.webhook where id = ${hook.id}`.execute(tp.portal.ctx.db!.system)
      expect(stored.rows[0]!.secret_enc).not.toContain(hook.secret.slice(6))

      const tenantA = await tenantOf(a.dbName)
      const fileId = crypto.randomUUID()
      await tp.portal.ctx.bus!.publish(events.questionnaireDrafted(tenantA), { fileId, drafted: 3, total: 3 })
      // Another company's event never reaches A's receiver.
      await tp.portal.ctx.bus!.publish(events.questionnaireDrafted(await tenantOf(b.dbName)), { fileId: crypto.randomUUID(), drafted: 1, total: 1 })

      // 500 first, then 200 on the retry.
      await until('two attempts', async () => (rx.got.length >= 2 ? true : undefined), 20_000, 50)
      for (const r of rx.got) {
        expect(signatureValid(hook.secret, String(r.headers['x-portal-signature']), r.body)).toBe(true)
        expect(signatureValid('whsec_wrong', String(r.headers['x-portal-signature']), r.body)).toBe(false)
      }
      const sent = JSON.parse(rx.got[0]!.body) as { id: string; event: string; at: string; data: Record<string, unknown> }
      expect(sent).toMatchObject({ event: 'questionnaire.drafted', data: { fileId, drafted: 3, total: 3 } })
      expect(JSON.parse(rx.got[1]!.body).id).toBe(sent.id)

      const log = await until(
        'both attempts logged',
        async () => {
          const res = await call(tp, 'GET', `/api/webhooks/${hook.id}/deliveries`, { token: a.token })
          const rows = res.body.data as { id: string; eventId: string; attempt: number; ok: boolean; statusCode: number; responseExcerpt: string }[]
          return rows.length >= 2 ? rows : undefined
        },
        10_000,
        50,
      )
      expect(log.map((d) => [d.attempt, d.ok, d.statusCode, d.responseExcerpt])).toEqual([
        [2, true, 200, 'thanks'],
        [1, false, 500, 'receiver is down'],
      ])
      expect(log.every((d) => d.eventId === sent.id)).toBe(true)

      const replay = await call(tp, 'POST', `/api/webhooks/${hook.id}/deliveries/${log[1]!.id}/replay`, { token: a.token })
      expect(replay.status).toBe(202)
      await until('the replay', async () => (rx.got.length >= 3 ? true : undefined), 10_000, 50)
      expect(JSON.parse(rx.got[2]!.body).id).toBe(sent.id)
      expect(signatureValid(hook.secret, String(rx.got[2]!.headers['x-portal-signature']), rx.got[2]!.body)).toBe(true)
      await until('the replay logged', async () => {
        const rows = (await call(tp, 'GET', `/api/webhooks/${hook.id}/deliveries`, { token: a.token })).body.data as { attempt: number }[]
        return rows[0]?.attempt === 3 ? true : undefined
      })
      expect(rx.got).toHaveLength(3)

      // Another company's admin: the webhook's ids answer 404.
      expect((await call(tp, 'GET', `/api/webhooks/${hook.id}/deliveries`, { token: b.token })).status).toBe(404)
      expect((await call(tp, 'POST', `/api/webhooks/${hook.id}/deliveries/${log[0]!.id}/replay`, { token: b.token })).status).toBe(404)
      expect((await call(tp, 'DELETE', `/api/webhooks/${hook.id}`, { token: b.token })).status).toBe(404)
      expect(JSON.stringify((await call(tp, 'GET', '/api/webhooks', { token: b.token })).body.data)).not.toContain(hook.id)
      expect((await call(tp, 'DELETE', `/api/webhooks/${hook.id}`, { token: a.token })).status).toBe(200)
    } finally {
      await rx.close()
    }
  })

  it('tells the receiver of a document a key published on the trust center (document.published)', async () => {
    const rx = await receiver()
    try {
      const hook = (await call(tp, 'POST', '/api/webhooks', { token: a.token, body: { url: rx.url, events: ['document.published'] } })).body.data as {
        id: string
        secret: string
      }
      // An admin-only trust-center route, reached by a key with that area's admin scope.
      const key = await newKey(a, ['trustcenter:write', 'trustcenter:admin'])
      const { payload, contentType } = multipart([
        { name: 'visibility', value: 'public' },
        { name: 'title', value: 'SOC 2 report' },
        { name: 'file', filename: 'soc2.pdf', content: textPdf([['SOC 2 report']]) },
      ])
      const up = await call(tp, 'POST', '/api/fs/upload-docs', { token: key.key, body: payload, headers: { 'content-type': contentType } })
      expect(up.status).toBe(201)
      const documentId = (up.body.data as { _id: string })._id
      await until('the delivery', async () => (rx.got.length ? true : undefined), 10_000, 50)
      const sent = JSON.parse(rx.got[0]!.body) as { event: string; data: Record<string, unknown> }
      expect(sent).toMatchObject({ event: 'document.published', data: { documentId, title: 'SOC 2 report', visibility: 'public' } })
      expect(sent.data['tenantId']).toBeUndefined()
      expect(signatureValid(hook.secret, String(rx.got[0]!.headers['x-portal-signature']), rx.got[0]!.body)).toBe(true)
    } finally {
      await rx.close()
    }
  })

  it('refuses unknown events and URLs that are not http(s)', async () => {
    const bad = await call(tp, 'POST', '/api/webhooks', { token: a.token, body: { url: 'https://hooks.example.com/x', events: ['user.deleted'] } })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/^Unknown event "user.deleted"/)
    const ftp = await call(tp, 'POST', '/api/webhooks', { token: a.token, body: { url: 'ftp://hooks.example.com/x', events: ['questionnaire.drafted'] } })
    expect(ftp.status).toBe(400)
    expect(ftp.body.message).toBe('The URL must start with https:// or http://')
  })
})
