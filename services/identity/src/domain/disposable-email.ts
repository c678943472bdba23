// Disposable-address domains from mailchecker's maintained list (about 56,000 domains, built when
// the module loads: loaded on first use, not at start-up). A subdomain of a listed domain counts.
let list: Promise<Set<string>> | undefined

export async function isDisposableEmail(email: string): Promise<boolean> {
  // CommonJS: its exports object is the default export.
  list ??= import('mailchecker').then((m) => m.default.blacklist())
  const domains = await list
  let domain = email.toLowerCase().split('@')[1] ?? ''
  while (domain) {
    if (domains.has(domain)) return true
    const dot = domain.indexOf('.')
    domain = dot < 0 ? '' : domain.slice(dot + 1)
  }
  return false
}
