/**
 * Reads QR codes from camera frames and photos: the browser's own BarcodeDetector where it has one that reads
 * QR codes (Android's Chrome, Safari 17+ on macOS), else the `barcode-detector` ponyfill, ZXing compiled to
 * WebAssembly. The ponyfill is loaded only here (the scanner page), and its .wasm is served from our own origin
 * (Vite's `?url`): the site's CSP allows no CDN, and the module's default would fetch one.
 */
export interface QrDecoder {
  /** The QR codes' texts in an image source (a video frame, a bitmap); none when there is none. */
  detect(source: ImageBitmapSource): Promise<string[]>;
  kind: 'native' | 'wasm';
}

interface DetectorLike {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<DetectorLike | null> {
  if (typeof window === 'undefined' || !('BarcodeDetector' in window)) return null;
  const Native = (window as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector;
  try {
    const formats = await Native.getSupportedFormats();
    return formats.includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

async function wasmDetector(): Promise<DetectorLike> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  // Fetched and compiled now, so that a failure shows on opening the scanner, not on the first ticket.
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

let decoder: Promise<QrDecoder> | null = null;

/** The page's one decoder, made on first use. */
export function loadQrDecoder(): Promise<QrDecoder> {
  decoder ??= (async () => {
    const native = await nativeDetector();
    const detector = native ?? (await wasmDetector());
    return {
      kind: native ? 'native' : 'wasm',
      async detect(source) {
        const codes = await detector.detect(source);
        return codes.map((code) => code.rawValue).filter((text) => text.length > 0);
      },
    } satisfies QrDecoder;
  })().catch((error: unknown) => {
    decoder = null;
    throw error;
  });
  return decoder;
}
