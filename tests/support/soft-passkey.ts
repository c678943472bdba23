// A software passkey (WebAuthn Level 3 JSON, "none" attestation, ES256) for tests that need a real
// registration and a real signed assertion without a browser: the server's library (simplewebauthn)
// checks them exactly as it checks a browser's. The CBOR encoder covers what WebAuthn's structures use.
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'

type Cbor = number | string | Uint8Array | CborMap | CborRecord
interface CborMap extends Map<Cbor, Cbor> {}
interface CborRecord {
  [key: string]: Cbor
}

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n])
  if (n < 256) return Buffer.from([(major << 5) | 24, n])
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255])
  const b = Buffer.alloc(5)
  b[0] = (major << 5) | 26
  b.writeUInt32BE(n, 1)
  return b
}

/** Deterministic CBOR of integers, text, bytes and maps (RFC 8949). */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8')
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)])
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value)
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])])
}

const b64u = (b: Uint8Array | string) => Buffer.from(b).toString('base64url')
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest()

export interface SoftPasskey {
  id: string
  /** The JSON a browser answers to navigator.credentials.create(options). */
  register(options: { challenge: string }): Record<string, unknown>
  /** The JSON a browser answers to navigator.credentials.get(options). */
  assert(options: { challenge: string }): Record<string, unknown>
}

export function softPasskey(origin: string): SoftPasskey {
  const rpId = new URL(origin).hostname
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const credentialId = randomBytes(16)
  let counter = 0
  const clientData = (type: string, challenge: string) => JSON.stringify({ type, challenge, origin, crossOrigin: false })
  const count = () => {
    const b = Buffer.alloc(4)
    b.writeUInt32BE(++counter)
    return b
  }
  return {
    id: b64u(credentialId),
    register({ challenge }) {
      // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
      const cose = cbor(
        new Map<Cbor, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x!, 'base64url')],
          [-3, Buffer.from(jwk.y!, 'base64url')],
        ]),
      )
      const idLength = Buffer.from([credentialId.length >> 8, credentialId.length & 255])
      // Flags: user present (0x01), attested credential data (0x40).
      const authData = Buffer.concat([sha256(rpId), Buffer.from([0x41]), count(), Buffer.alloc(16), idLength, credentialId, cose])
      return {
        id: b64u(credentialId),
        rawId: b64u(credentialId),
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64u(clientData('webauthn.create', challenge)),
          attestationObject: b64u(cbor({ fmt: 'none', attStmt: {}, authData })),
          transports: ['internal'],
        },
      }
    },
    assert({ challenge }) {
      const json = clientData('webauthn.get', challenge)
      const authData = Buffer.concat([sha256(rpId), Buffer.from([0x01]), count()])
      const signature = sign('sha256', Buffer.concat([authData, sha256(json)]), privateKey) // DER, as authenticators sign
      return {
        id: b64u(credentialId),
        rawId: b64u(credentialId),
        type: 'public-key',
        clientExtensionResults: {},
        response: { clientDataJSON: b64u(json), authenticatorData: b64u(authData), signature: b64u(signature) },
      }
    },
  }
}
