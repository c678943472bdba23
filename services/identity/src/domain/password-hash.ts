// Password hashing: argon2id, the library's default algorithm, with its default cost (m=19 MiB,
// t=2, p=1: OWASP's minimum). (Its Algorithm enum is an ambient const enum, unusable here.)
import { hash, verify } from '@node-rs/argon2'

export const hashPassword = (password: string): Promise<string> => hash(password)

// A hash of nothing anyone knows, verified for unknown emails so that a wrong password and an
// unknown account take the same time (security.md B7).
let dummy: Promise<string> | undefined

/** True when `password` matches `passwordHash`; runs the same work when there is no hash. */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  dummy ??= hashPassword(`no account ${crypto.randomUUID()}`)
  const ok = await verify(passwordHash ?? (await dummy), password).catch(() => false)
  return ok && passwordHash !== undefined
}
