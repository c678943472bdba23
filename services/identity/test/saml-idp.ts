// A real SAML 2.0 identity provider for the tests: samlify (a maintained IdP/SP library) in-process,
// with the fixture key of tests/fixtures/saml (SOURCES.md). It publishes its metadata, reads the
// AuthnRequest the portal sent (HTTP-Redirect binding: deflated, base64) and signs login responses
// for the SP described by the portal's own SP metadata. Tests may change what the IdP asserts
// (audience, times, recipient…) before samlify signs it: a real IdP that misbehaves.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { inflateRawSync } from 'node:zlib'
import * as samlify from 'samlify'

const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/saml/${name}`, import.meta.url), 'utf8')
export const IDP_KEY = fixture('idp-key.pem')
export const IDP_CERT = fixture('idp-cert.pem')
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress'
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect'

/** The portal's AuthnRequest, as the IdP reads it from the redirect. */
export function authnRequestOf(location: string): { id: string; acs: string; issuer: string; destination: string } {
  const raw = new URL(location).searchParams.get('SAMLRequest')
  if (!raw) throw new Error(`no SAMLRequest in ${location}`)
  const xml = inflateRawSync(Buffer.from(raw, 'base64')).toString('utf8')
  const attr = (name: string) => xml.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1] ?? ''
  return {
    id: attr('ID'),
    acs: attr('AssertionConsumerServiceURL'),
    destination: attr('Destination'),
    issuer: xml.match(/<saml:Issuer[^>]*>([^<]*)</)?.[1] ?? '',
  }
}

export interface SamlUser {
  email: string
  attributes?: Record<string, string[]>
}

/** Tags of samlify's login response template, overridable per response. */
export type ResponseTags = Partial<
  Record<
    | 'ID'
    | 'AssertionID'
    | 'Destination'
    | 'Audience'
    | 'SubjectRecipient'
    | 'Issuer'
    | 'IssueInstant'
    | 'ConditionsNotBefore'
    | 'ConditionsNotOnOrAfter'
    | 'SubjectConfirmationDataNotOnOrAfter'
    | 'NameIDFormat'
    | 'NameID'
    | 'InResponseTo',
    string
  >
>

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export interface TestIdp {
  entityId: string
  ssoUrl: string
  metadataXml: string
  /** A signed SAMLResponse (base64, for the HTTP-POST form) answering `requestId`. */
  respond(spMetadataXml: string, requestId: string, user: SamlUser, tags?: ResponseTags): Promise<string>
}

export function startSamlIdp(entityId = 'https://idp.acme-corp.example/saml', ssoUrl = 'https://idp.acme-corp.example/saml/sso'): TestIdp {
  const idp = samlify.IdentityProvider({
    entityID: entityId,
    signingCert: IDP_CERT,
    privateKey: IDP_KEY,
    nameIDFormat: [EMAIL_FORMAT],
    singleSignOnService: [{ Binding: REDIRECT, Location: ssoUrl }],
    singleLogoutService: [{ Binding: REDIRECT, Location: `${ssoUrl}/logout` }], // unused; samlify warns without one
    wantAuthnRequestsSigned: false,
  })
  return {
    entityId,
    ssoUrl,
    metadataXml: idp.getMetadata(),
    async respond(spMetadataXml, requestId, user, tags = {}) {
      const sp = samlify.ServiceProvider({ metadata: spMetadataXml })
      const now = new Date()
      const later = new Date(now.getTime() + 5 * 60_000).toISOString()
      const attributes = Object.entries(user.attributes ?? {})
        .map(
          ([name, values]) =>
            `<saml:Attribute Name="${esc(name)}">${values.map((v) => `<saml:AttributeValue xsi:type="xs:string">${esc(v)}</saml:AttributeValue>`).join('')}</saml:Attribute>`,
        )
        .join('')
      const authn = `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`
      // samlify finds no ACS in node-saml's metadata (index/isDefault form): read its Location directly.
      const acs = spMetadataXml.match(/<AssertionConsumerService[^>]*Binding="urn:oasis:names:tc:SAML:2\.0:bindings:HTTP-POST"[^>]*Location="([^"]+)"/)?.[1]
      if (!acs) throw new Error('no HTTP-POST AssertionConsumerService in the SP metadata')
      const values = {
        ID: `_${randomUUID()}`,
        AssertionID: `_${randomUUID()}`,
        Destination: acs,
        Audience: sp.entityMeta.getEntityID(),
        SubjectRecipient: acs,
        Issuer: entityId,
        IssueInstant: now.toISOString(),
        StatusCode: samlify.Constants.StatusCode.Success,
        ConditionsNotBefore: now.toISOString(),
        ConditionsNotOnOrAfter: later,
        SubjectConfirmationDataNotOnOrAfter: later,
        NameIDFormat: EMAIL_FORMAT,
        NameID: user.email,
        InResponseTo: requestId,
        ...tags,
      }
      const { context } = await idp.createLoginResponse(sp, { extract: { request: { id: requestId } } }, 'post', { email: user.email }, (template: string) => ({
        id: values.ID,
        context: samlify.SamlLib.replaceTagsByValue(
          template
            .replace('{AuthnStatement}', authn)
            .replace('{AttributeStatement}', attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : ''),
          values,
        ),
      }))
      return context
    },
  }
}
