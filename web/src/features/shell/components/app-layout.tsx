import { Suspense, useState } from 'react'
import { Outlet, useLocation } from 'react-router-dom'
import { Spinner } from '../../../components/ui/spinner'
import { useSession } from '../../../lib/auth'
import { VerifyBanner } from '../../auth/components/verify-banner'
import { SideMenu } from './side-menu'
import { UserMenu } from './user-menu'

/** The signed-in shell: header with the user menu, left menu, and the routed screen. */
export function AppLayout() {
  const { authData } = useSession()
  const [menuOpen, setMenuOpen] = useState(false)
  const location = useLocation()
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <button className="menu-toggle" aria-expanded={menuOpen} aria-controls="side-menu" onClick={() => setMenuOpen((v) => !v)}>
          Menu
        </button>
        <span className="brand">Trust Portal</span>
        <UserMenu firstName={authData?.firstName} lastName={authData?.lastName} />
      </header>
      <div className="shell-body">
        <aside id="side-menu" className={menuOpen ? 'sidebar open' : 'sidebar'}>
          <SideMenu admin={authData?.admin === true} onNavigate={() => setMenuOpen(false)} />
        </aside>
        <main id="main" className="content" key={location.pathname}>
          <VerifyBanner />
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  )
}
