// Session state read from storage, reactive through useSyncExternalStore, plus logout and the
// renewal that keeps the access token alive while the app is open.
import type { MessageReply } from '@portal/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { REFRESH_AHEAD_MS } from '../config/constants'
import { api, renewSession } from './api-client'
import { removeDrafts } from './drafts'
import { isTokenValid, renewAheadMs, serverNow, tokenExpiry } from './jwt'
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
    await api.post<MessageReply>('/api/logout')
  } catch {
    // The local session ends whatever the server says.
  }
  loggedOut = true
  storage.clear()
  // Signing out on purpose leaves nothing typed behind for the next person at this machine.
  removeDrafts()
  clearCache()
}

/** Where the renewal of the current token stands; 'rejected' means the session is over. */
export type RenewalStatus = 'idle' | 'busy' | 'offline' | 'rejected'

/** Retry this often while the server cannot be reached (a laptop waking up before its network). */
export const RENEWAL_RETRY_MS = 15_000
const MAX_TIMER_MS = 2 ** 31 - 1

/**
 * Keeps the access token alive while the app is open: renews it shortly before its exp (see
 * renewAheadMs) and at once when it is already due. Timers do not run while a laptop sleeps and are
 * throttled in background tabs, so it also checks when the page shows again, gets focus or goes
 * back online, and retries while the server cannot be reached.
 */
export function useTokenRenewal(token: string | null): RenewalStatus {
  // The status belongs to one token: a new token starts 'idle' from its first render.
  const [state, setState] = useState<{ token: string | null; status: RenewalStatus }>({ token, status: 'idle' })
  useEffect(() => {
    const setStatus = (status: RenewalStatus) => setState({ token, status })
    if (!token) return
    const expiry = tokenExpiry(token)
    if (expiry === null) return
    const renewAt = expiry - renewAheadMs(token, REFRESH_AHEAD_MS)
    let stopped = false
    let over = false // refused: asking again cannot help
    let timer: ReturnType<typeof setTimeout> | undefined
    const schedule = (ms: number) => {
      clearTimeout(timer)
      timer = setTimeout(() => void renew(), Math.min(Math.max(0, ms), MAX_TIMER_MS))
    }
    const renew = async () => {
      clearTimeout(timer)
      setStatus('busy')
      const result = await renewSession()
      // 'renewed' stored a new token: this effect is replaced by the one for that token.
      if (stopped || result === 'renewed') return
      over = result === 'rejected'
      setStatus(over ? 'rejected' : 'offline')
      if (result === 'unavailable') schedule(RENEWAL_RETRY_MS)
    }
    const wake = () => {
      if (!over && document.visibilityState !== 'hidden' && serverNow() >= renewAt) void renew()
    }
    schedule(renewAt - serverNow())
    const events = ['focus', 'online', 'pageshow'] as const
    document.addEventListener('visibilitychange', wake)
    document.addEventListener('resume', wake) // a frozen page (Page Lifecycle API) runs again
    for (const e of events) window.addEventListener(e, wake)
    return () => {
      stopped = true
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', wake)
      document.removeEventListener('resume', wake)
      for (const e of events) window.removeEventListener(e, wake)
    }
  }, [token])
  return state.token === token ? state.status : 'idle'
}

/** Logout as a mutation: POST /api/logout, then local storage and the query cache are cleared.
 * Kept in lib (not a feature) because the shell and the inbound page both use it. */
export const useLogout = () => {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: () => logout(() => queryClient.clear()) })
}
