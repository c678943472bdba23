// Company settings (title, logo, contact email), logos and theme colours of a tenant.
import { type Kysely, sql } from 'kysely'
import type { TrustCenterDb } from './schema.js'

type Db = Kysely<TrustCenterDb>
const settingsColumns = ['id', 'companyTitle', 'logoId', 'contactEmail', 'updatedAt'] as const
const themeColumns = ['id', 'headerColor', 'backgroundColor', 'textColor', 'buttonColor', 'updatedAt'] as const

export function findSettings(db: Db, tenantId: string) {
  return db.selectFrom('settings').select(settingsColumns).where('tenantId', '=', tenantId).executeTakeFirst()
}

export interface SettingsPatch {
  companyTitle?: string | undefined
  contactEmail?: string | undefined
  /** null removes the logo; undefined leaves it. */
  logoId?: string | null | undefined
}

/** Creates the row on the first save; only the given fields change. */
export async function saveSettings(db: Db, tenantId: string, patch: SettingsPatch) {
  const set = {
    ...(patch.companyTitle !== undefined ? { companyTitle: patch.companyTitle } : {}),
    ...(patch.contactEmail !== undefined ? { contactEmail: patch.contactEmail } : {}),
    ...(patch.logoId !== undefined ? { logoId: patch.logoId } : {}),
  }
  return db
    .insertInto('settings')
    .values({ id: crypto.randomUUID(), companyTitle: '', contactEmail: '', logoId: null, ...set, tenantId })
    .onConflict((oc) => oc.column('tenantId').doUpdateSet({ ...set, updatedAt: sql`now()` }))
    .returning(settingsColumns)
    .executeTakeFirstOrThrow()
}

export async function insertLogo(db: Db, tenantId: string, input: { id: string; blobKey: string; size: number }): Promise<void> {
  await db
    .insertInto('logo')
    .values({ ...input, tenantId })
    .execute()
}

export function findTenantLogo(db: Db, tenantId: string, id: string) {
  return db.selectFrom('logo').select(['id', 'blobKey']).where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst()
}

/**
 * A logo by its id alone: logos are public images (the page's header) and their ids are random
 * UUIDs, so the id is all a browser sends. Deleted or unknown ids answer nothing.
 */
export function findLogo(db: Db, id: string) {
  return db.selectFrom('logo').select(['id', 'blobKey', 'size']).where('id', '=', id).executeTakeFirst()
}

/** Removes the tenant's logos other than `keepId` (uploads never saved, replaced logos); returns their blob keys. */
export async function deleteLogosExcept(db: Db, tenantId: string, keepId: string | null): Promise<string[]> {
  let q = db.deleteFrom('logo').where('tenantId', '=', tenantId)
  if (keepId) q = q.where('id', '<>', keepId)
  return (await q.returning('blobKey').execute()).map((r) => r.blobKey)
}

export function findTheme(db: Db, tenantId: string) {
  return db.selectFrom('theme').select(themeColumns).where('tenantId', '=', tenantId).executeTakeFirst()
}

export interface ThemeColours {
  headerColor: string
  backgroundColor: string
  textColor: string
  buttonColor: string
}

export function saveTheme(db: Db, tenantId: string, colours: ThemeColours) {
  return db
    .insertInto('theme')
    .values({ id: crypto.randomUUID(), ...colours, tenantId })
    .onConflict((oc) => oc.column('tenantId').doUpdateSet({ ...colours, updatedAt: sql`now()` }))
    .returning(themeColumns)
    .executeTakeFirstOrThrow()
}
