// Server entry of the public trust center, compiled for Node by the web build (vite.config.ts:
// dist/server/trust-ssr.mjs, React bundled in) and loaded by the gateway. It renders the very
// components main.tsx hydrates, and the head the page is found and shared by: title and
// description from the overview, Open Graph tags and the canonical address.
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import type { TrustPage } from './api'
import { PublicApp } from './public-app'
import { richTextPlain } from './rich-text'
import { DATA_ELEMENT_ID, inlineJson } from './ssr-data'

export interface RenderInput {
  page: TrustPage
  /** The request's path (it picks the view, as the address bar does in the browser). */
  path: string
  /** `https://host` of the trust center: canonical and Open Graph addresses are built on it. */
  origin: string
}

const escapeAttr = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** Cuts text to at most `max` characters at a word boundary, with an ellipsis when it was cut. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:]+$/, '')}…`
}

export function pageHead({ page, origin }: RenderInput): string {
  const name = (page.companyTitle || page.cname).replace(/\s+/g, ' ').trim()
  const title = `${name} Trust Center`
  const overview = page.overview ? richTextPlain(page.overview.description) : ''
  const lead = page.overview?.subTitle?.replace(/\s+/g, ' ').trim() ?? ''
  const description = clip(overview || lead || `Security, compliance and documents of ${name}.`, 160)
  const url = `${origin}/`
  const tags = [
    `<title>${escapeAttr(title)}</title>`,
    `<meta name="description" content="${escapeAttr(description)}">`,
    `<link rel="canonical" href="${escapeAttr(url)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeAttr(title)}">`,
    `<meta property="og:title" content="${escapeAttr(lead ? `${title}: ${lead}` : title)}">`,
    `<meta property="og:description" content="${escapeAttr(description)}">`,
    `<meta property="og:url" content="${escapeAttr(url)}">`,
    ...(page.logo ? [`<meta property="og:image" content="${escapeAttr(origin + page.logo)}">`] : []),
    `<meta name="twitter:card" content="summary">`,
    `<meta name="theme-color" content="${escapeAttr(page.theme.headerColor)}">`,
  ]
  return tags.join('\n    ')
}

/** The page's markup (for `<div id="root">`) and the data script that hydration reads. */
export function renderTrustCenter(input: RenderInput): { head: string; body: string; data: string } {
  const body = renderToString(
    <StrictMode>
      <PublicApp path={input.path} initialPage={input.page} />
    </StrictMode>,
  )
  const data = `<script id="${DATA_ELEMENT_ID}" type="application/json">${inlineJson({ page: input.page, path: input.path })}</script>`
  return { head: pageHead(input), body, data }
}
