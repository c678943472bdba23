// "Import completed questionnaires": several filled questionnaires at once (dropped on the box or
// picked), optionally kept for one client. Each file's outcome is listed: its answers imported, its
// columns to check first (the questionnaires' own column form, LayoutForm), or why it failed.
import { type DragEvent, type FormEvent, type ReactNode, useId, useRef, useState } from 'react'
import { FormError } from '../../../components/ui/form-message'
import { errorMessage } from '../../../lib/api-client'
import { useCompanies } from '../../enterprise/api'
import { LayoutForm } from '../../review/components/layout-form'
import { IMPORT_EXTENSIONS, importable, importLayout, type LibraryImport, useImportFiles } from '../api'

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
const kinds = IMPORT_EXTENSIONS.join(', ')

/** Adds `more` to `files`, leaving out a file already chosen (same name, size and date). */
function added(files: File[], more: File[]): File[] {
  const key = (f: File) => `${f.name}|${f.size}|${f.lastModified}`
  const have = new Set(files.map(key))
  return [...files, ...more.filter((f) => !have.has(key(f)))]
}

function ImportResult({ sent }: { sent: LibraryImport }) {
  const headingId = useId()
  // A file checked here becomes the import its saved columns made.
  const [done, setDone] = useState<LibraryImport | null>(null)
  const result = done ?? sent
  let body: ReactNode
  if (result.state === 'imported') {
    body = (
      <>
        <p className="form-success" role={done ? 'status' : undefined}>
          {`Imported: ${plural(result.imported, 'answer')}`}
          {result.unanswered ? ` (${plural(result.unanswered, 'question')} without an answer left out)` : ''}
        </p>
        {result.message && <p className="muted">{result.message}</p>}
      </>
    )
  } else if (result.state === 'failed') {
    body = <p className="form-error">{result.message || 'The file could not be read'}</p>
  } else if (result.layout) {
    body = (
      <>
        <p>{result.message || 'The product is unsure which columns hold the questions and answers: check them, and its answers are imported once saved.'}</p>
        <LayoutForm target={importLayout(result._id, setDone)} layout={result.layout} />
      </>
    )
  } else {
    body = <p className="form-error">{result.message || 'Its columns need checking, but could not be shown: import the file again.'}</p>
  }
  const state = { imported: 'Imported', check: 'Check the columns', failed: 'Not imported' }[result.state]
  return (
    <li className={`library-import-result ${result.state}`} aria-labelledby={headingId}>
      <h3 id={headingId}>
        <span className="library-import-file">{result.fileName}</span> <span className="badge">{state}</span>
      </h3>
      {body}
    </li>
  )
}

export function ImportPanel() {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const companies = useCompanies()
  const upload = useImportFiles()
  const [files, setFiles] = useState<File[]>([])
  const [refused, setRefused] = useState<string[]>([])
  const [companyId, setCompanyId] = useState('')
  const [over, setOver] = useState(false)
  const [error, setError] = useState('')
  const [results, setResults] = useState<LibraryImport[]>([])

  const choose = (list: FileList | null) => {
    const all = [...(list ?? [])]
    setFiles((f) =>
      added(
        f,
        all.filter((file) => importable(file.name)),
      ),
    )
    setRefused(all.filter((file) => !importable(file.name)).map((file) => file.name))
    setError('')
  }
  const drop = (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    choose(e.dataTransfer.files)
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!files.length) return setError('Choose at least one completed questionnaire to import')
    setError('')
    upload.mutate(
      { files, companyId },
      {
        onSuccess: (reply) => {
          setResults(reply)
          setFiles([])
          setRefused([])
          if (input.current) input.current.value = ''
        },
        onError: (err) => setError(errorMessage(err, 'The files could not be imported')),
      },
    )
    return undefined
  }

  return (
    <section className="card library-import" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Import completed questionnaires</h2>
      <p className="muted">Questionnaires your company already answered: each answered row becomes an entry of the library, offered first when drafting.</p>
      <form onSubmit={submit} noValidate>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop box only adds dropping to the file input inside it, which the keyboard uses */}
        <div
          className={over ? 'library-drop over' : 'library-drop'}
          onDragOver={(e) => {
            e.preventDefault()
            setOver(true)
          }}
          onDragLeave={() => setOver(false)}
          onDrop={drop}
        >
          <label htmlFor={`${id}-files`}>Drop files here, or choose them</label>
          <input
            ref={input}
            id={`${id}-files`}
            name="files"
            type="file"
            multiple
            accept={kinds}
            aria-describedby={`${id}-kinds`}
            onChange={(e) => choose(e.target.files)}
          />
          <p className="muted small" id={`${id}-kinds`}>{`Excel, CSV or Word files (${kinds}); several at once`}</p>
        </div>
        {refused.length > 0 && (
          <p className="form-error" role="alert">
            {`Not a questionnaire file the library can read (use ${kinds}): ${refused.join(', ')}`}
          </p>
        )}
        {files.length > 0 && (
          <ul className="library-chosen" aria-label="Files to import">
            {files.map((file, i) => (
              <li key={`${file.name}|${file.size}|${file.lastModified}`}>
                <span>{file.name}</span>
                <button
                  type="button"
                  className="link-button small"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => setFiles((f) => f.filter((_, j) => j !== i))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="field">
          <label htmlFor={`${id}-client`}>Client (optional)</label>
          <select id={`${id}-client`} name="company_id" value={companyId} aria-describedby={`${id}-client-hint`} onChange={(e) => setCompanyId(e.target.value)}>
            <option value="">Every client</option>
            {(companies.data ?? []).map((c) => (
              <option key={c._id} value={c._id}>
                {c.companyName}
              </option>
            ))}
          </select>
          <p className="muted small" id={`${id}-client-hint`}>
            {companies.isError
              ? 'The clients could not be loaded: the answers will be offered for every client.'
              : 'Keep the answers for one client only, or offer them for every client'}
          </p>
        </div>
        <FormError>{error}</FormError>
        <div className="actions">
          <button type="submit" className="primary" disabled={upload.isPending} aria-busy={upload.isPending || undefined}>
            {upload.isPending ? 'Importing…' : files.length ? `Import ${plural(files.length, 'file')}` : 'Import'}
          </button>
        </div>
      </form>
      {results.length > 0 && (
        <section aria-labelledby={`${id}-results`} className="library-import-results">
          <h3 id={`${id}-results`}>Last import</h3>
          <ul>
            {results.map((r, i) => (
              // A failed file has no id: the position tells results apart (the list is replaced whole, never reordered).
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <ImportResult key={`${i}-${r._id}`} sent={r} />
            ))}
          </ul>
        </section>
      )}
    </section>
  )
}
