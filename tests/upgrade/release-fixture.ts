// The upgrade fixture: the database the previous release made and filled (record-release.ts), as
// pg_dump's SQL, with each table's row count. The newest fixture is the release being upgraded from.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'

const DIR = path.resolve(import.meta.dirname, '../fixtures/upgrade')

export interface ReleaseFixture {
  name: string
  commit: string
  /** `schema.table` → rows. */
  rows: Record<string, number>
  sql: string
  /** schema → the migrations the release applied. */
  migrations: Record<string, string[]>
}

export function latestRelease(): ReleaseFixture {
  const name = readdirSync(DIR)
    .filter((f) => f.endsWith('.sql.gz'))
    .sort()
    .at(-1)
  if (!name) throw new Error(`no upgrade fixture in ${DIR}`)
  const base = name.replace(/\.sql\.gz$/, '')
  const meta = JSON.parse(readFileSync(path.join(DIR, `${base}.json`), 'utf8')) as { commit: string; rows: Record<string, number> }
  const sql = gunzipSync(readFileSync(path.join(DIR, name))).toString('utf8')
  const migrations: Record<string, string[]> = {}
  for (const [, schema, name] of sql.matchAll(/^INSERT INTO (\w+)\.kysely_migration VALUES \('([^']+)'/gm)) {
    migrations[schema!] = [...(migrations[schema!] ?? []), name!]
  }
  return { name: base, commit: meta.commit, rows: meta.rows, sql, migrations }
}
