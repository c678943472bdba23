// Kysely refuses a migration whose name sorts before one a database has already applied, so a key
// that sorts early passes every test on a fresh database and fails on every installation. Every key
// the previous release did not have must sort after all of that schema's released keys.
import { describe, expect, it } from '@jest/globals'
import { SCHEMAS } from '@portal/svc-host/migrate'
import { latestRelease } from './release-fixture.js'

describe('migration names', () => {
  const release = latestRelease()

  it.each(SCHEMAS.map((s) => [s.schema, s] as const))('new keys of %s sort after every released one', (schema, s) => {
    const released = release.migrations[schema] ?? []
    // A schema the release did not have yet (the audit log, issue 27) has only new keys.
    if (schema in release.migrations) expect(released.length).toBeGreaterThan(0)
    else expect(['audit']).toContain(schema)
    const keys = Object.keys(s.migrations)
    // Nothing released may disappear: a database that applied it would refuse to migrate.
    expect(released.filter((k) => !keys.includes(k))).toEqual([])
    const last = [...released].sort().at(-1)!
    const early = keys.filter((k) => !released.includes(k) && k <= last)
    expect(early).toEqual([])
  })
})
