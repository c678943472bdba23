import type { ReactNode } from 'react'

export interface LegalSection {
  heading: string
  paragraphs: string[]
}

export const LAST_UPDATED = 'Aug 14, 2024'

export function LegalPage({ title, sections, footer }: { title: string; sections: LegalSection[]; footer?: ReactNode }) {
  return (
    <div className="legal-page">
      <header className="app-header">
        {/* A plain link: these pages also render in the public trust-center bundle, which has no router. */}
        <a href="/" className="brand">
          Trust Portal
        </a>
      </header>
      <main className="legal-content">
        <h1>{title}</h1>
        <p className="muted">Last updated: {LAST_UPDATED}</p>
        {sections.map((section, i) => (
          <section key={section.heading}>
            <h2>
              {i + 1}. {section.heading}
            </h2>
            {section.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
        ))}
        {footer}
      </main>
    </div>
  )
}
