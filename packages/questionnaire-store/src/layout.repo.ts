// How each questionnaire was read (its layout), and the mappings a company confirmed, remembered by
// the fingerprint of their form so the next file of that form reads itself (issue 23). The memory
// functions serve every schema with a `layout_memory` table (outbound's too).
import type { Kysely } from 'kysely'
import type { LayoutMemoryTable, QuestionnaireDb, StoredLayout } from './schema.js'

type Db = Kysely<QuestionnaireDb>
/** Any schema's database with the layout memory table (the questionnaire schema's, outbound's). */
type MemoryDb = Kysely<{ layoutMemory: LayoutMemoryTable }>
type Mapping = Pick<StoredLayout, 'sheet' | 'headerRow' | 'columns'>

/** The mappings remembered at most per company: the most recently confirmed are tried first. */
export const REMEMBERED_LAYOUTS = 50

export async function findLayout(db: Db, tenantId: string, fileId: string): Promise<StoredLayout | undefined> {
  const row = await db.selectFrom('file').select('layout').where('tenantId', '=', tenantId).where('id', '=', fileId).executeTakeFirst()
  return (row?.layout as StoredLayout | null) ?? undefined
}

export async function saveLayout(db: Db, tenantId: string, fileId: string, layout: StoredLayout | null): Promise<void> {
  await db
    .updateTable('file')
    .set({ layout: layout ? JSON.stringify(layout) : null })
    .where('tenantId', '=', tenantId)
    .where('id', '=', fileId)
    .execute()
}

/** Remembers a confirmed mapping for its form (the newest confirmation of a form wins). */
export async function rememberLayout(db: MemoryDb, tenantId: string, fingerprint: string, mapping: Mapping): Promise<void> {
  const value = JSON.stringify({ sheet: mapping.sheet, headerRow: mapping.headerRow, columns: mapping.columns })
  await db
    .insertInto('layoutMemory')
    .values({ tenantId, fingerprint, mapping: value })
    .onConflict((oc) => oc.columns(['tenantId', 'fingerprint']).doUpdateSet({ mapping: value, updatedAt: new Date() }))
    .execute()
}

/** The company's remembered mappings, newest first, with their fingerprints. */
export async function rememberedLayouts(db: MemoryDb, tenantId: string): Promise<(Mapping & { fingerprint: string })[]> {
  const rows = await db
    .selectFrom('layoutMemory')
    .select(['fingerprint', 'mapping'])
    .where('tenantId', '=', tenantId)
    .orderBy('updatedAt', 'desc')
    .limit(REMEMBERED_LAYOUTS)
    .execute()
  return rows.map((r) => ({ ...(r.mapping as LayoutMemoryTable['mapping']['__select__']), fingerprint: r.fingerprint }))
}
