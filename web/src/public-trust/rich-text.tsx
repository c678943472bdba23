// Renders the stored rich text (HTML already sanitised by the server) by walking the parsed tree
// into React elements: only the allowlisted tags, only https/mailto links, everything else as text.
// Never dangerouslySetInnerHTML: a stored payload that slipped past the server still cannot run.
import { createElement, type ReactNode } from 'react'

const TAGS = new Set(['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'blockquote'])
const SAFE_HREF = /^(https:|mailto:)/i

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent
  if (node.nodeType !== Node.ELEMENT_NODE) return null
  const el = node as Element
  const tag = el.tagName.toLowerCase()
  const children = Array.from(el.childNodes, toReact)
  // An unknown element keeps its text but loses itself (and code or embedded documents lose both).
  if (!TAGS.has(tag)) return ['script', 'style', 'iframe', 'object', 'embed', 'template', 'svg', 'math'].includes(tag) ? null : createElement('span', { key }, ...children)
  if (tag === 'br') return createElement('br', { key })
  if (tag === 'a') {
    const href = el.getAttribute('href')?.trim() ?? ''
    return SAFE_HREF.test(href) ? createElement('a', { key, href, rel: 'noopener noreferrer nofollow', target: '_blank' }, ...children) : createElement('span', { key }, ...children)
  }
  return createElement(tag, { key }, ...children)
}

export function RichText({ html, className }: { html: string; className?: string }) {
  if (!html) return null
  // DOMParser builds an inert document: no script runs and no image loads while the tree is read.
  const body = new DOMParser().parseFromString(html, 'text/html').body
  return <div className={className ?? 'rich-text'}>{Array.from(body.childNodes, toReact)}</div>
}
