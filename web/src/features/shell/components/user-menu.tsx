import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { fullName } from '../../../lib/validation'
import { useLogout } from '../../../lib/auth'

/** Header dropdown: the user's capitalised name, then Profile, Setting and Logout. */
export function UserMenu({ firstName, lastName }: { firstName?: string | undefined; lastName?: string | undefined }) {
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLDivElement>(null)
  const navigate = useNavigate()
  const logout = useLogout()

  useEffect(() => {
    if (!open) return
    const onDoc = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false)
    }
    document.addEventListener('mousedown', onDoc)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onDoc)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  const onLogout = () => {
    setOpen(false)
    logout.mutate(undefined, { onSettled: () => navigate('/login', { replace: true }) })
  }

  return (
    <div className="user-menu" ref={ref}>
      <button className="user-button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
        {fullName(firstName, lastName) || 'Account'} ▾
      </button>
      {open && (
        <div className="dropdown" role="menu">
          <Link role="menuitem" to="/profile" onClick={() => setOpen(false)}>
            Profile
          </Link>
          <Link role="menuitem" to="/settings" onClick={() => setOpen(false)}>
            Setting
          </Link>
          <button role="menuitem" onClick={onLogout} disabled={logout.isPending}>
            Logout
          </button>
        </div>
      )}
    </div>
  )
}
