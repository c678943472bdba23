// Toasts (auto-dismissed) and the snack bar of spec §4: 'warn' | 'success' | 'info' | 'error' turn that
// kind on; 'off', 'clean' or 0 turn it off.
import { createContext, type ReactNode, useCallback, useContext, useMemo, useReducer, useRef, useState } from 'react'
import { TOAST_MS } from '../../config/constants'

export type NoticeKind = 'success' | 'error' | 'info' | 'warn'
export type SnackbarAction = NoticeKind | 'off' | 'clean' | 0

export interface SnackbarState {
  open: boolean
  kind: NoticeKind | null
  message: string
}
export const SNACKBAR_CLOSED: SnackbarState = { open: false, kind: null, message: '' }

export function snackbarReducer(state: SnackbarState, action: { type: SnackbarAction; message?: string }): SnackbarState {
  switch (action.type) {
    case 'warn':
    case 'success':
    case 'info':
    case 'error':
      return { open: true, kind: action.type, message: action.message ?? state.message }
    case 'off':
    case 'clean':
    case 0:
      return SNACKBAR_CLOSED
    default:
      return state
  }
}

interface Toast {
  id: number
  kind: NoticeKind
  message: string
}
interface NotificationsApi {
  toast: (kind: NoticeKind, message: string) => void
  snackbar: (action: SnackbarAction, message?: string) => void
}
const NotificationsContext = createContext<NotificationsApi>({ toast: () => {}, snackbar: () => {} })
export const useNotifications = (): NotificationsApi => useContext(NotificationsContext)

const TITLES: Record<NoticeKind, string> = { success: 'Success', error: 'Error', info: 'Info', warn: 'Warning' }

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const [snack, dispatch] = useReducer(snackbarReducer, SNACKBAR_CLOSED)
  const nextId = useRef(1)

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), [])
  const toast = useCallback(
    (kind: NoticeKind, message: string) => {
      const id = nextId.current++
      setToasts((list) => [...list, { id, kind, message }])
      setTimeout(() => dismiss(id), TOAST_MS)
    },
    [dismiss],
  )
  const snackbar = useCallback((type: SnackbarAction, message?: string) => dispatch({ type, ...(message === undefined ? {} : { message }) }), [])
  const value = useMemo(() => ({ toast, snackbar }), [toast, snackbar])

  return (
    <NotificationsContext.Provider value={value}>
      {children}
      <div className="toasts" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
            <strong>{TITLES[t.kind]}</strong> <span>{t.message}</span>
            <button className="link-button" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
      {snack.open && snack.kind && (
        <div className={`snackbar toast-${snack.kind}`} role="status">
          <span>{snack.message}</span>
          <button className="link-button" onClick={() => dispatch({ type: 'off' })}>
            Close
          </button>
        </div>
      )}
    </NotificationsContext.Provider>
  )
}
