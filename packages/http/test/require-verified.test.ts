// requireVerified: a token whose user has not proven the address is refused with 403 and a message
// that says what to do; the same user's verified token passes; no token is 401.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createTestTokenService, type TokenService } from '@portal/auth'
import { loadConfig } from '@portal/config'
import { silentLogger } from '@portal/observability'
import { type AppInstance, createServer, NOT_VERIFIED_MESSAGE, ok, requireAuth, requireVerified } from '../src/index.js'

describe('requireVerified', () => {
  let app: AppInstance
  let tokens: TokenService
  const principal = { userId: 'u1', tenantId: 't1', dbName: 'acme', admin: true, inboundUser: false, sessionId: 's1', emailVerified: false }

  beforeAll(async () => {
    tokens = await createTestTokenService()
    app = await createServer({ config: loadConfig({ LOG_LEVEL: 'silent' }), logger: silentLogger, tokens })
    app.post('/api/publish', { preHandler: [requireAuth, requireVerified] }, async () => ok())
    await app.ready()
  })
  afterAll(async () => app.close())

  const publish = async (emailVerified?: boolean) => {
    const headers = emailVerified === undefined ? {} : { authorization: `Bearer ${(await tokens.issueAccess({ ...principal, emailVerified })).token}` }
    return app.inject({ method: 'POST', url: '/api/publish', headers })
  }

  it('refuses an unverified address with 403 and a clear message, and lets a verified one through', async () => {
    const refused = await publish(false)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({ status: false, code: 'EMAIL_NOT_VERIFIED', message: NOT_VERIFIED_MESSAGE })
    expect(NOT_VERIFIED_MESSAGE).toBe('Please verify your email address first: use the link we emailed you.')
    expect((await publish(true)).statusCode).toBe(200)
    expect((await publish()).statusCode).toBe(401)
  })
})
