// SAML 2.0 sign-in per company (issue 27), on the provider-neutral SSO pieces: proven domains,
// "SSO required", just-in-time members (completeSsoSignIn) and the single-use ticket. Admins upload
// the IdP's metadata and give the IdP our SP metadata; `GET /api/sso/start` sends the browser to the
// IdP with an AuthnRequest (sso.ts); the IdP posts the signed response to the ACS, which ends like
// the OIDC callback: a redirect to the login page with a ticket, or with an error code. A company has
// one provider: saving SAML removes its OIDC provider (and saving OIDC removes SAML).
import { X509Certificate } from 'node:crypto'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AUDIT, recordAudit } from '@portal/audit'
import {
  errorReplies,
  MessageReply,
  RedirectReply,
  SamlAcsBody,
  SamlMetadataParams,
  SamlSettingBody,
  SamlSettingReply,
  SamlSettingSaved,
} from '@portal/contracts'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf, requireAdmin, requireAuth, requireVerified } from '@portal/http'
import type { FastifyRequest } from 'fastify'
import { deleteSamlSetting, findSamlSetting, type SamlSetting, upsertSamlSetting } from '../db/saml.repo.js'
import { deleteOidcSetting, setSsoRequired, ssoRequired } from '../db/sso.repo.js'
import { findTenant, findTenantByDbName } from '../db/tenants.repo.js'
import type { RouteDeps } from '../deps.js'
import { claimCompanyDomain, companyDomains, normaliseDomain } from '../sso/domains.js'
import { SsoFailure } from '../sso/oidc-client.js'
import { parseIdpMetadata } from '../sso/saml-metadata.js'
import { acsUrl, authnRequestUrl, companyOfResponse, spEntityId, spMetadataXml, validateSamlResponse } from '../sso/saml-sp.js'
import { completeSsoSignIn } from '../sso/sign-in.js'
import { failureUrl } from '../sso/ticket.js'

const certView = (b64: string) => {
  const cert = new X509Certificate(Buffer.from(b64, 'base64'))
  return { subject: cert.subject, validTo: new Date(cert.validTo).toISOString(), sha256: cert.fingerprint256 }
}

/** Our SP for a company: entity id (its metadata URL, the audience), the ACS shared by all. */
export async function spOf(deps: RouteDeps, tenantId: string) {
  const tenant = await findTenant(deps.db, tenantId)
  if (!tenant) throw new AppError('NOT_FOUND', { message: 'Company not found.' })
  const entityId = spEntityId(deps.config.publicUrl, tenant.dbName)
  return { entityId, acs: acsUrl(deps.config.publicUrl), metadataUrl: entityId }
}

/** GET /api/sso/start for a company whose provider is SAML: the IdP's address with our AuthnRequest. */
export async function samlStartUrl(deps: RouteDeps, setting: SamlSetting): Promise<string> {
  return authnRequestUrl(deps.db, setting, await spOf(deps, setting.tenantId))
}

