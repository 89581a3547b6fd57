import { useEffect, useState } from 'react';

interface Matrix {
  size: number;
  path: string;
}

/** The dark modules as one SVG path of 1×1 squares, a quiet zone of 4 around them. */
async function qrMatrix(text: string): Promise<Matrix> {
  // The encoder (about 10 KB) loads only when someone turns two factors on.
  const { create } = await import('qrcode');
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) path += `M${col + 4} ${row + 4}h1v1h-1z`;
    }
  }
  return { size: modules.size + 8, path };
}

/**
 * A QR code drawn as SVG by React (no inline markup, no canvas): what an authenticator app scans. `label`
 * names it for assistive technology; the secret is also shown as text beside it, for typing in.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<{ text: string; matrix: Matrix | null; failed: boolean }>({
    text: '',
    matrix: null,
    failed: false,
  });
  useEffect(() => {
    let isCurrent = true;
    qrMatrix(text).then(
      (matrix) => isCurrent && setState({ text, matrix, failed: false }),
      () => isCurrent && setState({ text, matrix: null, failed: true }),
    );
    return () => {
      isCurrent = false;
    };
  }, [text]);

  const matrix = state.text === text ? state.matrix : null;
  if (state.text === text && state.failed) {
    return (
      <p className="text-sm text-slate-700">
        The QR code could not be drawn: type the key below into your app instead.
      </p>
    );
  }
  if (!matrix)
    return (
      <div aria-hidden="true" className="size-48 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none" />
    );
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${matrix.size} ${matrix.size}`}
      className="size-48 rounded-lg border border-slate-200 bg-white"
      shapeRendering="crispEdges"
    >
      <rect width={matrix.size} height={matrix.size} fill="#FFFFFF" />
      <path d={matrix.path} fill="#000000" />
    </svg>
  );
}
