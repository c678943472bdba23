import { useState } from 'react'

/** A secret the server answers once (an API key, a signing secret): shown as text, with a copy button. */
export function ShownOnce({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    await navigator.clipboard.writeText(value)
    setCopied(true)
  }
  return (
    <div className="shown-once" role="status">
      <p>
        <strong>{label}</strong>: copy it now, it will not be shown again.
      </p>
      <code data-testid="shown-once">{value}</code>{' '}
      <button type="button" className="secondary small" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  )
}
