import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleEventAnswer } from '@marquee/domain/console';
import { eventRoutes, makeConsoleEventAnswer } from '../test/event-fixtures';
import { renderConsole } from '../test/render-console';

/**
 * XMLHttpRequest at the boundary (the upload uses it for its progress events): each request the page makes is
 * kept, and the test sends its progress and its answer.
 */
class FakeUploadRequest {
  static made: FakeUploadRequest[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = undefined;
  status = 0;
  responseText = '';
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();

  constructor() {
    FakeUploadRequest.made.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.events.dispatchEvent(new Event('abort'));
  }

  /** The browser's report of bytes sent. */
  progress(loaded: number, total: number) {
    act(() => {
      this.upload.dispatchEvent(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
    });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => {
      this.events.dispatchEvent(new Event('load'));
    });
  }
}

beforeEach(() => {
  FakeUploadRequest.made = [];
  vi.stubGlobal('XMLHttpRequest', FakeUploadRequest);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderImages(event: ConsoleEventAnswer = makeConsoleEventAnswer()) {
  const state = { event };
  const world = renderConsole('/organiser/acme/events/jazz2026?section=images', { api: eventRoutes(state) });
  // The file picker's "All files": the browser's `accept` is a hint, not a check.
  const picker = userEvent.setup({ delay: null, applyAccept: false });
  return { world, state, picker };
}

const card = (name: 'Banner' | 'Thumbnail') => screen.getByRole('region', { name });

describe('the event’s images', () => {
  it('the current image or none, and what the server takes said before a file is chosen', async () => {
    renderImages(makeConsoleEventAnswer({ banner_url: '/media/jazz2026/banner-1600.webp' }));
    await screen.findByRole('heading', { level: 2, name: 'Images' });
    expect(
      within(card('Banner')).getByRole('img', { name: 'The current banner of Colombo Jazz Night' }),
    ).toHaveAttribute('src', '/media/jazz2026/banner-1600.webp');
    expect(within(card('Banner')).getByLabelText('Replace the banner')).toHaveAccessibleDescription(
      'JPEG, PNG or WebP, at most 5 MB, at least 800 pixels wide (shown 1600 pixels wide).',
    );
    expect(card('Thumbnail')).toHaveTextContent('No thumbnail yet');
    expect(within(card('Thumbnail')).getByLabelText('Upload a thumbnail')).toHaveAccessibleDescription(
      'JPEG, PNG or WebP, at most 5 MB, at least 300 pixels wide (shown 600 pixels wide).',
    );
  });

  it('a file that is not an image is refused in the browser: nothing is sent', async () => {
    const { picker } = renderImages();
    const input = await screen.findByLabelText('Upload a banner');
    await picker.upload(input, new File(['Dear organiser'], 'letter.txt', { type: 'text/plain' }));
    expect(await within(card('Banner')).findByRole('alert')).toHaveTextContent(
      'This file is of type text/plain: choose a JPEG, PNG or WebP image.',
    );
    expect(input).toHaveAccessibleDescription(
      /^JPEG, PNG or WebP, at most 5 MB.*This file is of type text\/plain: choose a JPEG, PNG or WebP image\.$/,
    );
    expect(FakeUploadRequest.made).toHaveLength(0);
  });

  it('an image over 5 MB is refused in the browser: nothing is sent', async () => {
    const { picker } = renderImages();
    const big = new File([new Uint8Array(6 * 1024 * 1024)], 'poster.jpg', { type: 'image/jpeg' });
    await picker.upload(await screen.findByLabelText('Upload a thumbnail'), big);
    expect(await within(card('Thumbnail')).findByRole('alert')).toHaveTextContent(
      'This file is 6.0 MB: the most Marquee takes is 5 MB.',
    );
    expect(FakeUploadRequest.made).toHaveLength(0);
  });

  it('an upload sends the file itself, shows its progress, then the new image', async () => {
    const { world, state } = renderImages();
    const input = await screen.findByLabelText('Upload a banner');
    const file = new File([new Uint8Array(2048)], 'banner.png', { type: 'image/png' });
    await world.user.upload(input, file);

    await waitFor(() => expect(FakeUploadRequest.made).toHaveLength(1));
    const request = FakeUploadRequest.made[0]!;
    expect(request.method).toBe('PUT');
    expect(request.url).toBe('/api/organiser/acme/events/jazz2026/images/banner');
    expect(request.headers).toMatchObject({ 'Content-Type': 'image/png', 'X-Requested-With': 'XMLHttpRequest' });
    expect(request.body).toBe(file);
    expect(await screen.findByRole('progressbar', { name: 'Uploading the banner: 0%' })).toHaveAttribute('value', '0');
    expect(input).toBeDisabled();

    request.progress(512, 2048);
    expect(screen.getByRole('progressbar', { name: 'Uploading the banner: 25%' })).toHaveAttribute('value', '25');
    request.progress(2048, 2048);
    expect(screen.getByRole('progressbar', { name: 'Uploading the banner: 100%' })).toBeInTheDocument();

    state.event = { ...state.event, banner_url: '/media/jazz2026/banner-1600.webp' };
    request.respond(200, { banner_url: '/media/jazz2026/banner-1600.webp', thumbnail_url: null });
    expect(
      await within(card('Banner')).findByRole('img', { name: 'The current banner of Colombo Jazz Night' }),
    ).toHaveAttribute('src', '/media/jazz2026/banner-1600.webp');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(card('Banner')).getByLabelText('Replace the banner')).toBeEnabled();
  });

  it('the server’s refusal is said in words, and another file can be chosen', async () => {
    const { world } = renderImages();
    const input = await screen.findByLabelText('Upload a thumbnail');
    await world.user.upload(input, new File([new Uint8Array(1024)], 'small.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(FakeUploadRequest.made).toHaveLength(1));
    FakeUploadRequest.made[0]!.respond(422, {
      code: 'validation_failed',
      message: 'must be at least 300 pixels wide: this one is 200',
      errors: { image: ['must be at least 300 pixels wide: this one is 200'] },
    });
    expect(await within(card('Thumbnail')).findByRole('alert')).toHaveTextContent(
      'must be at least 300 pixels wide: this one is 200',
    );
    expect(input).toBeEnabled();
    expect(card('Thumbnail')).toHaveTextContent('No thumbnail yet');
  });
});
