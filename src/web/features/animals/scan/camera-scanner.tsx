// Scan Tag's camera: the rear camera full screen, read a few times a second until a code is seen.
// A chunk of its own, loaded when 'Use camera' is pressed; the barcode reader (and, without the
// browser's own BarcodeDetector, ZXing's WebAssembly) loads with it. Frames never leave the phone.
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';

/** Why the camera did not open, in words a farmer can act on. */
function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return 'Paddock may not use the camera. Allow the camera in your browser’s settings, or type the tag.';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError')
    return 'No camera could be opened on this device. Type the tag instead.';
  return 'The camera could not read tags here. Type the tag instead.';
}

const scanEveryMs = 150;

export default function CameraScanner({
  onCode,
  onProblem,
  onClose,
}: {
  onCode: (code: string) => void;
  onProblem: (message: string) => void;
  onClose: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const handlers = useRef({ onCode, onProblem, onClose });
  useEffect(() => {
    handlers.current = { onCode, onProblem, onClose };
  });

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let stopped = false;
    close.current?.focus();
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('no camera', 'NotFoundError');
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
      if (stopped) return;
      const element = video.current!;
      element.srcObject = stream;
      await element.play();
      const { openBarcodeReader } = await import('./barcode-reader');
      const reader = await openBarcodeReader();
      const scan = async () => {
        if (stopped) return;
        try {
          if (element.readyState >= 2) {
            const [code] = await reader.detect(element);
            if (code && !stopped) {
              stopped = true;
              handlers.current.onCode(code);
              return;
            }
          }
        } catch {
          // a frame it could not read: try the next one
        }
        timer = window.setTimeout(() => void scan(), scanEveryMs);
      };
      void scan();
    };
    start().catch((error: unknown) => {
      if (!stopped) handlers.current.onProblem(cameraProblem(error));
    });
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label="Camera"
      className="fixed inset-0 z-50 flex flex-col bg-black"
      onKeyDown={(event) => {
        if (event.key === 'Escape') handlers.current.onClose();
      }}
    >
      <video ref={video} muted playsInline className="min-h-0 flex-1 object-cover" aria-label="Camera view" />
      <p className="pointer-events-none absolute inset-x-0 top-4 text-center text-sm font-medium text-white drop-shadow">
        Point the camera at a tag or label
      </p>
      <button
        ref={close}
        type="button"
        onClick={() => handlers.current.onClose()}
        className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full bg-black/60 text-white"
        aria-label="Close camera"
      >
        <X aria-hidden className="size-6" />
      </button>
    </div>
  );
}
