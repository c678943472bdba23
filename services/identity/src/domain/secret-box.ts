// Secrets that must be read back (TOTP seeds) are sealed with AES-256-GCM under a key from config
// (MFA_SECRET_KEY), else one generated once into DATA_DIR/keys like the signing key. A stolen
// database alone does not reveal them. Format: v1.<iv>.<tag>.<ciphertext>, base64url parts.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '@portal/config'

const keys = new Map<string, Promise<Buffer>>()

function decodeKey(text: string, source: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64')
  if (key.length !== 32) throw new Error(`${source} must be base64 of 32 bytes`)
  return key
}

async function keyFile(dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, 'keys', 'mfa-secret.key')
  try {
    return decodeKey(await readFile(file, 'utf8'), file)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
  await writeFile(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err // another process won the race: use its key
  })
  return decodeKey(await readFile(file, 'utf8'), file)
}

/** The sealing key of this configuration (read once). */
export function secretKey(config: Pick<Config, 'mfaSecretKey' | 'dataDir'>): Promise<Buffer> {
  const id = config.mfaSecretKey ? 'config' : config.dataDir
  let key = keys.get(id)
  if (!key) {
    key = config.mfaSecretKey ? Promise.resolve(decodeKey(config.mfaSecretKey, 'MFA_SECRET_KEY')) : keyFile(config.dataDir)
    keys.set(id, key)
  }
  return key
}

/** `aad` binds the ciphertext to its row (a user id): a sealed value copied to another row fails to open. */
export function seal(key: Buffer, plaintext: string, aad: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(aad))
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.')
}

export function open(key: Buffer, sealed: string, aad: string): string {
  const [version, iv, tag, body] = sealed.split('.')
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('unknown sealed format')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(aad))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
}
