// How each template's and sent questionnaire's questions were read (its layout), and the mappings a
// company confirmed, remembered by the fingerprint of their form so the next file of that form reads
// itself (issue 23; the questionnaire service's layout.repo, for this schema).
import type { StoredLayout } from '@portal/questionnaire-store'
import type { Kysely } from 'kysely'
import type { FileKind } from './files.repo.js'
import type { LayoutMemoryTable, OutboundDb } from './schema.js'

type Db = Kysely<OutboundDb>
type Mapping = Pick<StoredLayout, 'sheet' | 'headerRow' | 'columns'>

/** The mappings remembered at most per company: the most recently confirmed are tried first. */
export const REMEMBERED_LAYOUTS = 50

export async function findFileLayout(db: Db, tenantId: string, kind: FileKind, id: string): Promise<StoredLayout | undefined> {
  const row = await db.selectFrom(kind).select('layout').where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst()
  return (row?.layout as StoredLayout | null) ?? undefined
}

export async function saveFileLayout(db: Db, tenantId: string, kind: FileKind, id: string, layout: StoredLayout | null): Promise<void> {
  await db
    .updateTable(kind)
    .set({ layout: layout ? JSON.stringify(layout) : null })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .execute()
}

/** Remembers a confirmed mapping for its form (the newest confirmation of a form wins). */
export async function rememberLayout(db: Db, tenantId: string, fingerprint: string, mapping: Mapping): Promise<void> {
  const value = JSON.stringify({ sheet: mapping.sheet, headerRow: mapping.headerRow, columns: mapping.columns })
  await db
    .insertInto('layoutMemory')
    .values({ tenantId, fingerprint, mapping: value })
    .onConflict((oc) => oc.columns(['tenantId', 'fingerprint']).doUpdateSet({ mapping: value, updatedAt: new Date() }))
    .execute()
}

/** The company's remembered mappings, newest first, with their fingerprints. */
export async function rememberedLayouts(db: Db, tenantId: string): Promise<(Mapping & { fingerprint: string })[]> {
  const rows = await db
    .selectFrom('layoutMemory')
    .select(['fingerprint', 'mapping'])
    .where('tenantId', '=', tenantId)
    .orderBy('updatedAt', 'desc')
    .limit(REMEMBERED_LAYOUTS)
    .execute()
  return rows.map((r) => ({ ...(r.mapping as LayoutMemoryTable['mapping']['__select__']), fingerprint: r.fingerprint }))
}
