import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react'

interface OtpInputProps {
  value: string[]
  onChange: (next: string[]) => void
  invalid?: boolean
}

/** One box per digit: digits only, typing moves on, Backspace on an empty box moves back, a pasted
 * code of the full length fills every box. */
export function OtpInput({ value, onChange, invalid }: OtpInputProps) {
  const refs = useRef<(HTMLInputElement | null)[]>([])
  const focus = (i: number) => refs.current[Math.max(0, Math.min(value.length - 1, i))]?.focus()

  const fillAll = (digits: string) => {
    onChange(value.map((_, i) => digits[i] ?? ''))
    focus(value.length - 1)
  }
  const onInput = (i: number, raw: string) => {
    const digits = raw.replace(/\D/g, '')
    if (digits.length >= value.length) return fillAll(digits)
    const next = [...value]
    next[i] = digits.slice(-1)
    onChange(next)
    if (next[i] && i < value.length - 1) focus(i + 1)
  }
  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Backspace' && !value[i] && i > 0) {
      e.preventDefault()
      const next = [...value]
      next[i - 1] = ''
      onChange(next)
      focus(i - 1)
    } else if (e.key === 'ArrowLeft') focus(i - 1)
    else if (e.key === 'ArrowRight') focus(i + 1)
  }
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const digits = e.clipboardData.getData('text').replace(/\D/g, '')
    if (digits.length === value.length) {
      e.preventDefault()
      fillAll(digits)
    }
  }

  return (
    <fieldset className="otp">
      <legend>Enter OTP</legend>
      <div className="otp-boxes">
        {value.map((digit, i) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, never reordered
            key={i}
            ref={(el) => {
              refs.current[i] = el
            }}
            id={`otp-${i}`}
            name={`otp-${i}`}
            aria-label={`Digit ${i + 1} of ${value.length}`}
            aria-invalid={invalid ? true : undefined}
            inputMode="numeric"
            autoComplete={i === 0 ? 'one-time-code' : 'off'}
            value={digit}
            onChange={(e) => onInput(i, e.target.value)}
            onKeyDown={(e) => onKeyDown(i, e)}
            onPaste={onPaste}
          />
        ))}
      </div>
    </fieldset>
  )
}
