import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { loadQrDecoder, type QrDecoder } from '../lib/gate-decoder';

/** How often a camera frame is read: often enough to feel instant, rare enough to spare a cheap phone. */
const FRAME_INTERVAL_MS = 200;

type CameraState = { kind: 'off' } | { kind: 'starting' } | { kind: 'on' } | { kind: 'failed'; message: string };

const NO_CAMERA_API = 'This browser cannot use the camera here (it needs https). Scan from a photo.';

function hasCamera(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

function cameraProblem(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'The camera is not allowed on this page. Allow it in the browser, or scan from a photo.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return 'This device has no camera to use. Scan from a photo.';
  if (name === 'NotReadableError') return 'Another app is using the camera. Close it, or scan from a photo.';
  return 'The camera could not be started. Scan from a photo instead.';
}

/**
 * The scanner's eyes: the back camera (getUserMedia, environment-facing) read a few times a second, and "Scan
 * from a photo" (a file input that opens the camera app on a phone) for a device without camera permission.
 * Every code read is handed to `onCode`; repeats of one code are for the caller to ignore.
 */
export function GateCamera({
  onCode,
  paused,
}: {
  /** `deliberate`: a photo taken on purpose (scanned even if it shows the code just scanned). */
  onCode: (text: string, deliberate: boolean) => void;
  paused: boolean;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [camera, setCamera] = useState<CameraState>(() =>
    hasCamera() ? { kind: 'starting' } : { kind: 'failed', message: NO_CAMERA_API },
  );
  const [decoder, setDecoder] = useState<QrDecoder | null>(null);
  const [decoderError, setDecoderError] = useState<string | null>(null);
  const [photoMessage, setPhotoMessage] = useState<string | null>(null);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let live = true;
    loadQrDecoder().then(
      (loaded) => live && setDecoder(loaded),
      () => live && setDecoderError('The QR reader could not be loaded. Reload the page, or use the look-up below.'),
    );
    return () => {
      live = false;
    };
  }, []);

  function stop() {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    setCamera({ kind: 'off' });
  }

  /** Opens the back camera into the video; the state follows when the browser answers. */
  const open = useCallback(() => {
    navigator.mediaDevices
      .getUserMedia({
        video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      })
      .then(async (stream) => {
        streamRef.current = stream;
        const video = videoRef.current;
        if (video) {
          video.srcObject = stream;
          await video.play().catch(() => undefined);
        }
        setCamera({ kind: 'on' });
      })
      .catch((error: unknown) => setCamera({ kind: 'failed', message: cameraProblem(error) }));
  }, []);

  function start() {
    if (!hasCamera()) {
      setCamera({ kind: 'failed', message: NO_CAMERA_API });
      return;
    }
    setCamera({ kind: 'starting' });
    open();
  }

  // The door opens the scanner to scan: the camera starts at once (the browser asks for permission once).
  useEffect(() => {
    if (hasCamera()) open();
  }, [open]);

  // The camera stops with the page.
  useEffect(() => () => streamRef.current?.getTracks().forEach((track) => track.stop()), []);

  // Read frames while the camera runs (not while a result is being decided).
  useEffect(() => {
    if (camera.kind !== 'on' || !decoder || paused) return;
    let live = true;
    let timer = 0;
    const tick = async () => {
      const video = videoRef.current;
      if (video && video.readyState >= 2) {
        try {
          const [text] = await decoder.detect(video);
          if (live && text) onCodeRef.current(text, false);
        } catch {
          // A frame that cannot be read is skipped; the next one is tried.
        }
      }
      if (live) timer = window.setTimeout(() => void tick(), FRAME_INTERVAL_MS);
    };
    void tick();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [camera.kind, decoder, paused]);

  async function onPhoto(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPhotoMessage(null);
    try {
      const reader = decoder ?? (await loadQrDecoder());
      const bitmap = await createImageBitmap(file);
      const [text] = await reader.detect(bitmap);
      bitmap.close();
      if (text) onCodeRef.current(text, true);
      else setPhotoMessage('No QR code found in that photo. Take it again, closer and in focus.');
    } catch {
      setPhotoMessage('That photo could not be read. Take it again.');
    }
  }

  return (
    <section aria-labelledby="gate-camera-heading" className="flex flex-col gap-3">
      <h2 id="gate-camera-heading" className="sr-only">
        Camera
      </h2>
      <div className="relative overflow-hidden rounded-2xl bg-slate-900">
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label="Camera view"
          className={`aspect-[4/3] w-full object-cover ${camera.kind === 'on' ? '' : 'hidden'}`}
        />
        {camera.kind !== 'on' ? (
          <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-3 p-4 text-center text-white">
            <p>{camera.kind === 'failed' ? camera.message : 'The camera is off.'}</p>
            <Button variant="accent" onClick={start} aria-disabled={camera.kind === 'starting' || undefined}>
              {camera.kind === 'starting' ? 'Starting the camera…' : 'Start the camera'}
            </Button>
          </div>
        ) : null}
      </div>
      {decoderError ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {decoderError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {camera.kind === 'on' ? (
          <Button variant="secondary" onClick={stop}>
            Stop the camera
          </Button>
        ) : null}
        <label className="inline-flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-brand-700 bg-white px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-700">
          Scan from a photo
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            onChange={(event) => void onPhoto(event)}
          />
        </label>
      </div>
      {photoMessage ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {photoMessage}
        </p>
      ) : null}
    </section>
  );
}
