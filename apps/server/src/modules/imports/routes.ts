import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONSOLE_IMPORT_MAX_BYTES, ConsoleImportAnswerSchema, ConsoleImportBodySchema } from '@marquee/domain/console';
import { OrganisationParamsSchema } from '@marquee/domain/organiser';
import { errorResponses, securedBy } from '../../plugins/openapi';
import { organiserOf } from '../../plugins/organiser-access';
import type { ImportsService } from './service';

export interface ImportsModuleOptions {
  service: ImportsService;
}

/** The console's import: a JSON file of events, tried (dry run) or applied, all or nothing. */
export const importsModule: FastifyPluginAsync<ImportsModuleOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { service } = options;

  app.post(
    '/api/organiser/:org/imports',
    {
      config: { permission: 'import.run' },
      bodyLimit: CONSOLE_IMPORT_MAX_BYTES,
      schema: {
        tags: ['organiser'],
        summary: 'Import events from a JSON file: a dry run, or applied',
        description:
          "The file format of `npm run events:import` (docs/examples), checked with the same rules as the console's forms. Every event is made as a draft; venues the file defines are made in the organisation. `dry_run: true` (the default) checks everything against the database and writes nothing. All or nothing: a 422 lists every problem under `file.{path}`. At most 2 MB.",
        security: securedBy('session'),
        params: OrganisationParamsSchema,
        body: ConsoleImportBodySchema,
        response: {
          200: ConsoleImportAnswerSchema,
          ...errorResponses(
            'sign_in_required',
            'two_factor_required',
            'forbidden',
            'not_found',
            'validation_failed',
            'payload_too_large',
          ),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.run(organiserOf(request), { dryRun: request.body.dry_run, file: request.body.file });
    },
  );
};
