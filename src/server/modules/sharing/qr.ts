// The QR code of the preferred address, for phones (issue 16). Drawn on the server so the web app
// does not carry a QR encoder: SVG for the Sharing screen, a PNG data URL for the desktop's dialog.
import QRCode from 'qrcode';

const OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const;

export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { ...OPTIONS, type: 'svg' });
}

export function qrPngDataUrl(url: string): Promise<string> {
  return QRCode.toDataURL(url, { ...OPTIONS, width: 256 });
}
