// The signature of a webhook delivery, as receivers check it:
// `X-Portal-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`. The timestamp
// inside the signed text lets a receiver refuse old deliveries replayed by someone who saw one.
import { createHmac } from 'node:crypto'

export const SIGNATURE_HEADER = 'x-portal-signature'

export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')
  return `t=${unixSeconds},v1=${mac}`
}
