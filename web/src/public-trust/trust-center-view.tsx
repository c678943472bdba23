// The trust center as visitors see it: header with logo and theme, overview, documents, compliance
// and security. Pure view: the public bundle and the signed-in preview feed it their data.
import type { CSSProperties, ReactNode } from 'react'
import type { TrustChange, TrustDocument, TrustPage } from './api'
import { Badge, STATUS_TEXT } from './badges'
import { RichText } from './rich-text'
import { AA_CONTRAST, contrastRatio, readableTextColor } from '../lib/theme'

export function humanSize(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB']
  let n = bytes
  let i = 0
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024
    i++
  }
  return `${i === 0 ? n : n.toFixed(2)} ${units[i]}`
}

/** The admin's colour where text in it is readable on the white cards (WCAG AA), else `fallback`. */
const onWhite = (colour: string, fallback: string) => ((contrastRatio(colour, '#ffffff') ?? 0) >= AA_CONTRAST ? colour : fallback)

/**
 * The theme as CSS variables, with every text readable whatever colours the admin chose: text on
 * the header and on buttons is black or white, whichever contrasts more with them; body text and
 * links keep the chosen colours only where they are readable on white.
 */
export const themeStyle = (t: TrustPage['theme']) =>
  ({
    '--tc-header': t.headerColor,
    '--tc-header-text': readableTextColor(t.headerColor),
    '--tc-background': t.backgroundColor,
    '--tc-text': onWhite(t.textColor, '#000000'),
    '--tc-button': t.buttonColor,
    '--tc-button-text': readableTextColor(t.buttonColor),
    '--tc-link': onWhite(t.buttonColor, '#0a58ca'),
  }) as CSSProperties

function DocIcon({ locked }: { locked: boolean }) {
  return (
    <svg className="tc-doc-icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      {locked ? (
        <path d="M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1zm2 0h6V7a3 3 0 0 0-6 0z" />
      ) : (
        <path d="M6 2h8l5 5v14a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zm7 1.5V8h4.5zM8 12h8v1.5H8zm0 3.5h8V17H8z" />
      )}
    </svg>
  )
}

const KIND_TEXT = { document: 'Document', compliance: 'Certification' } as const

/** A change's date, the same on the server and in any browser (UTC, fixed locale): hydration matches. */
export const changeDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' })

/**
 * One card of the page: its heading (in a row with `action` when the card has one, even while it is
 * null), then its list or, when it has none, `emptyText`.
 */
