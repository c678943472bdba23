// The key that seals secrets the portal reads back (domain/secret-box.ts): SECRETS_KEY; else, where
// JWT_PRIVATE_KEY is set (every split deployment: k8s, compose), one derived from it with HKDF, so
// every identity replica agrees without another secret to hand out (rotating that key then needs
// SECRETS_KEY set to the old derivation's base64 first); else one generated once into DATA_DIR/keys,
// as the signing key is.
import { hkdfSync, randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '@portal/config'

export async function loadSecretsKey(config: Pick<Config, 'secretsKey' | 'dataDir' | 'jwt'>): Promise<Buffer> {
  if (config.secretsKey) return Buffer.from(config.secretsKey, 'base64')
  if (config.jwt.privateKeyPem) return Buffer.from(hkdfSync('sha256', config.jwt.privateKeyPem, 'trust-portal', 'secrets key v1', 32))
  const file = path.join(config.dataDir, 'keys', 'secrets.key')
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
  await writeFile(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err // kept from an earlier start, or another process won the race
  })
  const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`)
  return key
}
