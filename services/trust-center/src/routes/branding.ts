// Company info, logo, settings and theme colours. The logo is re-encoded before it is stored and
// served from its own path with headers that keep a browser from ever running it as a page.
import {
  CompanyInfoBody,
  errorReplies,
  fileReply,
  isUuid,
  LogoForm,
  LogoParams,
  LogoReply,
  SettingsBody,
  settingsMessages,
  ThemeBody,
  themeMessages,
  TrustCompanyInfo as CompanyInfo,
  TrustPublicSettings,
  TrustSettings as Settings,
  SpecText,
} from '@portal/contracts'
import { asSystem, spendQuota } from '@portal/db'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf, uploadValidatorCompiler } from '@portal/http'
import { isValidEmail } from '@portal/mail'
import { tenantKey } from '@portal/storage'
import { guards } from '../access-control.js'
import { deleteLogosExcept, findLogo, findSettings, findTenantLogo, findTheme, insertLogo, saveSettings, saveTheme } from '../db/branding.repo.js'
import { SCHEMA } from '../db/schema.js'
import type { TrustCenterDeps } from '../deps.js'
import { LOGO_MAX_BYTES, processLogo } from '../domain/logo-image.js'
import { invalid, limits, plainText } from '../domain/text.js'
import { iso, logoIdOf, logoPath, themeOut } from '../domain/dto.js'
import { readUpload } from '../uploads.js'
import { Colours, IdParams, logoErrors, publicErrors, Reply, staffBodyErrors, staffErrors, staffRowBodyErrors, Theme } from './schemas.js'

type SettingsRow = Awaited<ReturnType<typeof findSettings>>
const settingsOut = (row: SettingsRow) => ({
  _id: row?.id ?? null,
  companyTitle: row?.companyTitle ?? '',
  logo: logoPath(row?.logoId),
  contactEmail: row?.contactEmail ?? '',
  updatedAt: iso(row?.updatedAt),
})

