// Renders the stored rich text (HTML already sanitised by the server) by reading it into React
// elements: only the allowlisted tags, only https/mailto links, everything else as text. The reader
// is a small tokenizer instead of DOMParser so that the server renders the public page with the very
// same elements the browser then hydrates. Never dangerouslySetInnerHTML: a stored payload that
// slipped past the server still cannot run, on either side.
import { createElement, Fragment, type ReactNode } from 'react'

const TAGS = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'blockquote'])
/** Elements dropped with everything inside them (code or containers of other documents). */
const DROPPED = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'template',
  'svg',
  'math',
  'noscript',
  'textarea',
  'title',
  'xmp',
  'plaintext',
  'noembed',
  'noframes',
])
/** Elements whose content is raw text up to their closing tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'iframe', 'noscript'])
const VOID = new Set(['br', 'img', 'hr', 'input', 'meta', 'link', 'area', 'base', 'col', 'embed', 'source', 'track', 'wbr', 'param'])
const SAFE_HREF = /^(https:|mailto:)/i

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/** Decodes the character references a serialiser writes (named basics and numeric ones). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10)
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\ufffd'
    }
    return NAMED[ref.toLowerCase()] ?? whole
  })
}

interface El {
  tag: string
  href: string | undefined
  children: Array<El | string>
}

function hrefOf(attrs: string): string | undefined {
  const m = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i.exec(attrs)
  if (!m) return undefined
  return decodeEntities(m[1] ?? m[2] ?? m[3] ?? '')
}

/** Reads HTML into a tree of elements and text; tolerant of anything (unclosed, stray, malformed). */
export function parseRichText(html: string): Array<El | string> {
  const root: El = { tag: '#root', href: undefined, children: [] }
  const stack: El[] = [root]
  const top = () => stack[stack.length - 1]!
  const tagRe = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<!--[\s\S]*?(?:-->|$)|<![^>]*>|<\?[^>]*>/g
  let at = 0
  const text = (s: string) => {
    if (!s) return
    const kids = top().children
    const decoded = decodeEntities(s)
    if (typeof kids[kids.length - 1] === 'string') kids[kids.length - 1] += decoded
    else kids.push(decoded)
  }
  for (let m = tagRe.exec(html); m; m = tagRe.exec(html)) {
    text(html.slice(at, m.index))
    at = tagRe.lastIndex
    if (m[2] === undefined) continue // comment, doctype or processing instruction
    const tag = m[2].toLowerCase()
    if (m[1]) {
      // A closing tag closes its nearest open element; a stray one is ignored.
      for (let i = stack.length - 1; i > 0; i--) {
        if (stack[i]!.tag === tag) {
          stack.length = i
          break
        }
      }
      continue
    }
    if (RAW_TEXT.has(tag)) {
      // Its content is not markup: skip to its end tag (or the end of the input).
      const end = html.toLowerCase().indexOf(`</${tag}`, at)
      const content = end < 0 ? html.slice(at) : html.slice(at, end)
      at = end < 0 ? html.length : html.indexOf('>', end) + 1 || html.length
      tagRe.lastIndex = at
      if (!DROPPED.has(tag)) text(content)
      continue
    }
    const el: El = { tag, href: tag === 'a' ? hrefOf(m[3] ?? '') : undefined, children: [] }
    top().children.push(el)
    if (!VOID.has(tag) && !/\/\s*$/.test(m[3] ?? '')) stack.push(el)
  }
  text(html.slice(at))
  return root.children
}

const BULLET = /^[ \t\u00a0]*[-*][ \t\u00a0]+/

/**
 * A paragraph whose lines (split at <br> and line breaks) include "- " or "* " bullets becomes
 * paragraphs and lists, as the editor's hint promises (issue 25): content saved before the editor
 * made lists itself, or typed as "text\n- a\n- b", still reads as a list. Elements, never HTML.
 */
export function listify(p: El): El[] {
  const lines: Array<Array<El | string>> = [[]]
  for (const child of p.children) {
    if (typeof child !== 'string') {
      if (child.tag === 'br') lines.push([])
      else lines[lines.length - 1]!.push(child)
      continue
    }
    child.split('\n').forEach((part, i) => {
      if (i > 0) lines.push([])
      if (part) lines[lines.length - 1]!.push(part)
    })
  }
  const isBullet = (line: Array<El | string>) => typeof line[0] === 'string' && BULLET.test(line[0])
  if (!lines.some(isBullet)) return [p]
  const out: El[] = []
  let current: El | undefined
  for (const line of lines) {
    if (isBullet(line)) {
      if (current?.tag !== 'ul') {
        current = { tag: 'ul', href: undefined, children: [] }
        out.push(current)
      }
      current.children.push({ tag: 'li', href: undefined, children: [(line[0] as string).replace(BULLET, ''), ...line.slice(1)] })
    } else {
      if (line.every((n) => typeof n === 'string' && !n.trim())) continue
      if (current?.tag !== 'p') {
        current = { tag: 'p', href: undefined, children: [] }
        out.push(current)
      } else current.children.push({ tag: 'br', href: undefined, children: [] })
      current.children.push(...line)
    }
  }
  return out
}

function toReact(node: El | string, key: number): ReactNode {
  if (typeof node === 'string') return node
  const { tag } = node
  if (tag === 'p') {
    const parts = listify(node)
    if (parts.length !== 1 || parts[0] !== node)
      return createElement(Fragment, { key }, ...parts.map((part, i) => createElement(part.tag, { key: i }, ...part.children.map(toReact))))
  }
  if (DROPPED.has(tag)) return null
  const children = node.children.map(toReact)
  // An unknown element keeps its text but loses itself.
  if (!TAGS.has(tag)) return VOID.has(tag) ? null : createElement('span', { key }, ...children)
  if (tag === 'br') return createElement('br', { key })
  if (tag === 'a') {
    const href = node.href?.trim() ?? ''
    return SAFE_HREF.test(href)
      ? createElement('a', { key, href, rel: 'noopener noreferrer nofollow', target: '_blank' }, ...children)
      : createElement('span', { key }, ...children)
  }
  return createElement(tag, { key }, ...children)
}

export function RichText({ html, className }: { html: string; className?: string }) {
  if (!html) return null
  return <div className={className ?? 'rich-text'}>{parseRichText(html).map(toReact)}</div>
}

/** The text of rich text, whitespace collapsed (for meta descriptions). */
export function richTextPlain(html: string): string {
  const out: string[] = []
  const walk = (n: El | string) => {
    if (typeof n === 'string') out.push(n)
    else if (!DROPPED.has(n.tag)) {
      if (n.tag === 'br' || n.tag === 'p' || n.tag === 'li') out.push(' ')
      n.children.forEach(walk)
    }
  }
  parseRichText(html).forEach(walk)
  return out.join('').replace(/\s+/g, ' ').trim()
}