export function samlRoutes(app: AppInstance, deps: RouteDeps): void {
  const { db, config } = deps
  const admins = { preHandler: [requireAuth, requireAdmin] }
  const verifiedAdmins = { preHandler: [requireAuth, requireAdmin, requireVerified] }
  const tags = ['identity']

  app.get('/sso/saml', { ...admins, schema: { tags, response: { 200: SamlSettingReply, ...errorReplies(400, 401, 403) } } }, async (req) => {
    const { tenantId } = principalOf(req)
    const [setting, required, domains, sp] = await Promise.all([
      findSamlSetting(db, tenantId),
      ssoRequired(db, tenantId),
      companyDomains(db, tenantId),
      spOf(deps, tenantId),
    ])
    return {
      status: true,
      data: {
        configured: setting !== undefined,
        idpEntityId: setting?.idpEntityId ?? '',
        ssoUrl: setting?.ssoUrl ?? '',
        certificates: (setting?.signingCerts ?? []).map(certView),
        emailAttribute: setting?.emailAttribute ?? null,
        roleAttribute: setting?.roleAttribute ?? 'groups',
        adminValues: setting?.adminValues ?? [],
        entityId: sp.entityId,
        acsUrl: sp.acs,
        metadataUrl: sp.metadataUrl,
        ssoRequired: required,
        domains,
      },
    }
  })

  app.put(
    '/sso/saml',
    { ...verifiedAdmins, schema: { tags, body: SamlSettingBody, response: { 200: SamlSettingSaved, ...errorReplies(400, 401, 403, 409, 413, 415) } } },
    async (req) => {
      const { tenantId } = principalOf(req)
      const body = req.body
      const domains = [...new Set(body.domains.map(normaliseDomain))] // every one valid before anything is saved
      const idp = parseIdpMetadata(body.idpMetadataXml, { allowLoopbackHttp: config.ssoAllowLoopback })
      for (const domain of domains) await claimCompanyDomain(db, tenantId, domain)
      await upsertSamlSetting(db, tenantId, {
        idpEntityId: idp.entityId,
        ssoUrl: idp.ssoUrl,
        signingCerts: idp.signingCerts,
        emailAttribute: body.emailAttribute?.trim() || null,
        roleAttribute: body.roleAttribute?.trim() || 'groups',
        adminValues: [...new Set((body.adminValues ?? []).map((v) => v.trim()).filter(Boolean))],
      })
      await deleteOidcSetting(db, tenantId) // one provider per company
      const sp = await spOf(deps, tenantId)
      return { status: true, data: { entityId: sp.entityId, acsUrl: sp.acs, metadataUrl: sp.metadataUrl, idpEntityId: idp.entityId, ssoUrl: idp.ssoUrl } }
    },
  )

  app.delete('/sso/saml', { ...admins, schema: { tags, response: { 200: MessageReply, ...errorReplies(400, 401, 403, 404, 413, 415) } } }, async (req) => {
    const { tenantId } = principalOf(req)
    if (!(await deleteSamlSetting(db, tenantId))) throw new AppError('NOT_FOUND', { message: 'No SAML identity provider is set up.' })
    // No provider left to sign in with: requiring it would lock everyone out.
    await setSsoRequired(db, tenantId, false)
    return { status: true, message: 'SAML identity provider removed' }
  })

  // Public: what an admin gives the IdP (entity id, ACS), also before the IdP is set up.
  app.get(
    '/sso/saml/metadata/:dbName',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags, params: SamlMetadataParams, response: { 200: { type: 'string' }, ...errorReplies(400, 404, 429) } },
    },
    async (req, reply) => {
      const tenant = await findTenantByDbName(db, req.params.dbName)
      if (!tenant) throw new AppError('NOT_FOUND', { message: 'Company not found.' })
      const setting = await findSamlSetting(db, tenant.id)
      const entityId = spEntityId(config.publicUrl, tenant.dbName)
      return reply.type('application/samlmetadata+xml').send(spMetadataXml({ entityId, acs: acsUrl(config.publicUrl) }, setting?.emailAttribute ?? null))
    },
  )

  // A refusal is the ACS's to record; a success is recorded where the ticket opens a session
  // (POST /api/sso/exchange), and a member created just in time by completeSsoSignIn.
  const refused = (req: FastifyRequest, tenantId: string, email: string | null, code: string) =>
    recordAudit(db, req, { action: AUDIT.ssoFailed, tenantId, actor: { id: null, email }, target: `${email ?? 'unknown address'} (SAML: ${code})` })

  const finish = async (req: FastifyRequest, samlResponse: string): Promise<string> => {
    const { tenantId, requestId } = await companyOfResponse(db, samlResponse)
    let email: string | undefined
    try {
      const setting = await findSamlSetting(db, tenantId)
      if (!setting) throw new SsoFailure('not_allowed', 'the SAML provider was removed')
      const sp = await spOf(deps, tenantId)
      const assertion = await validateSamlResponse(db, setting, sp, samlResponse, requestId)
      email = assertion.email
      if (!email) throw new SsoFailure('unverified_email', 'no email in the assertion')
      const outcome = await completeSsoSignIn(
        db,
        config.publicUrl,
        {
          tenantId,
          email,
          emailVerified: true, // the company's own IdP is authoritative; the domain must still be proven
          roleValues: assertion.roleValues,
          adminValues: setting.adminValues,
          ...(assertion.firstName ? { firstName: assertion.firstName } : {}),
          ...(assertion.lastName ? { lastName: assertion.lastName } : {}),
        },
        req,
      )
      return outcome.ticketUrl
    } catch (err) {
      if (err instanceof SsoFailure) await refused(req, tenantId, email ?? null, err.code)
      throw err
    }
  }

  // The IdP posts a form (HTTP-POST binding): a parser for this route only, so no other route takes forms.
  app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>()
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1_000_000 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)))
    })
    scope.post(
      '/sso/saml/acs',
      {
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: { tags, body: SamlAcsBody, response: { 302: RedirectReply, ...errorReplies(400, 413, 415, 429) } },
      },
      async (req, reply) => {
        try {
          return reply.redirect(await finish(req, req.body.SAMLResponse), 302)
        } catch (err) {
          const code = err instanceof SsoFailure ? err.code : 'provider_error'
          // The reason for support, never the assertion: SsoFailure details say why only.
          if (err instanceof SsoFailure) req.log.warn({ sso: code, reason: err.message }, 'saml: sign-in refused')
          else req.log.error({ err }, 'saml: acs failed')
          return reply.redirect(failureUrl(config.publicUrl, code), 302)
        }
      },
    )
  })
}
