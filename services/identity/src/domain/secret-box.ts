// Secrets the portal must read back (a webhook's signing secret): AES-256-GCM with SECRETS_KEY,
// a fresh 96-bit nonce each time; stored as `v1.<nonce>.<tag>.<ciphertext>` in base64url. The
// row's id is the additional data, so a secret copied onto another row does not open.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

export interface SecretBox {
  seal(plain: string, boundTo: string): string
  open(sealed: string, boundTo: string): string
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secrets key must be 32 bytes')
  return {
    seal(plain, boundTo) {
      const nonce = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, nonce).setAAD(Buffer.from(boundTo))
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return ['v1', nonce, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.')
    },
    open(sealed, boundTo) {
      const [v, nonce, tag, data] = sealed.split('.')
      if (v !== 'v1' || !nonce || !tag || data === undefined) throw new Error('not a sealed secret')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url')).setAAD(Buffer.from(boundTo))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8')
    },
  }
}
