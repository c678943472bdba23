// Single sign-on (identity service, @portal/contracts identity-sso.ts): the email-first discovery,
// the ticket exchange after the provider, and the admins' provider, domains and policy.
import type {
  LoginReply,
  OidcSettingBody,
  OidcSettingReply,
  OidcSettingSaved,
  SamlSettingBody,
  SamlSettingReply,
  SamlSettingSaved,
  SsoDiscoverReply,
  SsoDomainReply,
} from '@portal/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, saveSession } from '../../../lib/api-client'
import { applyTheme } from '../../../lib/theme'

export const discoverSso = (email: string) => api.get<SsoDiscoverReply>(`/api/sso/discover?email=${encodeURIComponent(email)}`).then((r) => r.data.sso)

/** The browser goes to the portal's start route, which sends it on to the company's provider. */
export const ssoStartUrl = (email: string) => `/api/sso/start?email=${encodeURIComponent(email)}`

/** Trades the ticket of /login/sso for the session, as a password sign-in would open it. */
export async function exchangeTicket(ticket: string): Promise<LoginReply> {
  const reply = await api.post<LoginReply>('/api/sso/exchange', { ticket })
  if (reply?.data?.token) saveSession(reply.data)
  applyTheme(reply?.themesettings)
  return reply
}

const KEY = ['sso-settings']
export const useSsoSettings = () => useQuery({ queryKey: KEY, queryFn: () => api.get<OidcSettingReply>('/api/sso/oidc').then((r) => r.data) })

function useSsoMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient()
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) })
}

export const useSaveOidc = () => useSsoMutation((body: OidcSettingBody) => api.put<OidcSettingSaved>('/api/sso/oidc', body).then((r) => r.data))
export const useRemoveOidc = () => useSsoMutation(() => api.delete<unknown>('/api/sso/oidc'))
export const useAddDomain = () => useSsoMutation((domain: string) => api.post<SsoDomainReply>('/api/sso/domains', { domain }).then((r) => r.data))
export const useVerifyDomain = () => useSsoMutation((domain: string) => api.post<SsoDomainReply>('/api/sso/domains/verify', { domain }).then((r) => r.data))
export const useRemoveDomain = () => useSsoMutation((domain: string) => api.delete<unknown>(`/api/sso/domains/${encodeURIComponent(domain)}`))
export const useSsoPolicy = () => useSsoMutation((required: boolean) => api.put<unknown>('/api/sso/policy', { required }))

// SAML: under the same key prefix, so any SSO change refreshes both views.
const SAML_KEY = [...KEY, 'saml']
export const useSamlSettings = () => useQuery({ queryKey: SAML_KEY, queryFn: () => api.get<SamlSettingReply>('/api/sso/saml').then((r) => r.data) })
export const useSaveSaml = () => useSsoMutation((body: SamlSettingBody) => api.put<SamlSettingSaved>('/api/sso/saml', body).then((r) => r.data))
export const useRemoveSaml = () => useSsoMutation(() => api.delete<unknown>('/api/sso/saml'))
