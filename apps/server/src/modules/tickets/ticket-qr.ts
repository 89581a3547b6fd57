import QRCode from 'qrcode';

/** The white margin a scanner needs around the symbol, in modules (ISO/IEC 18004 asks for 4). */
export const QR_QUIET_ZONE = 4;

/**
 * Draws a QR code as vector squares (no image: it stays sharp at any zoom and on any printer) in a
 * `size`-point square whose outer `QR_QUIET_ZONE` modules are white. Error correction M (15 %) survives
 * a crease or a scratch on a printed ticket without making the symbol much denser than L.
 */
export function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): { version: number } {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const module = size / (count + 2 * QR_QUIET_ZONE);
  const origin = { x: x + QR_QUIET_ZONE * module, y: y + QR_QUIET_ZONE * module };
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  // One path of horizontal runs, filled once: adjacent squares of one fill leave no hairline seams.
  for (let row = 0; row < count; row += 1) {
    let start = -1;
    for (let col = 0; col <= count; col += 1) {
      const isDark = col < count && qr.modules.get(row, col) === 1;
      if (isDark && start < 0) start = col;
      if (!isDark && start >= 0) {
        doc.rect(origin.x + start * module, origin.y + row * module, (col - start) * module, module);
        start = -1;
      }
    }
  }
  doc.fill('#000000');
  doc.restore();
  return { version: qr.version };
}
