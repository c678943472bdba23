// The service-provider side of SAML 2.0 with node-saml: the AuthnRequest (its id kept server-side,
// single use, five minutes) and the validation of what the IdP posts to the ACS. node-saml checks the
// assertion's signature against the IdP's metadata certificates only (wantAssertionsSigned; one
// assertion, the signed node itself: XML signature wrapping), the audience (our entity id),
// NotBefore/NotOnOrAfter with 30 s of skew, and InResponseTo against our requests. On the verified
// assertion this module adds what node-saml leaves out: the issuer, the Recipient and Destination
// (our ACS), the signed InResponseTo, and the assertion id used once (replay) until NotOnOrAfter.
import { type CacheProvider, type Profile, SAML, SamlStatusError, ValidateInResponseTo } from '@node-saml/node-saml'
import { DOMParser } from '@xmldom/xmldom'
import type { Kysely } from 'kysely'
import { insertSamlRequest, openSamlRequest, type SamlSetting, spendSamlRequest, useAssertionId } from '../db/saml.repo.js'
import type { IdentityDb } from '../db/schema.js'
import { SsoFailure } from './oidc-client.js'
import { certPem } from './saml-metadata.js'

export const SAML_REQUEST_TTL_MS = 5 * 60_000
export const SAML_CLOCK_SKEW_MS = 30_000
const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion'
const PROTOCOL_NS = 'urn:oasis:names:tc:SAML:2.0:protocol'
export const EMAIL_NAMEID = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'

/** Our entity id for a company: its SP metadata's address (one SP per company, so audiences differ). */
export const spEntityId = (publicUrl: string, dbName: string) => `${publicUrl}/api/sso/saml/metadata/${encodeURIComponent(dbName)}`
export const acsUrl = (publicUrl: string) => `${publicUrl}/api/sso/saml/acs`

type Db = Kysely<IdentityDb>

/** node-saml's request-id cache, on the database and one company's rows. */
function requestCache(db: Db, tenantId: string, spent: Set<string>): CacheProvider {
  return {
    async saveAsync(key, value) {
      await insertSamlRequest(db, tenantId, key, new Date(Date.now() + SAML_REQUEST_TTL_MS))
      return { value, createdAt: Date.now() }
    },
    async getAsync(key) {
      const open = await openSamlRequest(db, key)
      // node-saml reads the value as the request's time; the row's expiry is what really counts.
      return open && open.tenantId === tenantId ? new Date().toISOString() : null
    },
    async removeAsync(key) {
      if (key && (await spendSamlRequest(db, tenantId, key))) spent.add(key)
      return key
    },
  }
}

function samlFor(db: Db, setting: SamlSetting, sp: { entityId: string; acs: string }, spent = new Set<string>()): SAML {
  return new SAML({
    entryPoint: setting.ssoUrl,
    issuer: sp.entityId,
    callbackUrl: sp.acs,
    audience: sp.entityId,
    idpCert: setting.signingCerts.map(certPem),
    idpIssuer: setting.idpEntityId,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false, // many IdPs sign the assertion only; the assertion is what we read
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
    cacheProvider: requestCache(db, setting.tenantId, spent),
    identifierFormat: setting.emailAttribute ? null : EMAIL_NAMEID,
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  })
}

/** The IdP's sign-in address with a deflated AuthnRequest whose id is now kept for InResponseTo. */
export function authnRequestUrl(db: Db, setting: SamlSetting, sp: { entityId: string; acs: string }): Promise<string> {
  return samlFor(db, setting, sp).getAuthorizeUrlAsync('', undefined, {})
}

/** SP metadata for the company (node-saml's generator): entity id, ACS, signed assertions wanted. */
export function spMetadataXml(sp: { entityId: string; acs: string }, emailAttribute: string | null): string {
  return new SAML({
    issuer: sp.entityId,
    callbackUrl: sp.acs,
    idpCert: 'unused', // required by the type; metadata carries no IdP key
    wantAssertionsSigned: true,
    identifierFormat: emailAttribute ? null : EMAIL_NAMEID,
  }).generateServiceProviderMetadata(null, null)
}

function parse(xml: string): Document | undefined {
  if (/<!DOCTYPE/i.test(xml)) return undefined
  let failed = false
  const doc = new DOMParser({
    errorHandler: (level: string) => {
      if (level !== 'warning') failed = true
    },
  }).parseFromString(xml, 'text/xml')
  return failed || !doc?.documentElement ? undefined : (doc as unknown as Document)
}

