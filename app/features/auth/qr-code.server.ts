// The enrollment screen's QR code, drawn on the server as SVG path data, so it shows without
// JavaScript and the client bundle carries no QR encoder.
import QRCode from 'qrcode'
import type { QrDrawing } from './admin-mfa'

/** Quiet zone around the code, in modules, as the QR standard asks for. */
const MARGIN = 4


/** One path of 1×1 squares, one per dark module, in a `size`×`size` box that includes the margin. */
export function qrDrawing(text: string): QrDrawing {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const parts: string[] = []
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (modules.get(y, x)) parts.push(`M${x + MARGIN} ${y + MARGIN}h1v1h-1z`)
    }
  }
  return { size: modules.size + 2 * MARGIN, path: parts.join('') }
}
