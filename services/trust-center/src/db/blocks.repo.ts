// The blocks of the page: overview, security categories with their ordered items, compliance.
import { type Kysely, sql } from 'kysely'
import type { ComplianceStatus, TrustCenterDb } from './schema.js'

type Db = Kysely<TrustCenterDb>

/** In the caller's transaction when there is one (a save checked against the page's size), else in its own. */
const transactionally = <T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> => (db.isTransaction ? fn(db) : db.transaction().execute(fn))

// ---- overview ---------------------------------------------------------------------------------
const overviewColumns = ['id', 'subTitle', 'description', 'updatedAt'] as const

export function findOverview(db: Db, tenantId: string) {
  return db.selectFrom('overview').select(overviewColumns).where('tenantId', '=', tenantId).executeTakeFirst()
}

export function saveOverview(db: Db, tenantId: string, input: { subTitle: string; description: string }) {
  return db
    .insertInto('overview')
    .values({ id: crypto.randomUUID(), ...input, tenantId })
    .onConflict((oc) => oc.column('tenantId').doUpdateSet({ ...input, updatedAt: sql`now()` }))
    .returning(overviewColumns)
    .executeTakeFirstOrThrow()
}

// ---- security ---------------------------------------------------------------------------------
export interface TextBlock {
  title: string
  description: string
}

export interface SecurityItem extends TextBlock {
  id: string
}

export interface SecurityCategory extends SecurityItem {
  subdata: SecurityItem[]
}

const nextPosition = (db: Db, table: 'securityCategory' | 'compliance', tenantId: string) =>
  db.selectFrom(table).select(sql<number>`coalesce(max(position), 0) + 1`.as('next')).where('tenantId', '=', tenantId).executeTakeFirstOrThrow()

export async function listSecurity(db: Db, tenantId: string): Promise<SecurityCategory[]> {
  const [categories, items] = await Promise.all([
    db
      .selectFrom('securityCategory')
      .select(['id', 'title', 'description'])
      .where('tenantId', '=', tenantId)
      .orderBy('position')
      .orderBy('createdAt')
      .execute(),
    db
      .selectFrom('securityItem')
      .select(['id', 'categoryId', 'title', 'description'])
      .where('tenantId', '=', tenantId)
      .orderBy('position')
      .orderBy('createdAt')
      .execute(),
  ])
  const byCategory = new Map<string, SecurityItem[]>()
  for (const { categoryId, ...item } of items) byCategory.set(categoryId, [...(byCategory.get(categoryId) ?? []), item])
  return categories.map((c) => ({ ...c, subdata: byCategory.get(c.id) ?? [] }))
}

export async function findSecurityCategory(db: Db, tenantId: string, id: string): Promise<SecurityCategory | undefined> {
  return (await listSecurity(db, tenantId)).find((c) => c.id === id)
}

/** A category with its first items, in one transaction: all of it or nothing. */
export async function insertSecurityCategory(db: Db, tenantId: string, input: TextBlock & { subdata: TextBlock[] }): Promise<SecurityCategory> {
  return transactionally(db, async (tx) => {
    const { next } = await nextPosition(tx, 'securityCategory', tenantId)
    const category = await tx
      .insertInto('securityCategory')
      .values({ id: crypto.randomUUID(), position: next, title: input.title, description: input.description, tenantId })
      .returning(['id', 'title', 'description'])
      .executeTakeFirstOrThrow()
    const subdata = input.subdata.length
      ? await tx
          .insertInto('securityItem')
          .values(
            input.subdata.map((s, i) => ({
              id: crypto.randomUUID(),
              categoryId: category.id,
              position: i + 1,
              title: s.title,
              description: s.description,
              tenantId,
            })),
          )
          .returning(['id', 'title', 'description'])
          .execute()
      : []
    return { ...category, subdata }
  })
}

export function updateSecurityCategory(db: Db, tenantId: string, id: string, input: TextBlock) {
  return db
    .updateTable('securityCategory')
    .set({ ...input, updatedAt: sql`now()` })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .returning(['id'])
    .executeTakeFirst()
}

