// Input filtering while typing (SPEC.md §5). Inputs stay uncontrolled (conform reads the DOM), so
// the filtered text is written back to the element before conform's own input listener runs.

/** Replaces the input's text with `next`, keeping the caret where the user was typing. */
export function replaceInputText(input: HTMLInputElement, next: string): void {
  const raw = input.value
  if (next === raw) return
  const caret = input.selectionStart ?? raw.length
  const atEnd = caret >= raw.length
  input.value = next
  const position = atEnd ? next.length : Math.max(0, Math.min(next.length, caret - (raw.length - next.length)))
  try {
    input.setSelectionRange(position, position)
  } catch {
    // Some input types (number, date) have no selection; nothing to restore there.
  }
}

/** An onChange handler that applies `filter` to what was typed or pasted. */
export function filtered(filter: (value: string) => string) {
  return (event: React.ChangeEvent<HTMLInputElement>) => {
    replaceInputText(event.currentTarget, filter(event.currentTarget.value))
  }
}

/** Sets an input's value as if typed, so React's onChange and conform both see it. */
export function setInputValueAsTyped(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
  if (setter) setter.call(input, value)
  else input.value = value
  input.dispatchEvent(new Event('input', { bubbles: true }))
}
