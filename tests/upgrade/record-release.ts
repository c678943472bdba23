// Records an upgrade fixture: a database made and filled by a release, as SQL (tests/upgrade/README.md).
// Run from a checkout of that release, with PostgreSQL at TEST_DATABASE_URL:
//   node --import tsx tests/upgrade/record-release.ts <fixture base path without extension>
// It starts the release's portal with its demo data on a fresh database, lets the background work
// (drafting, ingest) finish, adds what the demo does not make by the API, stops, and dumps the
// portal's schemas with pg_dump as INSERTs (which PGlite loads too), with each table's row count.
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { loadConfig } from '@portal/config'
import { createScratchDatabase, openDatabase } from '@portal/db'
import { silentLogger } from '@portal/observability'
import { startPortal } from '@portal/svc-host'
import { sql } from 'kysely'
import { DEMO_ADMIN, DEMO_PASSWORD, fillRelease } from './fill-release.js'

const out = process.argv[2]
const adminUrl = process.env['TEST_DATABASE_URL']
if (!out || !adminUrl) throw new Error('usage: TEST_DATABASE_URL=... node --import tsx tests/upgrade/record-release.ts <fixture base>')

const SCHEMAS = ['identity', 'trust_center', 'questionnaire', 'outbound']
const scratch = await createScratchDatabase(adminUrl)
const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-record-'))
try {
  const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'true', DEMO_PASSWORD, DATABASE_URL: scratch.url, LOG_LEVEL: 'silent', PORT: '3000' })
  const portal = await startPortal(config, silentLogger)
  await fillRelease(portal.server, DEMO_ADMIN)
  await portal.stop()

  const dump = spawnSync('pg_dump', ['--inserts', '--no-owner', '--no-privileges', ...SCHEMAS.flatMap((s) => ['--schema', s]), scratch.url], {
    maxBuffer: 256 * 1024 * 1024,
  })
  if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr.toString()}`)
  // psql's meta-commands (\restrict of recent pg_dumps) are not SQL: neither a driver nor PGlite runs them.
  const text = dump.stdout
    .toString('utf8')
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n')
  writeFileSync(`${out}.sql.gz`, gzipSync(text, { level: 9 }))

  const db = await openDatabase({ databaseUrl: scratch.url })
  const counts: Record<string, number> = {}
  const { rows } = await sql<{ s: string; t: string }>`select table_schema as s, table_name as t from information_schema.tables
    where table_schema in (${sql.join(SCHEMAS)}) and table_type = 'BASE TABLE' order by 1, 2`.execute(db.system)
  for (const { s, t } of rows) {
    const r = await sql<{ n: string }>`select count(*) as n from ${sql.id(s, t)}`.execute(db.system)
    counts[`${s}.${t}`] = Number(r.rows[0]?.n)
  }
  await db.close()
  const commit = spawnSync('git', ['rev-parse', 'HEAD']).stdout.toString().trim()
  writeFileSync(`${out}.json`, `${JSON.stringify({ commit, recordedAt: new Date().toISOString(), rows: counts }, null, 2)}\n`)
  console.log(`recorded ${Object.values(counts).reduce((a, b) => a + b, 0)} rows from ${commit}`, counts)
} finally {
  await scratch.drop()
  await rm(dataDir, { recursive: true, force: true })
}
