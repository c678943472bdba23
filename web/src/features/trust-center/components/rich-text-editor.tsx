// A small rich-text editor: people write plain text with a light markup, the server receives HTML
// of the allowlisted tags only. Blank lines separate paragraphs, "- " starts a bullet, **bold**,
// *italic*, and [text](https://link). The server sanitises again; nothing here is trusted.
import { useId } from 'react'
import { RichText } from '../../../public-trust/rich-text'

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function inline(text: string): string {
  return escapeHtml(text)
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/\*(.+?)\*/g, '<em>$1</em>')
    .replace(/\[([^\]]+)\]\(((?:https:\/\/|mailto:)[^)\s]+)\)/g, '<a href="$2">$1</a>')
}

const BULLET_LINE = /^\s*[-*] /

/** Light markup → allowlisted HTML. */
export function markupToHtml(markup: string): string {
  return markup
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => {
      // Runs of "- " / "* " lines are a list, the lines around them a paragraph: "Intro\n- a\n- b" too (issue 25).
      const runs: { bullet: boolean; lines: string[] }[] = []
      for (const line of block.split('\n')) {
        const bullet = BULLET_LINE.test(line)
        const last = runs[runs.length - 1]
        if (last && last.bullet === bullet) last.lines.push(line)
        else runs.push({ bullet, lines: [line] })
      }
      return runs
        .map((r) =>
          r.bullet ? `<ul>${r.lines.map((l) => `<li>${inline(l.replace(BULLET_LINE, ''))}</li>`).join('')}</ul>` : `<p>${r.lines.map(inline).join('<br>')}</p>`,
        )
        .join('')
    })
    .join('')
}

/** Stored HTML → light markup, to edit it again. */
export function htmlToMarkup(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body
  const walk = (n: Node): string => {
    if (n.nodeType === Node.TEXT_NODE) return n.textContent ?? ''
    if (n.nodeType !== Node.ELEMENT_NODE) return ''
    const el = n as Element
    const inner = Array.from(el.childNodes, walk).join('')
    switch (el.tagName.toLowerCase()) {
      case 'strong':
      case 'b':
        return `**${inner}**`
      case 'em':
      case 'i':
        return `*${inner}*`
      case 'a':
        return `[${inner}](${el.getAttribute('href') ?? ''})`
      case 'br':
        return '\n'
      case 'li':
        return `- ${inner}\n`
      case 'ul':
      case 'ol':
        return `${inner.trimEnd()}\n\n`
      case 'p':
      case 'h3':
      case 'h4':
      case 'blockquote':
        return `${inner}\n\n`
      default:
        return inner
    }
  }
  return Array.from(body.childNodes, walk).join('').trim()
}

export function RichTextEditor({ label, value, onChange, rows = 8 }: { label: string; value: string; onChange(markup: string): void; rows?: number }) {
  const id = useId()
  return (
    <div className="field rich-editor">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} name="description" rows={rows} value={value} onChange={(e) => onChange(e.target.value)} maxLength={15000} />
      <p className="muted small">Blank line: new paragraph · "- " bullet · **bold** · *italic* · [text](https://link)</p>
      {value.trim() && (
        <div className="rich-preview">
          <RichText html={markupToHtml(value)} />
        </div>
      )}
    </div>
  )
}
