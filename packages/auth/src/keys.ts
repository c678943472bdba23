// Signing keys: Ed25519, with a `kid` so keys can rotate. Taken from config when given, else
// generated once and kept in DATA_DIR/keys so tokens survive a restart of the embedded portal.
import { createHash } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { exportJWK, exportPKCS8, generateKeyPair, importPKCS8, type JWK, type CryptoKey } from 'jose'

export const ALG = 'EdDSA'

export interface SigningKey {
  kid: string
  privateKey: CryptoKey
  publicJwk: JWK
}

async function fromPem(pem: string): Promise<SigningKey> {
  const privateKey = await importPKCS8(pem, ALG, { extractable: true })
  const full = await exportJWK(privateKey)
  const publicJwk: JWK = { kty: full.kty, crv: full.crv, x: full.x }
  // The kid is derived from the public key: the same key always gets the same kid.
  const kid = createHash('sha256').update(`${publicJwk.crv}:${publicJwk.x}`).digest('base64url').slice(0, 16)
  return { kid, privateKey, publicJwk: { ...publicJwk, kid, alg: ALG, use: 'sig' } }
}

export async function loadSigningKey(opts: { privateKeyPem?: string | undefined; dataDir?: string | undefined }): Promise<SigningKey> {
  if (opts.privateKeyPem) return fromPem(opts.privateKeyPem)
  if (!opts.dataDir) return generateSigningKey()
  const file = path.join(opts.dataDir, 'keys', 'signing-key.pem')
  try {
    return await fromPem(await readFile(file, 'utf8'))
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  const { privateKey } = await generateKeyPair(ALG, { crv: 'Ed25519', extractable: true })
  const pem = await exportPKCS8(privateKey)
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
  await writeFile(file, pem, { mode: 0o600, flag: 'wx' }).catch(async (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EEXIST') throw err // another process won the race: use its key
  })
  return fromPem(await readFile(file, 'utf8'))
}

export async function generateSigningKey(): Promise<SigningKey> {
  const { privateKey } = await generateKeyPair(ALG, { crv: 'Ed25519', extractable: true })
  return fromPem(await exportPKCS8(privateKey))
}
