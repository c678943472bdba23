/** Recovery codes, shown once: the server keeps only their hashes. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section className="recovery-codes" aria-label="Recovery codes">
      <p>Save these recovery codes somewhere safe. Each works once if you lose your authenticator; they will not be shown again.</p>
      <ul data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="primary" onClick={onDone}>
        I have saved them
      </button>
    </section>
  )
}

/** The secret to type into an authenticator app, and its otpauth:// link (text: no QR needed). */
export function TotpSecret({ secret, otpauthUrl }: { secret: string; otpauthUrl: string }) {
  return (
    <div className="totp-secret">
      <p>Add this key to your authenticator app, then enter the 6-digit code it shows.</p>
      <p>
        Key: <code data-testid="totp-secret">{secret}</code>
      </p>
      <p className="muted">
        Or open this link on the device with the app: <a href={otpauthUrl}>{otpauthUrl}</a>
      </p>
    </div>
  )
}
