// Single sign-on (issue 27): the company's OIDC provider, its domains and the SSO policy (admin
// settings), the email-first discovery, the start and callback redirects, and the ticket exchange.
import { type Static, Type } from 'typebox'
import { dataReply } from './envelope.js'
import { EmailText, OpaqueToken } from './identity-session.js'

const Domain = Type.String({ minLength: 1, maxLength: 253 })

/** PUT /api/sso/oidc */
export const OidcSettingBody = Type.Object({
  issuer: Type.String({ minLength: 1, maxLength: 500, description: 'exact issuer URL; its /.well-known/openid-configuration is read' }),
  clientId: Type.String({ minLength: 1, maxLength: 500 }),
  clientSecret: Type.String({ minLength: 1, maxLength: 2000, description: 'stored encrypted (AES-256-GCM); never answered' }),
  domains: Type.Array(Domain, { maxItems: 50, description: 'claimed for the company; SSO applies once each is proven' }),
  roleClaim: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'id-token claim with groups or roles (default `groups`)' })),
  adminValues: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50, description: 'values of roleClaim that make a new person an admin' }),
  ),
})
export type OidcSettingBody = Static<typeof OidcSettingBody>

export const OidcSettingSaved = dataReply(Type.Object({ callbackUrl: Type.String({ description: 'the redirect URI to register at the provider' }) }))
export type OidcSettingSaved = Static<typeof OidcSettingSaved>

export const SsoDomain = Type.Object({
  domain: Type.String(),
  verified: Type.Boolean(),
  method: Type.Union([Type.Literal('admin_email'), Type.Literal('dns'), Type.Null()]),
  txtRecord: Type.String({ description: 'the TXT record to publish on the domain to prove it' }),
})
export type SsoDomain = Static<typeof SsoDomain>

/** GET /api/sso/oidc: the setting without its secret (configured false: none yet). */
export const OidcSettingReply = dataReply(
  Type.Object({
    configured: Type.Boolean(),
    issuer: Type.String(),
    clientId: Type.String(),
    roleClaim: Type.String(),
    adminValues: Type.Array(Type.String()),
    callbackUrl: Type.String(),
    ssoRequired: Type.Boolean(),
    domains: Type.Array(SsoDomain),
  }),
)
export type OidcSettingReply = Static<typeof OidcSettingReply>

export const SsoDomainsReply = dataReply(Type.Array(SsoDomain))
export type SsoDomainsReply = Static<typeof SsoDomainsReply>
export const SsoDomainReply = dataReply(SsoDomain)
export type SsoDomainReply = Static<typeof SsoDomainReply>

/** POST /api/sso/domains, POST /api/sso/domains/verify */
export const SsoDomainBody = Type.Object({ domain: Domain })
export type SsoDomainBody = Static<typeof SsoDomainBody>
export const SsoDomainParams = Type.Object({ domain: Domain })

/** PUT /api/sso/policy */
export const SsoPolicyBody = Type.Object({
  required: Type.Boolean({ description: 'password sign-in refused on proven domains (break-glass admins with MFA excepted)' }),
})
export type SsoPolicyBody = Static<typeof SsoPolicyBody>
export const SsoPolicyReply = dataReply(Type.Object({ required: Type.Boolean() }))

/** GET /api/sso/discover and GET /api/sso/start */
export const SsoEmailQuery = Type.Object({ email: EmailText })
export const SsoDiscoverReply = dataReply(Type.Object({ sso: Type.Boolean({ description: "the address is on a company's proven domain with a provider" }) }))
export type SsoDiscoverReply = Static<typeof SsoDiscoverReply>