function Card({
  id,
  title,
  action,
  empty,
  emptyText = 'No Data found',
  children,
}: {
  id: string
  title: string
  action?: ReactNode
  empty: boolean
  emptyText?: string
  children: ReactNode
}) {
  const heading = <h2 id={id}>{title}</h2>
  return (
    <section className="tc-card" aria-labelledby={id}>
      {action !== undefined ? (
        <div className="tc-card-head">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {empty ? <p className="tc-muted">{emptyText}</p> : children}
    </section>
  )
}

export function Changelog({ changes }: { changes: TrustChange[] }) {
  return (
    <Card id="tc-changelog" title="Changelog" empty={changes.length === 0} emptyText="No changes yet">
      <ul className="tc-changelog">
        {changes.map((c) => (
          <li key={c._id}>
            <time dateTime={c.date}>{changeDate(c.date)}</time>
            <span>
              {KIND_TEXT[c.kind]} {c.action}: <strong>{c.title}</strong>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  )
}

export interface DocumentActions {
  /** True when the visitor may fetch `approval` documents now. */
  granted: boolean
  onDownload(doc: TrustDocument): void
  onDownloadAll?: () => void
  /** `doc`: the document the visitor asked from (staff are told which one); none for the whole trust center. */
  onRequestAccess(doc?: TrustDocument): void
}

export function TrustCenterView({
  page,
  actions,
  banner,
  headerExtra,
  after,
  footer = true,
}: {
  page: TrustPage
  actions: DocumentActions
  banner?: ReactNode
  headerExtra?: ReactNode
  after?: ReactNode
  footer?: boolean
}) {
  const title = page.companyTitle || page.cname
  const gatedCount = page.documents.filter((d) => d.visibility === 'approval').length
  return (
    <div className="tc" style={themeStyle(page.theme)}>
      {banner}
      <header className="tc-header">
        <div className="tc-brand">
          {page.logo ? <img src={page.logo} alt={`${title} logo`} className="tc-logo" width={120} height={36} /> : null}
          <span className="tc-title">{title} Trust Center</span>
        </div>
        <div className="tc-header-actions">
          {headerExtra}
          {!actions.granted && gatedCount > 0 && (
            <button type="button" className="tc-button" onClick={() => actions.onRequestAccess()}>
              Request access
            </button>
          )}
        </div>
      </header>
      <main className="tc-main">
        <section className="tc-card tc-overview" aria-labelledby="tc-overview">
          <h1 id="tc-overview">{page.overview?.subTitle || `Security at ${title}`}</h1>
          {page.overview?.description ? <RichText html={page.overview.description} /> : <p className="tc-muted">This trust center has no overview yet.</p>}
        </section>

        <Card
          id="tc-docs"
          title="Documents"
          empty={page.documents.length === 0}
          action={
            actions.onDownloadAll && page.documents.length > 1 && (actions.granted || page.documents.every((d) => d.visibility === 'public')) ? (
              <button type="button" className="tc-link" onClick={actions.onDownloadAll}>
                Download all
              </button>
            ) : null
          }
        >
          <ul className="tc-docs">
            {page.documents.map((d) => {
              const locked = d.visibility === 'approval' && !actions.granted
              return (
                <li key={d._id}>
                  <DocIcon locked={locked} />
                  <span className="tc-doc-name">
                    <strong>{d.title || d.fileName}</strong>
                    <small className="tc-muted">
                      {humanSize(d.size)}
                      {locked ? ' · requires approval' : ''}
                    </small>
                  </span>
                  {locked ? (
                    <button
                      type="button"
                      className="tc-link"
                      onClick={() => actions.onRequestAccess(d)}
                      aria-label={`Request access to ${d.title || d.fileName}`}
                    >
                      Request access
                    </button>
                  ) : (
                    <button type="button" className="tc-link" onClick={() => actions.onDownload(d)} aria-label={`Download ${d.title || d.fileName}`}>
                      Download
                    </button>
                  )}
                </li>
              )
            })}
          </ul>
        </Card>

        <Card id="tc-compliance" title="Compliance" empty={page.compliance.length === 0}>
          <ul className="tc-compliance">
            {page.compliance.map((c) => (
              <li key={c._id}>
                <Badge badge={c.badge} framework={c.framework} status={c.status} />
                <div>
                  <strong>{c.framework}</strong>
                  <span className={`tc-status tc-status-${c.status}`}>{STATUS_TEXT[c.status]}</span>
                  {c.description && <p className="tc-muted">{c.description}</p>}
                </div>
              </li>
            ))}
          </ul>
        </Card>

        <Card id="tc-security" title="Security" empty={page.security.length === 0}>
          <div className="tc-security">
            {page.security.map((s) => (
              <article key={s._id} className="tc-security-card">
                <h3>{s.title}</h3>
                {s.description && <p className="tc-muted">{s.description}</p>}
                <ul>
                  {s.subdata.map((i) => (
                    <li key={i._id}>
                      <strong>{i.title}</strong>
                      {i.description ? <span> {i.description}</span> : null}
                    </li>
                  ))}
                </ul>
              </article>
            ))}
          </div>
        </Card>
        {page.changelog && <Changelog changes={page.changelog} />}
        {after}
      </main>
      {footer && (
        <footer className="tc-footer">
          {page.nda && <a href="/NDA">NDA</a>}
          <a href="/terms-of-service">Terms of Service</a>
          <a href="/privacy-policy">Privacy Policy</a>
        </footer>
      )}
    </div>
  )
}
