// Webhook SSRF and secrets at rest (security.md C3, C4): without WEBHOOK_ALLOW_PRIVATE, loopback,
// private, link-local and mapped addresses are refused at creation; a name that resolves to one at
// delivery time (DNS rebinding: `localhost` here) is refused before any byte is sent; the test
// setting is refused on a non-loopback HOST; sealed secrets open only with their key and row.
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { loadConfig } from '@portal/config'
import { testDatabaseKinds } from '@portal/db'
import { secretBox } from '../src/domain/secret-box.js'
import { loadSecretsKey } from '../src/secrets-key.js'
import { isPublicAddress } from '../src/domain/public-address.js'
import { webhookUrlProblem } from '../src/domain/webhook-target.js'
import { postWebhook } from '../src/webhook-post.js'
import { buildHarness, call, type Harness, signUp } from './harness.js'

// PGlite is enough: what is tested is the rule, not the database.
const open = testDatabaseKinds()[0]![1]

describe('webhook targets', () => {
  let h: Harness
  let token: string
  beforeAll(async () => {
    h = await buildHarness(open)
    token = (await signUp(h, 'wendy@targets.example')).token
  }, 120_000) // the migrations take long on a loaded machine
  afterAll(async () => h.close())

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://10.1.2.3/hook',
    'http://192.168.0.10/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/hook',
    'http://[::ffff:127.0.0.1]/hook',
    'http://[fd00::1]/hook',
    'http://0.0.0.0/hook',
    'http://intranet/hook',
  ])('refuses %s at creation without WEBHOOK_ALLOW_PRIVATE', async (url) => {
    const res = await call(h, 'POST', '/api/webhooks', { token, body: { url, events: ['questionnaire.drafted'] } })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Webhooks cannot target loopback or private addresses')
  })

  it('refuses a URL with credentials and a name that does not resolve', async () => {
    const creds = await call(h, 'POST', '/api/webhooks', { token, body: { url: 'https://u:p@hooks.example.com/', events: ['questionnaire.drafted'] } })
    expect(creds.body.message).toBe('The URL must not carry a user name or password')
    const nowhere = await call(h, 'POST', '/api/webhooks', { token, body: { url: 'https://nothing.invalid/hook', events: ['questionnaire.drafted'] } })
    expect(nowhere.status).toBe(400)
    expect(nowhere.body.message).toBe('The host name nothing.invalid could not be resolved')
  })

  it('refuses at delivery a name resolving to loopback, before anything is sent', async () => {
    let hits = 0
    const server = createServer((_req, res) => {
      hits++
      res.end('ok')
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const { port } = server.address() as { port: number }
    try {
      const named = await postWebhook(`http://localhost:${port}/hook`, '{}', {}, { timeoutMs: 2000, allowPrivate: false })
      expect(named.error).toBe('localhost resolves to a loopback or private address')
      const literal = await postWebhook(`http://127.0.0.1:${port}/hook`, '{}', {}, { timeoutMs: 2000, allowPrivate: false })
      expect(literal.error).toBe('127.0.0.1 resolves to a loopback or private address')
      expect(hits).toBe(0)
      // The test setting lets the same call through: the refusal above is the rule's, not the network's.
      expect((await postWebhook(`http://localhost:${port}/hook`, '{}', {}, { timeoutMs: 2000, allowPrivate: true })).statusCode).toBe(200)
      expect(hits).toBe(1)
    } finally {
      await new Promise<void>((r) => server.close(() => r()))
    }
  })

  it('caps the time a receiver may take', async () => {
    const server = createServer(() => undefined) // never answers
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const { port } = server.address() as { port: number }
    try {
      const res = await postWebhook(`http://127.0.0.1:${port}/`, '{}', {}, { timeoutMs: 300, allowPrivate: true })
      expect(res).toMatchObject({ statusCode: null, error: 'No answer within 0.3 s' })
    } finally {
      server.closeAllConnections()
      await new Promise<void>((r) => server.close(() => r()))
    }
  })

  it('classifies addresses', () => {
    expect(isPublicAddress('93.184.215.14')).toBe(true)
    expect(isPublicAddress('2606:4700::1111')).toBe(true)
    for (const a of ['127.0.0.1', '10.0.0.1', '172.16.0.1', '100.64.0.1', '169.254.1.1', '::1', 'fe80::1', '::ffff:10.0.0.1', '224.0.0.1', 'nonsense'])
      expect(isPublicAddress(a)).toBe(false)
    expect(webhookUrlProblem('http://127.0.0.1/', true)).toBeUndefined()
  })

  it('allows WEBHOOK_ALLOW_PRIVATE on a loopback HOST only', () => {
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true', HOST: '0.0.0.0' })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE=true is a test setting, refused with HOST=0.0.0.0/,
    )
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true', HOST: '127.0.0.1' }).webhooks.allowPrivate).toBe(true)
  })

  it('takes SECRETS_KEY, else derives one key from JWT_PRIVATE_KEY that every replica shares', async () => {
    const given = randomBytes(32)
    const jwt = { ...h.config.jwt, privateKeyPem: '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIA==\n-----END PRIVATE KEY-----' }
    expect(await loadSecretsKey({ secretsKey: given.toString('base64'), dataDir: h.config.dataDir, jwt })).toEqual(given)
    const derived = await loadSecretsKey({ secretsKey: undefined, dataDir: '/nonexistent', jwt })
    expect(derived).toHaveLength(32)
    expect(await loadSecretsKey({ secretsKey: undefined, dataDir: '/elsewhere', jwt })).toEqual(derived)
    expect(await loadSecretsKey({ secretsKey: undefined, dataDir: '/elsewhere', jwt: { ...jwt, privateKeyPem: `${jwt.privateKeyPem}x` } })).not.toEqual(derived)
  })

  it('opens a sealed secret only with its key and for its row', () => {
    const box = secretBox(randomBytes(32))
    const sealed = box.seal('whsec_abc', 'row-1')
    expect(sealed).not.toContain('whsec_abc')
    expect(box.open(sealed, 'row-1')).toBe('whsec_abc')
    expect(() => box.open(sealed, 'row-2')).toThrow()
    expect(() => secretBox(randomBytes(32)).open(sealed, 'row-1')).toThrow()
  })
})
