// The demo trust center of `npm start`: branding, blocks, a public and a gated document, an NDA,
// published as `demo.<TRUST_CENTER_DOMAIN>`, and one access request waiting for approval.
// Idempotent: each part is added only when the tenant has none of it yet.
import { schemaDb } from '@portal/db'
import { type ServiceContext, withBackends } from '@portal/http'
import { tenantKey } from '@portal/storage'
import { findLiveByEmail, insertRequest } from './db/access.repo.js'
import { findOverview, insertCompliance, insertSecurityCategory, listCompliance, listSecurity, saveOverview } from './db/blocks.repo.js'
import { findSettings, findTheme, insertLogo, saveSettings, saveTheme } from './db/branding.repo.js'
import { insertDocument, listDocuments } from './db/documents.repo.js'
import { insertHistory } from './db/history.repo.js'
import { currentNda, insertAcceptance, insertNdaVersion } from './db/nda.repo.js'
import type { TrustCenterDb } from './db/schema.js'
import { bumpContentVersion, ensureSite, publishSite } from './db/site.repo.js'
import { QUARANTINE_MS, siteUrl } from './domain/hostnames.js'
import { loadSharp } from './domain/logo-image.js'
import { sanitizeRichText } from './domain/rich-text.js'
import { DEMO_CNAME, demoCompliance, demoDocuments, demoNda, demoOverview, demoRequester, demoSecurity, demoTheme, demoTitle } from './domain/demo-content.js'
import { textPdf } from '@portal/pdf-writer'

export interface DemoTrustCenter {
  /** The public page, e.g. `http://demo.localhost:3000`; undefined if the cname is held by another tenant. */
  url: string | undefined
}

/** A small logo drawn here (a shield on a rounded badge), so the demo needs no image files. */
async function demoLogo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">
    <rect width="240" height="240" rx="48" fill="#1f2a44"/>
    <path d="M120 36 L190 64 V120 C190 162 160 192 120 206 C80 192 50 162 50 120 V64 Z" fill="#0a66c2"/>
    <path d="M92 122 L112 142 L152 100" stroke="#ffffff" stroke-width="16" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
  </svg>`
  return (await loadSharp())(Buffer.from(svg)).png().toBuffer()
}

export async function seedDemoTrustCenter(ctx: ServiceContext, tenant: { tenantId: string; dbName: string }): Promise<DemoTrustCenter> {
  const { db: database, blobs } = withBackends(ctx, ['db', 'blobs'])
  const db = schemaDb<TrustCenterDb>(database, 'trust_center')
  const { tenantId } = tenant
  const domain = ctx.config.trustCenterDomain
  const initial = await ensureSite(db, tenantId, tenant.dbName, domain)
  // Published on the first run only: later runs leave the admin's choices (cname, unpublished) alone.
  const firstRun = !(await findSettings(db, tenantId))

  if (firstRun) {
    const png = await demoLogo()
    const id = crypto.randomUUID()
    const blobKey = tenantKey(tenantId, 'logos', id)
    await blobs.put(blobKey, png, { contentType: 'image/png' })
    await insertLogo(db, tenantId, { id, blobKey, size: png.length })
    await saveSettings(db, tenantId, { companyTitle: demoTitle, contactEmail: 'security@demo.example', logoId: id })
  }
  if (!(await findTheme(db, tenantId))) await saveTheme(db, tenantId, demoTheme)
  if (!(await findOverview(db, tenantId))) await saveOverview(db, tenantId, { ...demoOverview, description: await sanitizeRichText(demoOverview.description) })
  if (!(await listSecurity(db, tenantId)).length) for (const category of demoSecurity) await insertSecurityCategory(db, tenantId, category)
  if (!(await listCompliance(db, tenantId)).length) for (const c of demoCompliance) await insertCompliance(db, tenantId, c)
  if (!(await listDocuments(db, tenantId, { includeInternal: true })).length) {
    for (const d of demoDocuments) {
      const bytes = textPdf([d.lines])
      const blobKey = tenantKey(tenantId, 'documents')
      await blobs.put(blobKey, bytes, { contentType: 'application/pdf' })
      await insertDocument(db, tenantId, {
        title: d.title,
        fileName: d.fileName,
        blobKey,
        size: bytes.length,
        mimeType: 'application/pdf',
        visibility: d.visibility,
      })
    }
  }
  const nda = (await currentNda(db, tenantId)) ?? (await insertNdaVersion(db, tenantId, demoNda))
  const email = demoRequester.workEmail
  if (!(await findLiveByEmail(db, tenantId, email, 'pending')) && !(await findLiveByEmail(db, tenantId, email, 'approved'))) {
    await insertAcceptance(db, tenantId, {
      ndaId: nda.id,
      version: nda.version,
      textHash: nda.textHash,
      name: `${demoRequester.firstName} ${demoRequester.lastName}`,
      email,
      ip: '203.0.113.7',
      userAgent: 'Demo seed',
      confirmedAt: null,
    })
    await insertRequest(db, tenantId, { ...demoRequester, ndaId: nda.id })
    await insertHistory(db, tenantId, [
      { type: 'nda', email, detail: `NDA version ${nda.version} accepted by ${demoRequester.firstName} ${demoRequester.lastName}` },
      { type: 'request', email, detail: `Access requested by ${demoRequester.firstName} ${demoRequester.lastName} (${demoRequester.companyName})` },
    ])
  }
  await bumpContentVersion(db, tenantId)
  const published = firstRun ? await publishSite(db, tenantId, DEMO_CNAME, domain, new Date(Date.now() - QUARANTINE_MS), new Date()) : undefined
  const site = published && 'site' in published ? published.site : !firstRun && initial.published ? initial : undefined
  if (firstRun && !site) ctx.logger.warn({ cname: DEMO_CNAME }, 'demo trust center not published: another tenant holds its cname')
  return { url: site ? siteUrl(ctx.config.publicUrl, site.hostname) : undefined }
}
