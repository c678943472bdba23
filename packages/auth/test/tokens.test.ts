import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from '@jest/globals'
import { SignJWT } from 'jose'
import {
  createRemoteTokenService,
  createTokenService,
  generateSigningKey,
  hashToken,
  loadSigningKey,
  type Principal,
  randomToken,
  testTokenOptions,
} from '../src/index.js'

const principal: Principal = { userId: 'u1', tenantId: 't1', dbName: 'acme', admin: true, inboundUser: false, sessionId: 's1', emailVerified: false }
const dirs: string[] = []
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

describe('tokens', () => {
  it('round-trips a principal', async () => {
    const tokens = createTokenService(await generateSigningKey(), testTokenOptions)
    const { token, expiresIn } = await tokens.issueAccess(principal)
    expect(expiresIn).toBe(900)
    await expect(tokens.verifyAccess(token)).resolves.toEqual(principal)
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())
    expect(header).toMatchObject({ alg: 'EdDSA', typ: 'at+jwt' })
    expect(header.kid).toBe((tokens.jwks().keys[0] as { kid: string }).kid)
  })

  it('carries the verified-address claim; a token signed without it is unverified', async () => {
    const key = await generateSigningKey()
    const tokens = createTokenService(key, testTokenOptions)
    const verified = { ...principal, emailVerified: true }
    await expect(tokens.verifyAccess((await tokens.issueAccess(verified)).token)).resolves.toEqual(verified)
    // A token issued before the claim existed: same key, no `ev`.
    const older = await new SignJWT({ tid: 't1', tenant: 'acme', admin: true, sid: 's9' })
      .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: 'at+jwt' })
      .setSubject('u1')
      .setIssuer(testTokenOptions.issuer)
      .setAudience(testTokenOptions.audience)
      .setIssuedAt()
      .setExpirationTime('60s')
      .setJti('j1')
      .sign(key.privateKey)
    await expect(tokens.verifyAccess(older)).resolves.toMatchObject({ userId: 'u1', emailVerified: false })
  })

  it('keeps inbound-user claims', async () => {
    const tokens = createTokenService(await generateSigningKey(), testTokenOptions)
    const inbound = { ...principal, admin: false, inboundUser: true, outboundId: 'ob1' }
    await expect(tokens.verifyAccess((await tokens.issueAccess(inbound)).token)).resolves.toEqual(inbound)
  })

  it('rejects a revoked session at once, and what another key or audience signed', async () => {
    const key = await generateSigningKey()
    const tokens = createTokenService(key, testTokenOptions)
    const { token } = await tokens.issueAccess(principal)
    const heard: string[] = []
    tokens.onRevoke = async (sid) => void heard.push(sid)
    await tokens.revokeSession('s1')
    await expect(tokens.verifyAccess(token)).rejects.toMatchObject({ code: 'UNAUTHENTICATED', statusCode: 401 })
    expect(heard).toEqual(['s1'])

    const other = createTokenService(await generateSigningKey(), testTokenOptions)
    await expect(other.verifyAccess((await tokens.issueAccess({ ...principal, sessionId: 's2' })).token)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' })
    const otherAudience = createTokenService(key, { ...testTokenOptions, audience: 'elsewhere' })
    await expect(otherAudience.verifyAccess((await tokens.issueAccess({ ...principal, sessionId: 's3' })).token)).rejects.toMatchObject({
      code: 'UNAUTHENTICATED',
    })
    await expect(tokens.verifyAccess('')).rejects.toMatchObject({ code: 'UNAUTHENTICATED' })
    await expect(tokens.verifyAccess('x'.repeat(5000))).rejects.toMatchObject({ code: 'UNAUTHENTICATED' })
  })

  it('applies revocations heard from another process', async () => {
    const tokens = createTokenService(await generateSigningKey(), testTokenOptions)
    const { token } = await tokens.issueAccess(principal)
    tokens.applyRevocation('s1')
    await expect(tokens.verifyAccess(token)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' })
  })

  it('keeps a generated key in the data folder across restarts', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'keys-'))
    dirs.push(dir)
    const first = await loadSigningKey({ dataDir: dir })
    const again = await loadSigningKey({ dataDir: dir })
    expect(again.kid).toBe(first.kid)
    expect(again.publicJwk).toEqual(first.publicJwk)
    expect(first.publicJwk).not.toHaveProperty('d')
  })

  it('verifies remotely with a published JWKS', async () => {
    const tokens = createTokenService(await generateSigningKey(), testTokenOptions)
    const { createServer } = await import('node:http')
    const srv = createServer((_req, res) => res.setHeader('content-type', 'application/json').end(JSON.stringify(tokens.jwks())))
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r))
    const { port } = srv.address() as { port: number }
    try {
      const remote = createRemoteTokenService(`http://127.0.0.1:${port}/jwks`, testTokenOptions)
      await expect(remote.verifyAccess((await tokens.issueAccess(principal)).token)).resolves.toEqual(principal)
      await expect(remote.issueAccess(principal)).rejects.toThrow('cannot issue tokens')
    } finally {
      srv.close()
    }
  })
})

describe('capability tokens', () => {
  it('are 256-bit random and hashed with SHA-256', () => {
    const t = randomToken()
    expect(Buffer.from(t, 'base64url')).toHaveLength(32)
    expect(randomToken()).not.toBe(t)
    expect(hashToken(t)).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('remote verification (a service in its own process)', () => {
  it("keeps identity's keys once fetched, and answers 503 (not 401) while it cannot fetch them", async () => {
    const { createServer } = await import('node:http')
    const signer = createTokenService(await generateSigningKey(), testTokenOptions)
    const jwks = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(signer.jwks())))
    await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r))
    const url = `http://127.0.0.1:${(jwks.address() as { port: number }).port}/jwks.json`
    const { token } = await signer.issueAccess(principal)

    const warm = createRemoteTokenService(url, testTokenOptions)
    await expect(warm.verifyAccess(token)).resolves.toEqual(principal)
    await new Promise<void>((r) => jwks.close(() => r()))
    // Identity is gone: what was fetched still verifies.
    await expect(warm.verifyAccess(token)).resolves.toEqual(principal)
    // A process that never reached identity cannot tell: try again later, not "sign in again".
    const cold = createRemoteTokenService(url, testTokenOptions)
    await expect(cold.verifyAccess(token)).rejects.toMatchObject({ code: 'UNAVAILABLE', statusCode: 503 })
    // A bad token is still a 401 on the warm one.
    await expect(warm.verifyAccess(`${token.slice(0, -4)}AAAA`)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' })
  })
})
