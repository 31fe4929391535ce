// The camera's barcode reader: the browser's own BarcodeDetector where it reads the formats tags
// and labels use, else the `barcode-detector` ponyfill (ZXing compiled to WebAssembly). This module
// is imported only when the camera opens; the .wasm is our own file, served with the app (a Vite
// asset), never fetched from a CDN: frames never leave the phone and nothing loads from elsewhere.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** QR codes (our labels), Code 128 / 39 (printed ear tags), EAN-13 / UPC-A, Data Matrix. */
export const tagFormats = ['qr_code', 'code_128', 'code_39', 'ean_13', 'upc_a', 'data_matrix'] as const;

export type BarcodeReader = { detect: (source: HTMLVideoElement) => Promise<string[]> };

type DetectorLike = {
  detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]>;
};
type DetectorClass = {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats: () => Promise<string[]>;
};

async function nativeDetector(): Promise<DetectorLike | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    const formats = tagFormats.filter((format) => supported.includes(format));
    // a native reader without QR codes cannot read our own labels: take ZXing instead
    if (!formats.includes('qr_code')) return null;
    return new Native({ formats });
  } catch {
    return null;
  }
}

export async function openBarcodeReader(): Promise<BarcodeReader> {
  const detector: DetectorLike =
    (await nativeDetector()) ??
    (await import('barcode-detector/ponyfill').then(({ BarcodeDetector, prepareZXingModule }) => {
      prepareZXingModule({
        overrides: {
          locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
        },
        fireImmediately: false,
      });
      return new BarcodeDetector({ formats: [...tagFormats] });
    }));
  return {
    detect: async (source) => (await detector.detect(source)).map((code) => code.rawValue).filter(Boolean),
  };
}
