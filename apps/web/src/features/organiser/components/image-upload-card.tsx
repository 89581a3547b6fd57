import { useId, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-client';
import { uploadEventImage, type EventImagesAnswer } from '../api/upload-event-image';
import { fileProblem, imageLimitsText, readImageWidth, widthProblem, type ImageKind } from '../lib/image-checks';
import { problemMessage } from '../lib/problem-message';
import { FormProblems } from './form-problems';

const TITLES: Record<ImageKind, string> = { banner: 'Banner', thumbnail: 'Thumbnail' };
const USES: Record<ImageKind, string> = {
  banner: 'The wide picture at the top of the event page.',
  thumbnail: "The picture on the event's card in lists and search.",
};

/** The server's refusal of an upload, in words. */
function refusalOf(error: unknown): string {
  if (isApiError(error, 'payload_too_large')) {
    return 'The file is larger than Marquee takes (5 MB): choose a smaller image, or save it at a lower quality.';
  }
  if (isApiError(error, 'unsupported_media_type')) return 'Marquee takes JPEG, PNG and WebP images only.';
  if (isApiError(error, 'validation_failed')) return error.body.errors?.['image']?.join(' ') ?? error.body.message;
  return problemMessage(error);
}

export interface ImageUploadCardProps {
  org: string;
  eventUid: string;
  eventName: string;
  kind: ImageKind;
  currentUrl: string | null;
  canEdit: boolean;
  onUploaded: (answer: EventImagesAnswer) => Promise<void>;
}

type Upload = { state: 'idle' } | { state: 'checking' } | { state: 'sending'; sent: number; total: number };

/**
 * One of the event's images: the current one, the limits said before a file is chosen, the file checked in
 * the browser (type, size, width), then sent as the request's body with a progress bar; the server's refusal
 * in words.
 */
export function ImageUploadCard({
  org,
  eventUid,
  eventName,
  kind,
  currentUrl,
  canEdit,
  onUploaded,
}: ImageUploadCardProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);
  const title = TITLES[kind];
  const isBusy = upload.state !== 'idle';

  async function send(file: File) {
    setProblem(null);
    const tooMuch = fileProblem(file);
    if (tooMuch) {
      setProblem(tooMuch);
      return;
    }
    setUpload({ state: 'checking' });
    const width = await readImageWidth(file);
    const narrow = width === null ? null : widthProblem(kind, width);
    if (narrow) {
      setProblem(narrow);
      setUpload({ state: 'idle' });
      return;
    }
    setUpload({ state: 'sending', sent: 0, total: file.size });
    try {
      const answer = await uploadEventImage(org, eventUid, kind, file, {
        onProgress: (sent, total) => setUpload({ state: 'sending', sent, total }),
      });
      await onUploaded(answer);
    } catch (error) {
      setProblem(refusalOf(error));
    } finally {
      setUpload({ state: 'idle' });
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  const percent = upload.state === 'sending' && upload.total > 0 ? Math.round((upload.sent / upload.total) * 100) : 0;
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold text-brand-950">
        {title}
      </h3>
      <p className="text-sm text-slate-700">{USES[kind]}</p>
      {currentUrl ? (
        <img
          src={currentUrl}
          alt={`The current ${kind} of ${eventName}`}
          className={`w-full rounded-xl bg-slate-100 object-cover ${kind === 'banner' ? 'aspect-[8/3]' : 'aspect-[4/3] max-w-xs'}`}
        />
      ) : (
        <p
          className={`flex w-full items-center justify-center rounded-xl border border-dashed border-slate-300 bg-slate-50 text-sm text-slate-700 ${
            kind === 'banner' ? 'aspect-[8/3]' : 'aspect-[4/3] max-w-xs'
          }`}
        >
          No {kind} yet
        </p>
      )}
      {canEdit ? (
        <div className="flex flex-col gap-2">
          <label htmlFor={`${id}-file`} className="text-sm font-semibold text-slate-900">
            {currentUrl ? `Replace the ${kind}` : `Upload a ${kind}`}
          </label>
          <p id={`${id}-limits`} className="text-xs text-slate-600">
            {imageLimitsText(kind)}
          </p>
          <input
            ref={inputRef}
            id={`${id}-file`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            disabled={isBusy}
            aria-describedby={`${id}-limits${problem ? ` ${id}-problem` : ''}`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void send(file);
            }}
            className="text-sm text-slate-900 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-brand-700 file:bg-white file:px-4 file:font-semibold file:text-brand-700 hover:file:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          />
          {upload.state === 'checking' ? (
            <p role="status" className="text-sm text-slate-700">
              Checking the image…
            </p>
          ) : null}
          {upload.state === 'sending' ? (
            <div role="status" className="flex flex-col gap-1">
              <label htmlFor={`${id}-progress`} className="text-sm text-slate-800">
                Uploading the {kind}: {percent}%
              </label>
              <progress id={`${id}-progress`} max={100} value={percent} className="h-2.5 w-full accent-brand-700" />
            </div>
          ) : null}
          <div id={`${id}-problem`}>{problem ? <FormProblems messages={[problem]} /> : null}</div>
        </div>
      ) : null}
    </section>
  );
}
