// Entry of the public trust-center bundle (trust.html), served by the gateway on published hosts.
// It imports nothing of the staff console: plain React and this folder. A page the server rendered
// is complete without scripts, so React is fetched once the page has loaded (it then hydrates the
// markup: boot.tsx) and never competes with the page's own bytes on a slow connection; a page whose
// images are slow to come starts anyway after a few seconds. A page rendered in the browser (no
// inlined data) starts at once.
import { DATA_ELEMENT_ID } from './ssr-data'
// The stylesheet belongs to the page, not to the deferred code: linked by trust.html (inlined by the gateway).
import './trust.css'

let started = false
const start = () => {
  if (started) return
  started = true
  void import('./boot').then((m) => m.boot())
}
if (!document.getElementById(DATA_ELEMENT_ID) || document.readyState === 'complete') start()
else {
  window.addEventListener('load', start, { once: true })
  setTimeout(start, 3000)
}
