// Second factor: the profile's set-up (authenticator app, recovery codes, passkeys), the company
// setting, and the sign-in's second step. Passkeys go through @simplewebauthn/browser, which turns
// the server's options into the browser's navigator.credentials calls and back.
import type {
  EnrolConfirmReply,
  LoginReply,
  MessageReply,
  MfaChallenge,
  MfaPolicyReply,
  MfaStatusReply,
  RecoveryCodesReply,
  TotpStartReply,
} from '@portal/contracts'
import { startAuthentication, startRegistration } from '@simplewebauthn/browser'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, saveSession } from '../../../lib/api-client'
import { applyTheme } from '../../../lib/theme'

export type { MfaChallenge }

const statusKey = ['mfa', 'status'] as const
export const useMfaStatus = () => useQuery({ queryKey: statusKey, queryFn: () => api.get<MfaStatusReply>('/api/mfa') })

const useRefreshing = <I, O>(fn: (input: I) => Promise<O>) => {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: fn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: statusKey }) })
}

export const useStartTotp = () => useMutation({ mutationFn: () => api.post<TotpStartReply>('/api/mfa/totp') })
export const useConfirmTotp = () => useRefreshing((code: string) => api.post<RecoveryCodesReply>('/api/mfa/totp/confirm', { code }))
export const useDisableTotp = () => useRefreshing((code: string) => api.post<MessageReply>('/api/mfa/totp/disable', { code }))
export const useRemovePasskey = () => useRefreshing((id: string) => api.delete<MessageReply>(`/api/mfa/webauthn/credentials/${encodeURIComponent(id)}`))
export const useMfaPolicy = () => useRefreshing((required: boolean) => api.put<MfaPolicyReply>('/api/mfa/policy', { required }))
export const resetMemberMfa = (id: string) => api.post<MessageReply>(`/api/mfa/reset/${encodeURIComponent(id)}`)

/** Options from the server, the browser's ceremony (the authenticator), the answer back. */
export const useAddPasskey = () =>
  useRefreshing(async (name: string) => {
    const options = await api.post<{ data: Parameters<typeof startRegistration>[0]['optionsJSON'] }>('/api/mfa/webauthn/registration/options')
    const response = await startRegistration({ optionsJSON: options.data })
    return api.post<MessageReply>('/api/mfa/webauthn/registration/verify', { response, name })
  })

const signedIn = <R extends { data: Parameters<typeof saveSession>[0]; themesettings?: LoginReply['themesettings'] }>(reply: R) => {
  saveSession(reply.data)
  applyTheme(reply.themesettings)
  return reply
}

/** The second step with a code (authenticator app or recovery code). */
export const verifyCode = (mfaToken: string, code: string) => api.post<LoginReply>('/api/mfa/verify', { mfaToken, code }).then(signedIn)

/** The second step with a passkey. */
export async function verifyPasskey(mfaToken: string): Promise<LoginReply> {
  const options = await api.post<{ data: Parameters<typeof startAuthentication>[0]['optionsJSON'] }>('/api/mfa/webauthn/authentication/options', { mfaToken })
  const response = await startAuthentication({ optionsJSON: options.data })
  return api.post<LoginReply>('/api/mfa/webauthn/authentication/verify', { mfaToken, response }).then(signedIn)
}

/** Enrolment during sign-in (the company requires a factor): no session until it is confirmed. */
export const startEnrolment = (mfaToken: string) => api.post<TotpStartReply>('/api/mfa/enrol/totp', { mfaToken })
export const confirmEnrolment = (mfaToken: string, code: string) =>
  api.post<EnrolConfirmReply>('/api/mfa/enrol/confirm', { mfaToken, code }).then((reply) => {
    const { recoveryCodes, ...user } = reply.data
    signedIn({ data: user, themesettings: reply.themesettings })
    return recoveryCodes
  })

/** The reply of a sign-in (or an invited sign-up) that asks for the second factor. */
export const challengeIn = (reply: unknown): MfaChallenge | undefined => {
  const data = (reply as { data?: Partial<MfaChallenge> } | undefined)?.data
  return data?.mfaRequired === true && typeof data.mfaToken === 'string' ? (data as MfaChallenge) : undefined
}
