// Session state read from storage, reactive through useSyncExternalStore, plus logout and the
// timer that renews the access token shortly before it expires.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useSyncExternalStore } from 'react'
import { REFRESH_AHEAD_MS } from '../config/constants'
import { api, refreshSession } from './api-client'
import { isTokenValid, tokenExpiry } from './jwt'
import { type AuthData, storage, storageVersion, subscribeStorage } from './storage'

export interface Session {
  token: string | null
  authData: AuthData | null
  valid: boolean
}

export function readSession(): Session {
  const token = storage.get('token')
  return { token, authData: storage.getAuthData(), valid: isTokenValid(token) }
}

/** Re-renders the caller whenever the app writes to storage. */
export function useSession(): Session {
  useSyncExternalStore(subscribeStorage, storageVersion, storageVersion)
  return readSession()
}

// Set by an explicit logout so the guard does not offer the page the user just left as a return address.
let loggedOut = false
export function consumeLoggedOut(): boolean {
  const was = loggedOut
  loggedOut = false
  return was
}

export async function logout(clearCache: () => void): Promise<void> {
  try {
    await api.post('/api/logout')
  } catch {
    // The local session ends whatever the server says.
  }
  loggedOut = true
  storage.clear()
  clearCache()
}

/** Renews the token about a minute before its exp while the app is open. */
export function useTokenRenewal(token: string | null): void {
  useEffect(() => {
    if (!token) return
    const expiry = tokenExpiry(token)
    if (expiry === null) return
    const wait = Math.max(0, expiry - REFRESH_AHEAD_MS - Date.now())
    // Timers beyond ~24.8 days overflow; a session never lasts that long, so cap it.
    const timer = setTimeout(() => void refreshSession(), Math.min(wait, 2 ** 31 - 1))
    return () => clearTimeout(timer)
  }, [token])
}

/** Logout as a mutation: POST /api/logout, then local storage and the query cache are cleared.
 * Kept in lib (not a feature) because the shell and the inbound page both use it. */
export const useLogout = () => {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: () => logout(() => queryClient.clear()) })
}
