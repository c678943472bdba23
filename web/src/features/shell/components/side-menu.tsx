import { NavLink } from 'react-router-dom'

interface MenuItem {
  to: string
  label: string
  newTab?: boolean
  adminOnly?: boolean
}

const ITEMS: MenuItem[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/enterprise', label: 'AI Questionnaire Review' },
  { to: '/answer-library', label: 'Answer Library' },
  { to: '/knowledge-base', label: 'Knowledge base' },
  { to: '/trust-center-editor', label: 'Trust Center Editor' },
  { to: '/trust-center', label: 'Trust Center Preview', newTab: true },
  { to: '/account', label: 'Trust Center Access Request' },
  { to: '/outbound', label: 'Security Questionnaire' },
  { to: '/people', label: 'People', adminOnly: true },
  { to: '/settings/sso', label: 'Single sign-on', adminOnly: true },
  { to: '/settings/api-keys', label: 'API keys', adminOnly: true },
  { to: '/settings/webhooks', label: 'Webhooks', adminOnly: true },
  { to: '/audit-log', label: 'Audit log', adminOnly: true },
  { to: '/settings', label: 'Settings' },
  { to: '/NDA/addNDA', label: 'NDA' },
  { to: '/terms-of-service', label: 'Terms of Service', newTab: true },
  { to: '/privacy-policy', label: 'Privacy Policy', newTab: true },
]

export function SideMenu({ admin, onNavigate }: { admin: boolean; onNavigate?: () => void }) {
  return (
    <nav className="side-menu" aria-label="Main">
      <ul>
        {ITEMS.filter((item) => admin || !item.adminOnly).map((item) => (
          <li key={item.to}>
            {item.newTab ? (
              <a href={item.to} target="_blank" rel="noopener noreferrer">
                {item.label}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : (
              <NavLink to={item.to} onClick={onNavigate}>
                {item.label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}