export async function deleteSecurityCategory(db: Db, tenantId: string, id: string): Promise<boolean> {
  // Items go with it (foreign key cascade).
  return (await db.deleteFrom('securityCategory').where('tenantId', '=', tenantId).where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n
}

export async function insertSecurityItem(db: Db, tenantId: string, categoryId: string, input: TextBlock): Promise<SecurityItem> {
  const { next } = await db
    .selectFrom('securityItem')
    .select(sql<number>`coalesce(max(position), 0) + 1`.as('next'))
    .where('tenantId', '=', tenantId)
    .where('categoryId', '=', categoryId)
    .executeTakeFirstOrThrow()
  return db
    .insertInto('securityItem')
    .values({ id: crypto.randomUUID(), categoryId, position: next, ...input, tenantId })
    .returning(['id', 'title', 'description'])
    .executeTakeFirstOrThrow()
}

export function updateSecurityItem(db: Db, tenantId: string, categoryId: string, itemId: string, input: TextBlock) {
  return db
    .updateTable('securityItem')
    .set({ ...input, updatedAt: sql`now()` })
    .where('tenantId', '=', tenantId)
    .where('categoryId', '=', categoryId)
    .where('id', '=', itemId)
    .returning(['id', 'title', 'description'])
    .executeTakeFirst()
}

export async function deleteSecurityItem(db: Db, tenantId: string, categoryId: string, itemId: string): Promise<boolean> {
  const res = await db
    .deleteFrom('securityItem')
    .where('tenantId', '=', tenantId)
    .where('categoryId', '=', categoryId)
    .where('id', '=', itemId)
    .executeTakeFirst()
  return res.numDeletedRows > 0n
}

// ---- compliance -------------------------------------------------------------------------------
export interface ComplianceInput {
  framework: string
  status: ComplianceStatus
  badge: string
  description: string
}

const complianceColumns = ['id', 'framework', 'status', 'badge', 'description'] as const

export function listCompliance(db: Db, tenantId: string) {
  return db.selectFrom('compliance').select(complianceColumns).where('tenantId', '=', tenantId).orderBy('position').orderBy('createdAt').execute()
}

export async function insertCompliance(db: Db, tenantId: string, input: ComplianceInput) {
  const { next } = await nextPosition(db, 'compliance', tenantId)
  return db
    .insertInto('compliance')
    .values({ id: crypto.randomUUID(), position: next, ...input, tenantId })
    .returning(complianceColumns)
    .executeTakeFirstOrThrow()
}

export function updateCompliance(db: Db, tenantId: string, id: string, input: ComplianceInput) {
  return db
    .updateTable('compliance')
    .set({ ...input, updatedAt: sql`now()` })
    .where('tenantId', '=', tenantId)
    .where('id', '=', id)
    .returning(complianceColumns)
    .executeTakeFirst()
}

/** Deletes the record; returns its framework, or undefined when this tenant had no such record. */
export async function deleteCompliance(db: Db, tenantId: string, id: string): Promise<string | undefined> {
  return (await db.deleteFrom('compliance').where('tenantId', '=', tenantId).where('id', '=', id).returning('framework').executeTakeFirst())?.framework
}

// ---- the page's weight ------------------------------------------------------------------------
/**
 * What one row costs the public page besides its text: its id and field names in the JSON, its
 * markup in the HTML. Without it, thousands of one-letter items would weigh nothing.
 */
export const ROW_WEIGHT = 100

/**
 * Bytes the public page carries for this tenant's content: the UTF-8 text of every block and
 * visible document, plus ROW_WEIGHT per row (see assemblePage in page.ts for what the page holds).
 */
export async function pageWeight(db: Db, tenantId: string): Promise<number> {
  const part = (table: 'overview' | 'securityCategory' | 'securityItem' | 'compliance' | 'document', columns: string) =>
    db
      .selectFrom(table)
      .select(sql<number>`coalesce(sum(${sql.raw(columns)} + ${sql.lit(ROW_WEIGHT)}), 0)::float8`.as('bytes'))
      .where('tenantId', '=', tenantId)
  const rows = await part('overview', 'octet_length(sub_title) + octet_length(description)')
    .unionAll(part('securityCategory', 'octet_length(title) + octet_length(description)'))
    .unionAll(part('securityItem', 'octet_length(title) + octet_length(description)'))
    .unionAll(part('compliance', 'octet_length(framework) + octet_length(description)'))
    .unionAll(part('document', 'octet_length(title) + octet_length(file_name)').where('visibility', '<>', 'internal'))
    .execute()
  return rows.reduce((sum, r) => sum + Number(r.bytes), 0)
}
