import type { MessageReply, VerifyEmailBody } from '@portal/contracts'
import { useMutation } from '@tanstack/react-query'
import { api, refreshSession } from '../../../lib/api-client'
import { decodeToken } from '../../../lib/jwt'
import { storage } from '../../../lib/storage'

/** Follows the emailed link; when this browser holds a session, renews it so the new claim applies. */
export async function verifyEmail(token: string): Promise<MessageReply> {
  const reply = await api.post<MessageReply>('/api/user/verify-email', { token } satisfies VerifyEmailBody)
  if (storage.get('token')) await refreshSession()
  return reply
}

export const resendVerification = () => api.post<MessageReply>('/api/user/verify-email/resend')

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail })
export const useResendVerification = () => useMutation({ mutationFn: resendVerification })

/**
 * True only when the access token says the address is not verified yet (claim `ev` false); the
 * server decides what that allows, this only shows the banner.
 */
export function addressUnverified(token: string | null): boolean {
  if (!token) return false
  return (decodeToken(token) as { ev?: unknown } | null)?.ev === false
}
