// Single sign-on with OpenID Connect per company (issue 27). Admins set the provider, the domains
// (proven by a verified admin address or a DNS TXT record) and whether SSO is required. The sign-in
// screen asks for the email first (discover), then start sends the browser to the provider with
// state, nonce and a PKCE verifier kept here (single use, ten minutes, bound to the browser by a
// cookie); the callback verifies the code exchange and the id token and answers a redirect to the
// login page with a single-use ticket, which the page trades for the session (exchange). Every
// failure of the callback is a redirect to the login page with a code, never a 500.
import { AUDIT, recordAudit } from '@portal/audit'
import { hashToken, randomToken } from '@portal/auth'
import {
  errorReplies,
  LoginReply,
  MessageReply,
  OidcCallbackQuery,
  OidcSettingBody,
  OidcSettingReply,
  OidcSettingSaved,
  RedirectReply,
  SsoDiscoverReply,
  SsoDomainBody,
  SsoDomainParams,
  SsoDomainReply,
  SsoDomainsReply,
  SsoEmailQuery,
  SsoExchangeBody,
  SsoPolicyBody,
  SsoPolicyReply,
} from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf, requireAdmin, requireAuth, requireVerified } from '@portal/http'
import type { FastifyRequest } from 'fastify'
import { signInTarget } from '../audit-actors.js'
import {
  deleteDomain,
  deleteOidcSetting,
  findDomain,
  findOidcSetting,
  insertFlow,
  setSsoRequired,
  ssoRequired,
  takeFlow,
  upsertOidcSetting,
} from '../db/sso.repo.js'
import { deleteSamlSetting, findSamlSetting } from '../db/saml.repo.js'
import { findTenant } from '../db/tenants.repo.js'
import { findUser } from '../db/users.repo.js'
import type { RouteDeps } from '../deps.js'
import { claimCompanyDomain, companyDomains, companyOfEmail, normaliseDomain, verifyDomainByDns } from '../sso/domains.js'
import { authorizationUrl, discover, redeemCode, SsoFailure } from '../sso/oidc-client.js'
import { providerFetch } from '../sso/outbound-url.js'
import { completeSsoSignIn } from '../sso/sign-in.js'
import { failureUrl, redeemTicket } from '../sso/ticket.js'
import { issueSession, themeSettings } from '../sessions.js'
import { samlStartUrl } from './saml.js'

/** The browser that started a sign-in: only it may finish it (login CSRF, RFC 9700 4.7). */
export const SSO_BROWSER_COOKIE = 'portal_sso'
export const FLOW_TTL_MS = 10 * 60_000
const TICKET_USED = 'This sign-in has expired or was already used. Please sign in again.'

const claimText = (v: unknown) => (typeof v === 'string' ? v : undefined)
const claimValues = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])

