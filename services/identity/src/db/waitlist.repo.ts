// People waiting for an account: not tenant data (they belong to no company yet).
import type { Kysely } from 'kysely'
import type { IdentityDb } from './schema.js'

export async function addToWaitlist(db: Kysely<IdentityDb>, input: { email: string; firstName: string; lastName: string }): Promise<void> {
  await db
    .insertInto('waitlist')
    .values({ id: crypto.randomUUID(), ...input })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute()
}
