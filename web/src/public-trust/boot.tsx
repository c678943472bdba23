// Mounts the public trust center: hydrates the server's markup with the inlined data (#tc-data), or
// renders in the browser where the server sent the bare page (the NDA and legal pages). Hydration
// runs as a transition, so React yields to the browser between components on a slow phone.
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import type { TrustPage } from './api'
import { PublicApp } from './public-app'
import { DATA_ELEMENT_ID } from './ssr-data'

export function boot(): void {
  const root = document.getElementById('root')
  if (!root) return
  const data = document.getElementById(DATA_ELEMENT_ID)?.textContent
  const initial = data ? (JSON.parse(data) as { page: TrustPage }) : null
  const app = (
    <StrictMode>
      <PublicApp path={window.location.pathname} initialPage={initial?.page ?? null} />
    </StrictMode>
  )
  if (initial && root.firstElementChild)
    startTransition(() => {
      hydrateRoot(root, app)
    })
  else createRoot(root).render(app)
}
