// How each template's and sent questionnaire's questions were read (its layout), as the questionnaire
// service keeps it (issue 23). The mappings a company confirmed are remembered in this schema's
// layout_memory through @portal/questionnaire-store's rememberLayout / rememberedLayouts.
import type { StoredLayout } from '@portal/questionnaire-store'
import type { Kysely } from 'kysely'
import type { FileKind } from './files.repo.js'
import type { OutboundDb } from './schema.js'

type Db = Kysely<OutboundDb>

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