/** GET /api/sso/oidc/callback: what the provider sends back (RFC 6749 4.1.2, 4.1.2.1). */
export const OidcCallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 2000 })),
  state: Type.Optional(Type.String({ maxLength: 200 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
  error_description: Type.Optional(Type.String({ maxLength: 2000 })),
  iss: Type.Optional(Type.String({ maxLength: 500 })),
})

export type OidcCallbackQuery = Static<typeof OidcCallbackQuery>

/** POST /api/sso/exchange: the ticket of `/login/sso?ticket=…`; answers what POST /api/userlogin answers. */
export const SsoExchangeBody = Type.Object({ ticket: OpaqueToken })
export type SsoExchangeBody = Static<typeof SsoExchangeBody>

/** A redirect (302): its Location is the answer. */
export const RedirectReply = Type.Null({ description: 'redirect: see the Location header' })

/** Codes the login page reads from `?sso_error=` after a failed single sign-on. */
export const SSO_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  denied: 'Sign-in was cancelled or refused at your company’s provider.',
  bad_state: 'That sign-in link is no longer valid. Please start again.',
  expired: 'That sign-in took too long or was already used. Please start again.',
  provider_error: 'Your company’s provider could not complete the sign-in. Please try again or contact your admin.',
  invalid_token: 'Your company’s provider answered with a sign-in we could not verify.',
  unverified_email: 'Your company’s provider does not vouch for your email address.',
  not_allowed: 'Your address is not on a verified domain of this company.',
  account_elsewhere: 'Your address already belongs to another company on this portal.',
}

// ---- SAML 2.0 -----------------------------------------------------------------------------

/** PUT /api/sso/saml */
export const SamlSettingBody = Type.Object({
  idpMetadataXml: Type.String({ minLength: 1, maxLength: 200_000, description: "the IdP's SAML metadata (entityID, SSO URL, signing certificates)" }),
  domains: Type.Array(Domain, { maxItems: 50, description: 'claimed for the company; SSO applies once each is proven' }),
  emailAttribute: Type.Optional(
    Type.String({ minLength: 1, maxLength: 200, description: 'attribute holding the email; absent: the NameID (emailAddress format)' }),
  ),
  roleAttribute: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'attribute with groups or roles (default `groups`)' })),
  adminValues: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { maxItems: 50, description: 'values of roleAttribute that make a new person an admin' }),
  ),
})
export type SamlSettingBody = Static<typeof SamlSettingBody>

const SpFields = {
  entityId: Type.String({ description: 'our SP entity id (the audience the IdP must name)' }),
  acsUrl: Type.String({ description: 'our Assertion Consumer Service (HTTP-POST)' }),
  metadataUrl: Type.String({ description: 'our SP metadata, to give the IdP' }),
}

export const SamlSettingSaved = dataReply(Type.Object({ ...SpFields, idpEntityId: Type.String(), ssoUrl: Type.String() }))
export type SamlSettingSaved = Static<typeof SamlSettingSaved>

/** GET /api/sso/saml: the setting (configured false: none yet) and what to give the IdP. */
export const SamlSettingReply = dataReply(
  Type.Object({
    configured: Type.Boolean(),
    idpEntityId: Type.String(),
    ssoUrl: Type.String(),
    certificates: Type.Array(Type.Object({ subject: Type.String(), validTo: Type.String(), sha256: Type.String() })),
    emailAttribute: Type.Union([Type.String(), Type.Null()]),
    roleAttribute: Type.String(),
    adminValues: Type.Array(Type.String()),
    ...SpFields,
    ssoRequired: Type.Boolean(),
    domains: Type.Array(SsoDomain),
  }),
)
export type SamlSettingReply = Static<typeof SamlSettingReply>

/** GET /api/sso/saml/metadata/:dbName */
export const SamlMetadataParams = Type.Object({ dbName: Type.String({ minLength: 1, maxLength: 100 }) })

/** POST /api/sso/saml/acs (application/x-www-form-urlencoded, HTTP-POST binding). */
export const SamlAcsBody = Type.Object({
  SAMLResponse: Type.String({ minLength: 1, maxLength: 500_000 }),
  RelayState: Type.Optional(Type.String({ maxLength: 80 })),
})
export type SamlAcsBody = Static<typeof SamlAcsBody>
