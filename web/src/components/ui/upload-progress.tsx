// Each file of an upload batch with its own progress: waiting, uploading, uploaded, or failed with
// the reason; and the batch's count as a progress bar.
import type { UploadItem } from '../../lib/upload-queue'
import { stateWords } from '../../lib/upload-queue'
import { Spinner } from './spinner'
import './upload.css'

export function UploadProgress({ items, label = 'Uploads' }: { items: readonly UploadItem[]; label?: string }) {
  if (!items.length) return null
  const finished = items.filter((i) => i.state === 'uploaded' || i.state === 'failed').length
  return (
    <section className="upload-progress" aria-label={label}>
      <div className="progress" role="progressbar" aria-label="Files uploaded" aria-valuemin={0} aria-valuemax={items.length} aria-valuenow={finished}>
        <span style={{ width: `${Math.round((finished / items.length) * 100)}%` }} />
      </div>
      <p className="muted small">{`${finished} of ${items.length} files done`}</p>
      {/* Scrolls when long: focusable, so the keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard */}
      <ul tabIndex={0} aria-label="Files of this upload">
        {items.map((i) => (
          <li key={i.key} className={`upload-item ${i.state}`}>
            <span className="upload-name">{i.name}</span>
            <div className="upload-state">
              {i.state === 'uploading' && <Spinner label={`Uploading ${i.name}`} />}
              <span>{i.state === 'failed' && i.error ? `${stateWords.failed}: ${i.error}` : stateWords[i.state]}</span>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
