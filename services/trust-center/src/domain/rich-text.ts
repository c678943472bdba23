// Rich text (the overview's description) is HTML restricted to a small allowlist, sanitised here on
// every save with DOMPurify over one jsdom window (security.md B16). The client renders the stored
// HTML by walking it into React elements, so this is the first of two gates, not the only one.
import createDOMPurify, { type DOMPurify } from 'dompurify'

const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'blockquote']

// One window for the process, made at the first save: building a jsdom per call costs milliseconds
// and memory, and loading jsdom at start-up about 70 MB resident that most processes never use.
let purifier: Promise<DOMPurify> | undefined
const purify = () =>
  (purifier ??= import('jsdom').then(({ JSDOM }) => {
    const p = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0])
    // Links keep only https and mailto targets; anything else (javascript:, data:, relative) loses href.
    p.addHook('uponSanitizeAttribute', (node, data) => {
      if (data.attrName === 'href' && (node.nodeName !== 'A' || !/^(https:|mailto:)/i.test(data.attrValue.trim()))) data.keepAttr = false
    })
    return p
  }))

export async function sanitizeRichText(html: string): Promise<string> {
  return (await purify()).sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOWED_URI_REGEXP: /^(?:https:|mailto:)/i,
    // Dropped elements lose their content too when it is code or a container of other documents.
    FORBID_CONTENTS: ['script', 'style', 'iframe', 'form', 'svg', 'math', 'template', 'noscript', 'object', 'embed', 'textarea', 'select', 'title'],
  })
}
