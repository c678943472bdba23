import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { Spinner } from '../../../components/ui/spinner'
import { PROVISION_WAIT_MS } from '../../../config/constants'
import { storage } from '../../../lib/storage'
import { updateProvisioned } from '../api/provision'

/** Marks the new tenant provisioned, waits 4 s, then opens the editor (or sign-in if it failed). */
export function Provisioning() {
  const navigate = useNavigate()
  useEffect(() => {
    let cancelled = false
    const email = storage.getAuthData()?.email
    const call = email
      ? updateProvisioned(email)
          .then((reply) => reply?.success !== false)
          .catch(() => false)
      : Promise.resolve(false)
    const wait = new Promise((resolve) => setTimeout(resolve, PROVISION_WAIT_MS))
    void Promise.all([call, wait]).then(([ok]) => {
      if (!cancelled) navigate(ok ? '/trust-center-editor' : '/login', { replace: true })
    })
    return () => {
      cancelled = true
    }
  }, [navigate])
  return (
    <div className="auth-page">
      <main className="auth-card center">
        <h1>Provisioning Infrastructure For Trust Center</h1>
        <Spinner label="Provisioning" />
      </main>
    </div>
  )
}
