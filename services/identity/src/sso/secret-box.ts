// Secrets the portal must read back (an SSO client secret) are sealed with AES-256-GCM: a random
// 96-bit IV per secret, the tag checked on opening. The key is SECRETS_KEY, else one generated once
// into DATA_DIR/keys (as the token signing key is), so a copy of the database alone reveals nothing.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '@portal/config'

const VERSION = 'v1'

export interface SecretBox {
  seal(plain: string): string
  open(sealed: string): string
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes')
  return {
    seal(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.')
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.')
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed secret')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
    },
  }
}

/** SECRETS_KEY, else DATA_DIR/keys/secrets.key (created on first use; another process's wins a race). */
export async function loadSecretsKey(config: Pick<Config, 'secretsKey' | 'dataDir'>): Promise<Buffer> {
  if (config.secretsKey) return config.secretsKey
  const file = path.join(config.dataDir, 'keys', 'secrets.key')
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
  await writeFile(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err
  })
  const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64')
  if (key.length !== 32) throw new Error(`${file} does not hold the base64 of 32 bytes`)
  return key
}