export function brandingRoutes(app: AppInstance, deps: TrustCenterDeps): void {
  const { db, blobs, sites } = deps
  const { staff, admin } = guards(sites)
  const tags = ['trust-center']
  const tenantOf = (req: Parameters<typeof principalOf>[0]) => principalOf(req).tenantId

  const companyTitle = (v: string | undefined) => plainText(v, { field: 'companyTitle', max: limits.companyTitle })
  const contactEmail = (v: string | undefined) => {
    const email = v?.trim().toLowerCase()
    if (email && !isValidEmail(email)) throw invalid('contactEmail', SpecText.invalidEmail)
    return email
  }

  app.post(
    '/fs/upload-logo',
    {
      ...admin,
      schema: { tags, consumes: ['multipart/form-data'], body: LogoForm, response: { 201: LogoReply, ...logoErrors } },
      validatorCompiler: uploadValidatorCompiler,
    },
    async (req, reply) => {
      const tenantId = tenantOf(req)
      const upload = await readUpload(req, { maxBytes: LOGO_MAX_BYTES, tooLarge: 'The image is larger than 2 MB' })
      const png = await processLogo(upload.bytes)
      await spendQuota(db, SCHEMA, tenantId, { files: 1, bytes: upload.bytes.length }, deps.config.quota, 'uploads')
      const id = crypto.randomUUID()
      const blobKey = tenantKey(tenantId, 'logos', id)
      await blobs.put(blobKey, png, { contentType: 'image/png' })
      await insertLogo(db, tenantId, { id, blobKey, size: png.length })
      return reply.status(201).send({ status: true, message: 'Logo uploaded', data: { logo: logoPath(id)! } })
    },
  )

  app.get(
    '/logo/:file',
    { schema: { tags, params: LogoParams, response: { 200: fileReply('image/png', 'The logo, re-encoded as PNG'), ...errorReplies(400, 404) } } },
    async (req, reply) => {
      const id = /^([0-9a-f-]{36})\.png$/.exec(req.params.file)?.[1]
      const logo = id && isUuid(id) ? await asSystem(() => findLogo(db, id)) : undefined // public by unguessable id, of any tenant
      if (!logo) throw new AppError('NOT_FOUND', { message: 'Logo not found' })
      const bytes = await blobs.getBuffer(logo.blobKey)
      return reply
        .type('image/png')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(bytes)
    },
  )

  app.get('/companyinfo', { ...staff, schema: { tags, response: { 200: Reply(CompanyInfo), ...staffErrors } } }, async (req) => {
    const { _id, companyTitle: title, logo } = settingsOut(await findSettings(db, tenantOf(req)))
    return { status: true, data: { _id, companyTitle: title, logo } }
  })

  app.post(
    '/companyinfo',
    {
      ...admin,
      schema: {
        tags,
        // null first: with the server's type coercion a null would otherwise be read as the string ''.
        body: CompanyInfoBody,
        response: { 200: Reply(CompanyInfo), ...staffBodyErrors },
      },
    },
    async (req) => {
      const tenantId = tenantOf(req)
      const title = companyTitle(req.body.companyTitle)
      let logoId: string | null | undefined
      if (req.body.logo === null) logoId = null
      else if (req.body.logo !== undefined) {
        // Only a logo this tenant uploaded: never another tenant's, never an outside URL.
        const id = logoIdOf(req.body.logo)
        if (!id || !(await findTenantLogo(db, tenantId, id))) throw invalid('logo', 'Invalid logo')
        logoId = id
      }
      const row = await saveSettings(db, tenantId, { companyTitle: title, logoId })
      // Uploads that were never saved, and the logo this one replaced, are not needed any more.
      if (logoId !== undefined) for (const key of await deleteLogosExcept(db, tenantId, row.logoId)) await blobs.delete(key)
      await sites.changed(tenantId)
      const out = settingsOut(row)
      return { status: true, message: 'Updated Successfully', data: { _id: out._id, companyTitle: out.companyTitle, logo: out.logo } }
    },
  )

  app.get('/settings', { ...staff, schema: { tags, response: { 200: Reply(Settings), ...staffErrors } } }, async (req) => ({
    status: true,
    data: settingsOut(await findSettings(db, tenantOf(req))),
  }))

  app.get(
    '/settingsOutside',
    {
      schema: { tags, response: { 200: Reply(TrustPublicSettings), ...publicErrors } },
    },
    async (req) => {
      const site = await sites.forPublic(req)
      const { companyTitle: title, logo, contactEmail: email } = settingsOut(await findSettings(db, site.tenantId))
      return { status: true, data: { companyTitle: title, logo, contactEmail: email } }
    },
  )

  const storeSettings = async (tenantId: string, body: { companyTitle?: string | undefined; contactEmail?: string | undefined }) => {
    const row = await saveSettings(db, tenantId, { companyTitle: companyTitle(body.companyTitle), contactEmail: contactEmail(body.contactEmail) })
    await sites.changed(tenantId)
    return settingsOut(row)
  }

  app.post(
    '/settings/save',
    {
      ...admin,
      config: { fieldMessages: settingsMessages },
      schema: { tags, body: SettingsBody, response: { 201: Reply(Settings), ...staffBodyErrors } },
    },
    async (req, reply) => reply.status(201).send({ status: true, message: SpecText.added, data: await storeSettings(tenantOf(req), req.body) }),
  )

  app.put(
    '/settings/update/:id',
    {
      ...admin,
      config: { fieldMessages: settingsMessages },
      schema: { tags, params: IdParams, body: SettingsBody, response: { 200: Reply(Settings), ...staffRowBodyErrors } },
    },
    async (req) => {
      const current = await findSettings(db, tenantOf(req))
      if (!current || current.id !== req.params.id) throw new AppError('NOT_FOUND', { message: 'Settings not found' })
      return { status: true, message: 'Updated Successfully', data: await storeSettings(tenantOf(req), req.body) }
    },
  )

  app.get('/themecolor', { ...staff, schema: { tags, response: { 200: Reply(Theme), ...staffErrors } } }, async (req) => ({
    status: true,
    data: themeOut(await findTheme(db, tenantOf(req))),
  }))

  // Each colour is `#rrggbb` by the route's schema: stored trimmed and lowercased.
  const colours = (body: ThemeBody) => {
    const out = {} as ThemeBody
    for (const key of Object.keys(Colours) as (keyof ThemeBody)[]) out[key] = body[key].trim().toLowerCase()
    return out
  }

  app.post(
    '/themecolor/save',
    {
      ...admin,
      config: { fieldMessages: themeMessages },
      schema: { tags, body: ThemeBody, response: { 201: Reply(Theme), ...staffBodyErrors } },
    },
    async (req, reply) => {
      const tenantId = tenantOf(req)
      const row = await saveTheme(db, tenantId, colours(req.body))
      await sites.changed(tenantId)
      return reply.status(201).send({ status: true, message: SpecText.added, data: themeOut(row) })
    },
  )

  app.put(
    '/themecolor/update/:id',
    {
      ...admin,
      config: { fieldMessages: themeMessages },
      schema: { tags, params: IdParams, body: ThemeBody, response: { 200: Reply(Theme), ...staffRowBodyErrors } },
    },
    async (req) => {
      const tenantId = tenantOf(req)
      const current = await findTheme(db, tenantId)
      if (!current || current.id !== req.params.id) throw new AppError('NOT_FOUND', { message: 'Theme not found' })
      const row = await saveTheme(db, tenantId, colours(req.body))
      await sites.changed(tenantId)
      return { status: true, message: 'Updated Successfully', data: themeOut(row) }
    },
  )
}
