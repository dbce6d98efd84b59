// What the two-factor screens show (the server side is admin-mfa.server.ts). Types only.

/** A QR code as one SVG path in a `size`×`size` box (quiet zone included). */
export type QrDrawing = { size: number; path: string }

/** /admin/two-factor: the new recovery codes (once), the factor's state, or the set-up steps. */
export type SetupScreenData =
  | { view: 'codes'; codes: string[]; required: boolean }
  | { view: 'enabled'; recoveryCodesLeft: number; required: boolean }
  | { view: 'setup'; key: string; qr: QrDrawing; required: boolean }
  | { view: 'unavailable'; message: string; required: boolean }

/** A code form that did not go through: the field's message, or the form's lines. */
export type CodeFormReply = { fieldError?: string; formError?: string[] }
