// Company domains for single sign-on (provider-neutral: OIDC and SAML both rely on them). A domain
// counts once proven: a verified admin address on it, or a DNS TXT record
// `portal-verification=<token>` on the domain. A proven domain belongs to one company only, and
// public mail providers (gmail.com…) can never be claimed.
import { resolveTxt as dnsResolveTxt } from 'node:dns/promises'
import { randomToken } from '@portal/auth'
import { AppError } from '@portal/errors'
import freeEmailDomains from 'free-email-domains'
import type { Kysely } from 'kysely'
import type { IdentityDb } from '../db/schema.js'
import { claimDomain, findDomain, findProvenDomain, listDomains, proveDomain } from '../db/sso.repo.js'

type Db = Kysely<IdentityDb>
export type ResolveTxt = (hostname: string) => Promise<string[][]>
export const defaultResolveTxt: ResolveTxt = dnsResolveTxt

const publicMail = new Set<string>(freeEmailDomains)
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/

/** The record's text a company publishes to prove a domain. */
export const txtRecord = (token: string) => `portal-verification=${token}`

export const emailDomain = (email: string) => email.trim().toLowerCase().split('@').at(-1) ?? ''

/** A domain as typed ("Example.COM.") in its stored form, or a 400 in words. */
export function normaliseDomain(raw: string): string {
  const domain = raw.trim().toLowerCase().replace(/\.$/, '')
  if (!DOMAIN.test(domain)) throw new AppError('INVALID_REQUEST', { message: `"${raw.slice(0, 100)}" is not a domain name (like example.com).` })
  if (publicMail.has(domain))
    throw new AppError('INVALID_REQUEST', { message: `${domain} is a public mail provider: only a company's own domain can be used.` })
  return domain
}

export interface DomainView {
  domain: string
  verified: boolean
  method: 'admin_email' | 'dns' | null
  txtRecord: string
}
export const domainView = (d: { domain: string; verifiedAt: Date | null; verifiedBy: 'admin_email' | 'dns' | null; txtToken: string }): DomainView => ({
  domain: d.domain,
  verified: d.verifiedAt !== null,
  method: d.verifiedBy,
  txtRecord: txtRecord(d.txtToken),
})

const takenElsewhere = (domain: string) => new AppError('CONFLICT', { message: `${domain} is already verified by another company.` })

/** The company's verified admins' addresses: each proves its own domain. */
async function adminDomains(db: Db, tenantId: string): Promise<Set<string>> {
  const admins = await db
    .selectFrom('user')
    .select('email')
    .where('tenantId', '=', tenantId)
    .where('admin', '=', true)
    .where('emailVerifiedAt', 'is not', null)
    .execute()
  return new Set(admins.map((a) => emailDomain(a.email)))
}

/**
 * Claims a domain for the company; proven at once when one of its verified admins has an address on
 * it. A domain another company proved is refused (409).
 */
export async function claimCompanyDomain(db: Db, tenantId: string, raw: string): Promise<DomainView> {
  const domain = normaliseDomain(raw)
  const owner = await findProvenDomain(db, domain)
  if (owner && owner.tenantId !== tenantId) throw takenElsewhere(domain)
  const claim = await claimDomain(db, tenantId, domain, randomToken())
  if (!claim.verifiedAt && (await adminDomains(db, tenantId)).has(domain)) {
    if (!(await proveDomain(db, tenantId, domain, 'admin_email'))) throw takenElsewhere(domain)
  }
  return domainView((await findDomain(db, tenantId, domain))!)
}

/** Looks for the TXT record on the domain; a 400 in words when it is not (yet) there. */
export async function verifyDomainByDns(db: Db, tenantId: string, raw: string, resolveTxt: ResolveTxt): Promise<DomainView> {
  const domain = normaliseDomain(raw)
  const claim = await findDomain(db, tenantId, domain)
  if (!claim) throw new AppError('NOT_FOUND', { message: 'Add the domain before verifying it.' })
  if (claim.verifiedAt) return domainView(claim)
  const records = await resolveTxt(domain).catch(() => [] as string[][])
  const expected = txtRecord(claim.txtToken)
  // A long record may come in several strings: they are one text (RFC 7208 3.3 does the same).
  if (!records.some((chunks) => chunks.join('').trim() === expected))
    throw new AppError('INVALID_REQUEST', { message: `No TXT record "${expected}" was found on ${domain} yet. DNS changes can take a while to appear.` })
  if (!(await proveDomain(db, tenantId, domain, 'dns'))) throw takenElsewhere(domain)
  return domainView((await findDomain(db, tenantId, domain))!)
}

export async function companyDomains(db: Db, tenantId: string): Promise<DomainView[]> {
  return (await listDomains(db, tenantId)).map(domainView)
}

/** The company whose proven domain this address is on, if any. */
export async function companyOfEmail(db: Db, email: string): Promise<string | undefined> {
  const domain = emailDomain(email)
  return domain ? (await findProvenDomain(db, domain))?.tenantId : undefined
}