export function ssoRoutes(app: AppInstance, deps: RouteDeps): void {
  const { db, config } = deps
  const fetcher = providerFetch({ allowLoopback: config.ssoAllowLoopback })
  const callbackUrl = `${config.publicUrl}/api/sso/oidc/callback`
  const admins = { preHandler: [requireAuth, requireAdmin] }
  const verifiedAdmins = { preHandler: [requireAuth, requireAdmin, requireVerified] }
  const tags = ['identity']

  /** Claims a domain and records it: added when new, verified when its admin's address proved it just now. */
  const claimRecorded = async (req: FastifyRequest, tenantId: string, raw: string) => {
    const domain = normaliseDomain(raw)
    const before = await findDomain(db, tenantId, domain)
    const view = await claimCompanyDomain(db, tenantId, domain)
    if (!before) await recordAudit(db, req, { action: AUDIT.ssoDomainAdded, target: domain })
    if (view.verified && !before?.verifiedAt) await recordAudit(db, req, { action: AUDIT.ssoDomainVerified, target: `${domain} (an admin's address)` })
    return view
  }

  app.get('/sso/oidc', { ...admins, schema: { tags, response: { 200: OidcSettingReply, ...errorReplies(400, 401, 403) } } }, async (req) => {
    const { tenantId } = principalOf(req)
    const [setting, required, domains] = await Promise.all([findOidcSetting(db, tenantId), ssoRequired(db, tenantId), companyDomains(db, tenantId)])
    return {
      status: true,
      data: {
        configured: setting !== undefined,
        issuer: setting?.issuer ?? '',
        clientId: setting?.clientId ?? '',
        roleClaim: setting?.roleClaim ?? 'groups',
        adminValues: setting?.adminValues ?? [],
        callbackUrl,
        ssoRequired: required,
        domains,
      },
    }
  })

  app.put(
    '/sso/oidc',
    { ...verifiedAdmins, schema: { tags, body: OidcSettingBody, response: { 200: OidcSettingSaved, ...errorReplies(400, 401, 403, 409, 413, 415) } } },
    async (req) => {
      const { tenantId } = principalOf(req)
      const body = req.body
      const domains = [...new Set(body.domains.map(normaliseDomain))] // every one valid before anything is saved
      const meta = await discover(body.issuer.trim(), fetcher)
      for (const domain of domains) await claimRecorded(req, tenantId, domain)
      await upsertOidcSetting(db, tenantId, {
        ...meta,
        clientId: body.clientId.trim(),
        clientSecretEnc: deps.box.seal(body.clientSecret, `oidc:${tenantId}`),
        roleClaim: body.roleClaim?.trim() || 'groups',
        adminValues: [...new Set((body.adminValues ?? []).map((v) => v.trim()).filter(Boolean))],
      })
      await deleteSamlSetting(db, tenantId) // one provider per company
      // The issuer and client id only: the client secret is never in the log.
      await recordAudit(db, req, { action: AUDIT.ssoOidcChanged, target: `${meta.issuer} (client ${body.clientId.trim()})` })
      return { status: true, data: { callbackUrl } }
    },
  )

  app.delete('/sso/oidc', { ...admins, schema: { tags, response: { 200: MessageReply, ...errorReplies(400, 401, 403, 404, 413, 415) } } }, async (req) => {
    const { tenantId } = principalOf(req)
    if (!(await deleteOidcSetting(db, tenantId))) throw new AppError('NOT_FOUND', { message: 'No single sign-on provider is set up.' })
    // No provider left to sign in with: requiring it would lock everyone out.
    await setSsoRequired(db, tenantId, false)
    await recordAudit(db, req, { action: AUDIT.ssoOidcRemoved, target: 'OpenID Connect provider' })
    return { status: true, message: 'Single sign-on provider removed' }
  })

  app.put(
    '/sso/policy',
    { ...verifiedAdmins, schema: { tags, body: SsoPolicyBody, response: { 200: SsoPolicyReply, ...errorReplies(400, 401, 403, 413, 415) } } },
    async (req) => {
      const { tenantId } = principalOf(req)
      if (req.body.required) {
        if (!(await findOidcSetting(db, tenantId)) && !(await findSamlSetting(db, tenantId)))
          throw new AppError('INVALID_REQUEST', { message: 'Set up a single sign-on provider before requiring it.' })
        if (!(await companyDomains(db, tenantId)).some((d) => d.verified))
          throw new AppError('INVALID_REQUEST', { message: 'Verify at least one domain before requiring single sign-on.' })
      }
      await setSsoRequired(db, tenantId, req.body.required)
      await recordAudit(db, req, { action: AUDIT.ssoPolicyChanged, target: req.body.required ? 'single sign-on required' : 'single sign-on optional' })
      return { status: true, data: { required: req.body.required } }
    },
  )

  app.get('/sso/domains', { ...admins, schema: { tags, response: { 200: SsoDomainsReply, ...errorReplies(400, 401, 403) } } }, async (req) => ({
    status: true,
    data: await companyDomains(db, principalOf(req).tenantId),
  }))

  app.post(
    '/sso/domains',
    { ...verifiedAdmins, schema: { tags, body: SsoDomainBody, response: { 201: SsoDomainReply, ...errorReplies(400, 401, 403, 409, 413, 415) } } },
    async (req, reply) => {
      const data = await claimRecorded(req, principalOf(req).tenantId, req.body.domain)
      reply.code(201)
      return { status: true, data }
    },
  )

  app.post(
    '/sso/domains/verify',
    {
      ...verifiedAdmins,
      // Each try asks DNS: a few a minute are plenty for a person waiting on a record.
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags, body: SsoDomainBody, response: { 200: SsoDomainReply, ...errorReplies(400, 401, 403, 404, 409, 413, 415, 429) } },
    },
    async (req) => {
      const { tenantId } = principalOf(req)
      const domain = normaliseDomain(req.body.domain)
      const before = await findDomain(db, tenantId, domain)
      const data = await verifyDomainByDns(db, tenantId, domain, deps.resolveTxt)
      if (!before?.verifiedAt) await recordAudit(db, req, { action: AUDIT.ssoDomainVerified, target: `${domain} (DNS)` })
      return { status: true, data }
    },
  )

  app.delete(
    '/sso/domains/:domain',
    { ...admins, schema: { tags, params: SsoDomainParams, response: { 200: MessageReply, ...errorReplies(400, 401, 403, 404, 413, 415) } } },
    async (req) => {
      const domain = normaliseDomain(req.params.domain)
      if (!(await deleteDomain(db, principalOf(req).tenantId, domain)))
        throw new AppError('NOT_FOUND', { message: 'That domain is not one of your company’s.' })
      await recordAudit(db, req, { action: AUDIT.ssoDomainRemoved, target: domain })
      return { status: true, message: 'Domain removed' }
    },
  )

  /** The company's provider for this address: its proven domain's company, if that has one. */
  const providerOf = async (email: string) => {
    const tenantId = await companyOfEmail(db, email)
    if (!tenantId) return undefined
    const saml = await findSamlSetting(db, tenantId)
    if (saml) return { tenantId, saml, setting: undefined }
    const setting = await findOidcSetting(db, tenantId)
    return setting && { tenantId, saml: undefined, setting }
  }

  // Per address: a company's people often share one (NAT), so the limits of the public SSO routes
  // are wider than password sign-in's, whose failures are what gets counted.
  // Public: which sign-in the screen offers. Tells only whether a domain uses SSO, which its people's
  // provider redirect shows anyway; limited per address like the other public lookups.
  app.get(
    '/sso/discover',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags, querystring: SsoEmailQuery, response: { 200: SsoDiscoverReply, ...errorReplies(400, 429) } },
    },
    async (req) => ({ status: true, data: { sso: (await providerOf(req.query.email)) !== undefined } }),
  )

  app.get(
    '/sso/start',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags, querystring: SsoEmailQuery, response: { 302: RedirectReply, ...errorReplies(400, 404, 429) } },
    },
    async (req, reply) => {
      const found = await providerOf(req.query.email)
      if (!found) throw new AppError('NOT_FOUND', { message: 'No single sign-on is set up for this email domain.' })
      // SAML: the AuthnRequest's id, kept server-side, is what binds the IdP's answer to this start.
      if (found.saml) return reply.redirect(await samlStartUrl(deps, found.saml), 302)
      const state = randomToken()
      const browser = randomToken()
      const nonce = randomToken()
      const codeVerifier = randomToken() // 43 characters: RFC 7636's minimum, 256 bits
      await insertFlow(db, found.tenantId, {
        stateHash: hashToken(state),
        browserHash: hashToken(browser),
        nonce,
        codeVerifier,
        expiresAt: new Date(Date.now() + FLOW_TTL_MS),
      })
      // Lax: the provider's redirect back is a top-level navigation from another site.
      reply.setCookie(SSO_BROWSER_COOKIE, browser, {
        httpOnly: true,
        sameSite: 'lax',
        secure: config.cookieSecure,
        path: '/api/sso',
        maxAge: FLOW_TTL_MS / 1000,
      })
      const { setting } = found
      return reply.redirect(
        authorizationUrl(setting, { clientId: setting.clientId, redirectUri: callbackUrl, state, nonce, codeVerifier, loginHint: req.query.email.trim() }),
        302,
      )
    },
  )

  /** What the callback learnt before it failed: the flow's company, once found, and the address the provider gave. */
  interface Seen {
    tenantId?: string
    email?: string
  }

  const finish = async (req: FastifyRequest, query: OidcCallbackQuery, browser: string | undefined, seen: Seen): Promise<string> => {
    if (!query.state) throw new SsoFailure('bad_state')
    const stateHash = hashToken(query.state)
    const flow = await takeFlow(db, stateHash)
    if (flow) seen.tenantId = flow.tenantId
    else {
      // A used or expired flow still names its company: a replayed callback is that company's to know.
      const known = await db.selectFrom('ssoFlow').select('tenantId').where('stateHash', '=', stateHash).executeTakeFirst()
      if (known) seen.tenantId = known.tenantId
      throw new SsoFailure(known ? 'expired' : 'bad_state')
    }
    if (!browser || hashToken(browser) !== flow.browserHash) throw new SsoFailure('bad_state', 'the flow was started in another browser')
    if (query.error) throw new SsoFailure(query.error === 'access_denied' ? 'denied' : 'provider_error', `provider error ${query.error}`)
    if (!query.code) throw new SsoFailure('provider_error', 'no code')
    const setting = await findOidcSetting(db, flow.tenantId)
    if (!setting) throw new SsoFailure('not_allowed', 'the provider was removed')
    // RFC 9207: when the provider names itself, it must be the one the flow went to (mix-up attacks).
    if (query.iss !== undefined && query.iss !== setting.issuer) throw new SsoFailure('bad_state', 'iss mismatch')
    const clientSecret = deps.box.open(setting.clientSecretEnc, `oidc:${flow.tenantId}`)
    const claims = await redeemCode(
      setting,
      { clientId: setting.clientId, clientSecret, redirectUri: callbackUrl, code: query.code, codeVerifier: flow.codeVerifier, nonce: flow.nonce },
      fetcher,
    )
    const email = claimText(claims['email'])
    if (!email) throw new SsoFailure('unverified_email', 'no email claim')
    seen.email = email
    const outcome = await completeSsoSignIn(
      db,
      config.publicUrl,
      {
        tenantId: flow.tenantId,
        email,
        emailVerified: claims['email_verified'] === true || claims['email_verified'] === 'true',
        roleValues: claimValues(claims[setting.roleClaim]),
        adminValues: setting.adminValues,
        firstName: claimText(claims['given_name']),
        lastName: claimText(claims['family_name']),
      },
      req,
    )
    return outcome.ticketUrl
  }

  app.get(
    '/sso/oidc/callback',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags, querystring: OidcCallbackQuery, response: { 302: RedirectReply, ...errorReplies(400, 429) } },
    },
    async (req, reply) => {
      reply.clearCookie(SSO_BROWSER_COOKIE, { path: '/api/sso', httpOnly: true, sameSite: 'lax', secure: config.cookieSecure })
      const seen: Seen = {}
      try {
        return reply.redirect(await finish(req, req.query, req.cookies[SSO_BROWSER_COOKIE], seen), 302)
      } catch (err) {
        const code = err instanceof SsoFailure ? err.code : 'provider_error'
        // The reason for support, never a token or code: SsoFailure details are written to say why only.
        if (err instanceof SsoFailure) req.log.warn({ sso: code, reason: err.message }, 'sso: sign-in refused')
        else req.log.error({ err }, 'sso: callback failed')
        // Only a failure of a flow this portal started has a company: an unknown state is anyone's request.
        if (seen.tenantId) {
          const email = seen.email?.trim().toLowerCase().slice(0, 254)
          await recordAudit(db, req, {
            action: AUDIT.ssoFailed,
            tenantId: seen.tenantId,
            actor: { id: null, email: email ?? null },
            target: `${email ?? 'unknown address'} (${code})`,
          }).catch((auditErr: unknown) => req.log.error({ err: auditErr }, 'sso: failure not recorded in the audit log'))
        }
        return reply.redirect(failureUrl(config.publicUrl, code), 302)
      }
    },
  )

  app.post(
    '/sso/exchange',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags, body: SsoExchangeBody, response: { 200: LoginReply, ...errorReplies(400, 413, 415, 429) } },
    },
    async (req, reply) => {
      const taken = await redeemTicket(db, req.body.ticket)
      if (!taken) throw new AppError('INVALID_REQUEST', { message: TICKET_USED })
      const [user, tenant] = await Promise.all([findUser(db, taken.tenantId, taken.userId), findTenant(db, taken.tenantId)])
      if (!user || !tenant) throw new AppError('INVALID_REQUEST', { message: TICKET_USED })
      const data = await issueSession(deps, reply, user, tenant.dbName)
      await recordAudit(db, req, {
        action: AUDIT.loginSucceeded,
        tenantId: user.tenantId,
        actor: { id: user.id, email: user.email },
        target: signInTarget(user.email, 'sso'),
      })
      return { status: true, message: 'Login successful', data, themesettings: themeSettings() }
    },
  )
}
