import type { ReactNode } from 'react'

/** A list card's heading with its primary action beside it. */
export function CardHeader({ children, action, onAction }: { children: ReactNode; action: string; onAction: () => void }) {
  return (
    <div className="card-header">
      {children}
      <button className="primary" onClick={onAction}>
        {action}
      </button>
    </div>
  )
}
