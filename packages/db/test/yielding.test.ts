// PGlite runs in this process: a long loop of queries must still let the event loop serve others
// (a timer here stands for /healthz), and transactions keep working through the yielding driver.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { sql } from 'kysely'
import { asOwner, type Database, openDatabase } from '../src/index.js'

describe('embedded database and the event loop', () => {
  let db: Database
  beforeAll(async () => {
    db = await openDatabase({})
  })
  afterAll(async () => db.close())

  it('lets timers run during a long loop of queries', async () => {
    let worstLag = 0
    let last = performance.now()
    const timer = setInterval(() => {
      const now = performance.now()
      worstLag = Math.max(worstLag, now - last - 5)
      last = now
    }, 5)
    const started = performance.now()
    while (performance.now() - started < 600) await sql`select generate_series(1, 200)`.execute(db.system)
    clearInterval(timer)
    worstLag = Math.max(worstLag, performance.now() - last) // a timer that never ran waited for the whole loop
    // Without yielding the timer waits for the whole loop (600 ms); with it, about one query.
    expect(worstLag).toBeLessThan(300)
  })

  it('keeps transactions and their rollback', async () => {
    await asOwner(() => sql`create table t (n int)`.execute(db.system))
    const owner = db.system
    await asOwner(() =>
      owner.transaction().execute(async (tx) => {
        await sql`insert into t values (1)`.execute(tx)
      }),
    )
    await expect(
      asOwner(() =>
        owner.transaction().execute(async (tx) => {
          await sql`insert into t values (2)`.execute(tx)
          throw new Error('undo')
        }),
      ),
    ).rejects.toThrow('undo')
    const { rows } = await asOwner(() => sql<{ n: number }>`select n from t`.execute(owner))
    expect(rows).toEqual([{ n: 1 }])
  })
})
