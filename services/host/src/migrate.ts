// TARGET=migrate: a deployment's one-shot migration step (the Kubernetes Job, compose's `migrate`
// service). Connected as the schema owner (DATABASE_URL), it creates the app role `portal_app` when
// missing, runs every service's migrations in its own schema (granting the app role its rights on
// what they made), and returns; main.ts then exits 0. The services run afterwards with DB_MIGRATE=off
// and a DATABASE_URL of portal_app (or a member of it): no DDL, no CREATE ROLE at their start-up.
// Each step is the one the services run themselves with DB_MIGRATE=auto (migrateSchema, the role
// created by openDatabase, the questionnaire's vector table), so both ways give the same database.
import { migrations as auditMigrations, SCHEMA as auditSchema } from '@portal/audit'
import type { Config } from '@portal/config'
import { APP_ROLE, asOwner, asSystem, type Database, type Migration, migrateSchema, openDatabase } from '@portal/db'
import type { Logger } from '@portal/observability'
import { questionnaireKnowledge, migrations as questionnaireMigrations, SCHEMA as questionnaireSchema } from '@portal/questionnaire-store'
import { migrations as identityMigrations, SCHEMA as identitySchema } from '@portal/svc-identity'
import { migrations as outboundMigrations, SCHEMA as outboundSchema } from '@portal/svc-outbound'
import { migrations as trustCenterMigrations, SCHEMA as trustCenterSchema } from '@portal/svc-trust-center'
import { sql } from 'kysely'

export interface SchemaMigrations {
  /** The service whose module migrates this schema at start-up with DB_MIGRATE=auto. */
  service: string
  schema: string
  migrations: Record<string, Migration>
}

/** Every schema of the portal, in the order TARGET=all starts (and so migrates) them. The workers own none. */
export const SCHEMAS: readonly SchemaMigrations[] = [
  { service: 'identity', schema: identitySchema, migrations: identityMigrations },
  // The audit log: every service appends to it; identity migrates it with DB_MIGRATE=auto.
  { service: 'identity', schema: auditSchema, migrations: auditMigrations },
  { service: 'trust-center', schema: trustCenterSchema, migrations: trustCenterMigrations },
  { service: 'questionnaire', schema: questionnaireSchema, migrations: questionnaireMigrations },
  { service: 'outbound', schema: outboundSchema, migrations: outboundMigrations },
]

/**
 * Migrates every schema of an open database (opened with the app role's creation on, the default) and
 * checks that the app role exists: a schema owner without CREATEROLE (a managed database, say) needs
 * an administrator to create it first, else the services could not drop to it.
 */
export async function migrateDatabase(database: Database, config: Pick<Config, 'embeddings' | 'qdrant'>, logger: Logger): Promise<void> {
  const { rows } = await asOwner(() =>
    sql<{ user: string; role: boolean }>`select current_user as user, exists (select from pg_roles where rolname = ${APP_ROLE}) as role`.execute(database.root),
  )
  const who = rows[0]
  if (!who?.role) {
    throw new Error(
      `the app role ${APP_ROLE} does not exist and ${who?.user ?? 'this user'} may not create it: ` +
        `have an administrator run CREATE ROLE ${APP_ROLE} NOLOGIN (or LOGIN PASSWORD '…' to connect as it), then migrate again`,
    )
  }
  for (const s of SCHEMAS) {
    await migrateSchema(database, s.schema, s.migrations)
    logger.info({ schema: s.schema, service: s.service, migrations: Object.keys(s.migrations).length }, 'schema migrated')
  }
  // The questionnaire's pgvector table is made when vectors live in the database (EMBEDDING_MODEL
  // without QDRANT_URL); the same call the questionnaire service makes at start-up.
  if (config.embeddings && !config.qdrant) {
    await asSystem(() => questionnaireKnowledge(database, config).ready())
    logger.info({ schema: questionnaireSchema }, 'vector table ready')
  }
}

/** TARGET=migrate: opens DATABASE_URL as the schema owner, migrates everything, closes. */
export async function runMigrations(config: Config, logger: Logger): Promise<void> {
  // Config requires DATABASE_URL with TARGET=migrate: there is no embedded folder to name.
  const database = await openDatabase({ databaseUrl: config.databaseUrl, log: logger, rowSecurity: config.dbRowSecurity })
  try {
    await migrateDatabase(database, config, logger)
    logger.info({ role: APP_ROLE, schemas: SCHEMAS.map((s) => s.schema) }, 'migrations done')
  } finally {
    await database.close()
  }
}
