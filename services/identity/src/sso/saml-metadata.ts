// Reads what the portal needs from a SAML IdP's metadata (SAML 2.0 Metadata, OASIS): its entityID,
// the HTTP-Redirect SingleSignOnService and its signing certificates. Metadata without a signing
// certificate is refused: assertions are verified with those keys only, never with a key the
// response itself carries. A DOCTYPE is refused outright (entity expansion, XXE).
import { X509Certificate } from 'node:crypto'
import { DOMParser } from '@xmldom/xmldom'
import { AppError } from '@portal/errors'

export const MD_NS = 'urn:oasis:names:tc:SAML:2.0:metadata'
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#'
export const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect'

export interface IdpMetadata {
  entityId: string
  ssoUrl: string
  /** Base64 DER, whitespace removed. */
  signingCerts: string[]
}

const refused = (message: string) => new AppError('INVALID_REQUEST', { message })

function parseXml(xml: string): Document {
  if (/<!DOCTYPE/i.test(xml)) throw refused('The IdP metadata must not contain a DOCTYPE.')
  const errors: string[] = []
  const doc = new DOMParser({ errorHandler: (level: string, msg: unknown) => level !== 'warning' && errors.push(String(msg)) }).parseFromString(xml, 'text/xml')
  if (errors.length || !doc?.documentElement) throw refused('The IdP metadata is not well-formed XML.')
  return doc as unknown as Document
}

const children = (el: Element, ns: string, name: string): Element[] =>
  Array.from(el.childNodes).filter((n): n is Element => n.nodeType === 1 && (n as Element).localName === name && (n as Element).namespaceURI === ns)

/** The SSO URL where the browser is sent: https, or http on a loopback host when allowed (tests, local IdPs). */
function checkSsoUrl(raw: string, allowLoopbackHttp: boolean): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw refused(`The IdP's sign-in address "${raw.slice(0, 200)}" is not a URL.`)
  }
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
  if (url.protocol !== 'https:' && !(allowLoopbackHttp && loopback && url.protocol === 'http:'))
    throw refused("The IdP's sign-in address must start with https://.")
  return url.toString()
}

export function parseIdpMetadata(xml: string, opts: { allowLoopbackHttp: boolean }): IdpMetadata {
  const doc = parseXml(xml)
  const root = doc.documentElement
  const entities =
    root.localName === 'EntityDescriptor' && root.namespaceURI === MD_NS
      ? [root]
      : root.localName === 'EntitiesDescriptor' && root.namespaceURI === MD_NS
        ? children(root, MD_NS, 'EntityDescriptor')
        : []
  if (entities.length === 0) throw refused('This is not SAML metadata: an EntityDescriptor was expected.')
  const entity = entities.find((e) => children(e, MD_NS, 'IDPSSODescriptor').length > 0)
  if (!entity) throw refused('The metadata describes no identity provider (IDPSSODescriptor).')
  const entityId = entity.getAttribute('entityID')?.trim() ?? ''
  if (!entityId) throw refused('The IdP metadata has no entityID.')
  const idp = children(entity, MD_NS, 'IDPSSODescriptor')[0]!
  const sso = children(idp, MD_NS, 'SingleSignOnService').find((s) => s.getAttribute('Binding') === REDIRECT_BINDING)
  const location = sso?.getAttribute('Location')?.trim()
  if (!location) throw refused('The IdP metadata has no SingleSignOnService with the HTTP-Redirect binding.')
  const signingCerts: string[] = []
  for (const key of children(idp, MD_NS, 'KeyDescriptor')) {
    const use = key.getAttribute('use')
    if (use && use !== 'signing') continue // encryption-only keys never verify a signature
    for (const info of children(key, DSIG_NS, 'KeyInfo'))
      for (const data of children(info, DSIG_NS, 'X509Data'))
        for (const cert of children(data, DSIG_NS, 'X509Certificate')) {
          const b64 = (cert.textContent ?? '').replace(/\s+/g, '')
          try {
            new X509Certificate(Buffer.from(b64, 'base64'))
          } catch {
            throw refused('A signing certificate in the IdP metadata could not be read.')
          }
          if (!signingCerts.includes(b64)) signingCerts.push(b64)
        }
  }
  if (signingCerts.length === 0) throw refused('The IdP metadata has no signing certificate: the portal only accepts signed assertions.')
  return { entityId, ssoUrl: checkSsoUrl(location, opts.allowLoopbackHttp), signingCerts }
}

/** A base64 DER certificate as PEM (what node-saml's idpCert takes). */
export const certPem = (b64: string) => `-----BEGIN CERTIFICATE-----\n${b64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`
