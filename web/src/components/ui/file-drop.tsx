// A drop zone around a visible file input: files dropped on it or chosen with the input (keyboard:
// Tab to the input, Enter or Space opens the picker) go to `onFiles`, several at once.
import { type DragEvent, useId, useRef, useState } from 'react'
import './upload.css'

export interface FileDropProps {
  label: string
  hint: string
  name: string
  accept: string
  disabled?: boolean
  onFiles: (files: File[]) => void
}

export function FileDrop({ label, hint, name, accept, disabled = false, onFiles }: FileDropProps) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)
  const take = (list: FileList | null) => {
    const files = [...(list ?? [])]
    if (files.length) onFiles(files)
    // The same files may be chosen again after a failure.
    if (input.current) input.current.value = ''
  }
  const drop = (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    if (!disabled) take(e.dataTransfer.files)
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the zone only adds dropping to the file input inside it, which the keyboard uses
    <div
      className={over ? 'file-drop over' : 'file-drop'}
      onDragOver={(e) => {
        e.preventDefault()
        if (!disabled) setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <label htmlFor={`${id}-files`}>{label}</label>
      <input
        ref={input}
        id={`${id}-files`}
        name={name}
        type="file"
        multiple
        accept={accept}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(e) => take(e.target.files)}
      />
      <p className="muted small" id={`${id}-hint`}>
        {hint}
      </p>
    </div>
  )
}