/** The response's InResponseTo, read before any check only to find the company whose rules then apply. */
export async function companyOfResponse(db: Db, samlResponse: string): Promise<{ tenantId: string; requestId: string }> {
  const root = parse(Buffer.from(samlResponse, 'base64').toString('utf8'))?.documentElement
  if (root?.localName !== 'Response' || root.namespaceURI !== PROTOCOL_NS) throw new SsoFailure('invalid_token', 'not a SAML Response')
  const requestId = root.getAttribute('InResponseTo')
  if (!requestId) throw new SsoFailure('bad_state', 'no InResponseTo: IdP-initiated sign-in is not accepted')
  const open = await openSamlRequest(db, requestId)
  if (!open) {
    const known = await db.selectFrom('samlRequest').select('id').where('id', '=', requestId).executeTakeFirst()
    throw new SsoFailure(known ? 'expired' : 'bad_state', 'InResponseTo matches no open request')
  }
  return { tenantId: open.tenantId, requestId }
}

export interface SamlAssertionOutcome {
  email: string | undefined
  roleValues: string[]
  firstName?: string
  lastName?: string
}

const attrValues = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [])
const firstOf = (attrs: Record<string, unknown>, names: string[]) => names.map((n) => attrValues(attrs[n])[0]).find(Boolean)

/** Validates a posted SAMLResponse for the company of `requestId`; throws SsoFailure with a code. */
export async function validateSamlResponse(
  db: Db,
  setting: SamlSetting,
  sp: { entityId: string; acs: string },
  samlResponse: string,
  requestId: string,
): Promise<SamlAssertionOutcome> {
  const spent = new Set<string>()
  let profile: Profile | null
  try {
    ;({ profile } = await samlFor(db, setting, sp, spent).validatePostResponseAsync({ SAMLResponse: samlResponse }))
  } catch (err) {
    await spendSamlRequest(db, setting.tenantId, requestId) // a failed answer spends the request too
    if (err instanceof SamlStatusError) throw new SsoFailure(/AuthnFailed|RequestDenied/.test(err.xmlStatus) ? 'denied' : 'provider_error', err.message)
    throw new SsoFailure('invalid_token', (err as Error).message)
  }
  if (!profile) throw new SsoFailure('invalid_token', 'no assertion')
  // Single use, even for two posts racing: only the one that spent the request goes on.
  if (!spent.has(requestId) && !(await spendSamlRequest(db, setting.tenantId, requestId))) throw new SsoFailure('expired', 'request already answered')

  // Only the signed assertion node (node-saml's verified XML) is read below.
  const assertion = parse(profile.getAssertionXml?.() ?? '')?.documentElement
  if (assertion?.localName !== 'Assertion' || assertion.namespaceURI !== ASSERTION_NS) throw new SsoFailure('invalid_token', 'no signed assertion')
  const one = (parent: Element | undefined, name: string) => (parent ? Array.from(parent.getElementsByTagNameNS(ASSERTION_NS, name)) : [])
  const issuer = Array.from(assertion.childNodes).find((n): n is Element => n.nodeType === 1 && (n as Element).localName === 'Issuer')
  if (issuer?.textContent?.trim() !== setting.idpEntityId) throw new SsoFailure('invalid_token', 'issuer is not the IdP of the metadata')
  const confirmations = one(assertion, 'SubjectConfirmationData')
  if (confirmations.length !== 1) throw new SsoFailure('invalid_token', 'exactly one SubjectConfirmationData expected')
  const confirm = confirmations[0]!
  if (confirm.getAttribute('Recipient') !== sp.acs) throw new SsoFailure('invalid_token', 'Recipient is not our ACS')
  if (confirm.getAttribute('InResponseTo') !== requestId) throw new SsoFailure('invalid_token', 'signed InResponseTo is not our request')
  const response = parse(Buffer.from(samlResponse, 'base64').toString('utf8'))?.documentElement
  const destination = response?.getAttribute('Destination')
  if (destination && destination !== sp.acs) throw new SsoFailure('invalid_token', 'Destination is not our ACS')

  const assertionId = assertion.getAttribute('ID')
  if (!assertionId) throw new SsoFailure('invalid_token', 'assertion without ID')
  const conditions = one(assertion, 'Conditions')[0]
  const ends = [conditions?.getAttribute('NotOnOrAfter'), confirm.getAttribute('NotOnOrAfter')]
    .map((t) => (t ? Date.parse(t) : Number.NaN))
    .filter(Number.isFinite)
  if (ends.length === 0) throw new SsoFailure('invalid_token', 'assertion without NotOnOrAfter')
  if (!(await useAssertionId(db, setting.tenantId, assertionId, new Date(Math.max(...ends) + SAML_CLOCK_SKEW_MS))))
    throw new SsoFailure('expired', 'assertion replayed')

  const attrs = (profile.attributes ?? {}) as Record<string, unknown>
  const email = setting.emailAttribute ? attrValues(attrs[setting.emailAttribute])[0] : profile.nameIDFormat === EMAIL_NAMEID ? profile.nameID : undefined
  return {
    email,
    roleValues: attrValues(attrs[setting.roleAttribute]),
    firstName: firstOf(attrs, ['givenName', 'firstName', 'urn:oid:2.5.4.42']),
    lastName: firstOf(attrs, ['sn', 'surname', 'lastName', 'urn:oid:2.5.4.4']),
  }
}
