import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EventImageParamsSchema, EventImagesAnswerSchema, IMAGE_LIMITS } from '@marquee/domain/console';
import { matchesIfNoneMatch, NOT_MODIFIED_RESPONSE } from '../../lib/json-response-cache';
import { AppError, invalidField } from '../../plugins/app-error';
import { errorResponses, securedBy } from '../../plugins/openapi';
import { organiserOf } from '../../plugins/organiser-access';
import { MAX_INPUT_PIXELS } from './prepare-event-image';
import type { MediaService } from './service';

export interface MediaModuleOptions {
  service: MediaService;
}

/** Content addressed: the bytes at an address never change, so browsers keep them for a year unasked. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ACCEPTED = IMAGE_LIMITS.types.join(', ');
const UNSUPPORTED = `Send the image as the request body, with Content-Type ${ACCEPTED}.`;

const Binary = z.instanceof(Buffer).meta({ type: 'string', format: 'binary' });
const FileParamsSchema = z.object({ file: z.string() });
/** The upload's body: the raw bytes, or nothing (sent without a body: refused with `errors.image`, not here). */
const ImageBody = z
  .custom<Buffer | null | undefined>((value) => value === null || value === undefined || Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary' });

/**
 * Event images (issue 21): the console uploads a banner or thumbnail as the raw request body, and buyers
 * load it from `/media/{sha256}.webp`.
 */
export const mediaModule: FastifyPluginAsync<MediaModuleOptions> = async (fastify, options) => {
  const { service } = options;

  fastify.withTypeProvider<ZodTypeProvider>().get(
    '/media/:file',
    {
      schema: {
        tags: ['catalog'],
        summary: "An event's uploaded image",
        description:
          "The WebP bytes of an image uploaded in the console (an event's `banner_url` or `thumbnail_url` of the form `/media/{sha256}.webp`). The address is the sha256 of the bytes, so they never change: `Cache-Control: public, max-age=31536000, immutable`, with the sha256 as the ETag (`If-None-Match` gets a 304). Any other name (`{file}` is 64 lowercase hex digits and `.webp`) is a 404.",
        response: {
          200: {
            description: 'The image',
            content: { 'image/webp': { schema: Binary } },
          },
          ...NOT_MODIFIED_RESPONSE,
          ...errorResponses('not_found'),
        },
      },
    },
    async (request, reply) => {
      // Not a route schema: a name is never "invalid input" (422), only an image we have or not (404).
      const params = FileParamsSchema.safeParse(request.params);
      const file = params.success ? params.data.file : '';
      const etag = `"${file.replace(/\.webp$/, '')}"`;
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag) && (await service.hasMedia(file))) {
        // No body at all (not a serialised `null`): the untyped reply sends none.
        const notModified: FastifyReply = reply;
        return notModified.code(304).header('etag', etag).header('cache-control', IMMUTABLE).send();
      }
      const image = await service.openMedia(file);
      return reply
        .type(image.contentType)
        .header('etag', `"${image.sha256}"`)
        .header('cache-control', IMMUTABLE)
        .send(image.bytes);
    },
  );

  // The upload takes a raw image body: in this scope only, the three image types are the only bodies read
  // (up to IMAGE_LIMITS.maxBytes), and any other content type is a 415 in the error shape.
  await fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      [...IMAGE_LIMITS.types],
      { parseAs: 'buffer', bodyLimit: IMAGE_LIMITS.maxBytes },
      (_request, body, done) => done(null, body),
    );
    scope.addContentTypeParser('*', (_request, _payload, done) => {
      done(new AppError('unsupported_media_type', UNSUPPORTED), undefined);
    });

    scope.withTypeProvider<ZodTypeProvider>().put(
      '/api/organiser/:org/events/:eventUid/images/:kind',
      {
        config: { permission: 'event.write', scope: 'event' },
        bodyLimit: IMAGE_LIMITS.maxBytes,
        schema: {
          tags: ['organiser'],
          summary: "Uploads an event's banner or thumbnail",
          description: `Needs \`event.write\`. The body is the image itself (${ACCEPTED}, at most ${IMAGE_LIMITS.maxBytes / 1024 / 1024} MB); its real format is read from the bytes, whatever the Content-Type says. The banner must be at least ${IMAGE_LIMITS.minWidth.banner} px wide and is stored ${IMAGE_LIMITS.widths.banner} px wide, the thumbnail at least ${IMAGE_LIMITS.minWidth.thumbnail} px and stored ${IMAGE_LIMITS.widths.thumbnail} px (never enlarged), turned upright by its EXIF orientation, with every metadata block (EXIF and its GPS position, XMP, IPTC, ICC) removed, as WebP; the event then shows \`/media/{sha256}.webp\`. A file that is not a JPEG, PNG or WebP image, too narrow, or over ${MAX_INPUT_PIXELS / 1_000_000} megapixels is a 422 with \`errors.image\`; any other Content-Type a 415. Another organisation's event, or one outside a limited member's events, is a 404 alike.`,
          security: securedBy('session'),
          params: EventImageParamsSchema,
          consumes: [...IMAGE_LIMITS.types],
          body: ImageBody,
          response: {
            200: EventImagesAnswerSchema,
            ...errorResponses(
              'sign_in_required',
              'two_factor_required',
              'forbidden',
              'not_found',
              'payload_too_large',
              'unsupported_media_type',
              'validation_failed',
            ),
          },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const { body } = request;
        if (!body || body.length === 0) throw invalidField('image', 'Send the image as the request body.');
        return service.setEventImage(organiserOf(request), request.params.kind, body);
      },
    );
  });
};
