import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EventImportFileSchema } from '@marquee/domain/import';
import { bodiesOf, makeMe, makeMembership, renderConsole } from '../test/render-console';
import { makeImportAnswer, refusal } from '../test/team-fixtures';
import { IMPORT_EXAMPLE } from './import-help';

afterEach(() => {
  vi.unstubAllGlobals();
});

const FILE = { events: [{ name: 'Quarry Sessions' }] };
const jsonFile = (content: string, name = 'events.json') => new File([content], name, { type: 'application/json' });

/** Chooses the file, and waits until the page has read it (or refused it). */
async function chooseFile(world: ReturnType<typeof renderConsole>, file: File) {
  await world.user.upload(await screen.findByLabelText('A .json file of events (2 MB at most)'), file);
  await screen.findByText(/ is read\.|^This file/);
}

describe('the import page', () => {
  it('Check: a dry run of the file, and what it would make', async () => {
    const world = renderConsole('/organiser/acme/imports', {
      api: { 'POST /api/organiser/acme/imports': () => Response.json(makeImportAnswer()) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Import events' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled();
    await chooseFile(world, jsonFile(JSON.stringify(FILE)));
    expect(await screen.findByText(/events\.json is read/)).toBeInTheDocument();
    await world.user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('heading', { name: 'The file is ready to import' })).toBeInTheDocument();
    expect(bodiesOf(world, 'POST', '/api/organiser/acme/imports')).toEqual([{ dry_run: true, file: FILE }]);
    const events = screen.getByRole('list', { name: 'Events to import' });
    expect(
      within(events)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Quarry Sessions', 'Moonlit Veena Recital']);
    expect(screen.getByRole('list', { name: 'New venues' })).toHaveTextContent('Hanthana Quarry Amphitheatre, Kandy');
    expect(screen.getByText('5 ticket packages and 2 promo codes.')).toBeInTheDocument();
    expect(screen.getByText(/Importing the file would make 2 events, as drafts/)).toBeInTheDocument();
  });

  it('Import: applies it and links to the new drafts', async () => {
    const world = renderConsole('/organiser/acme/imports', {
      api: { 'POST /api/organiser/acme/imports': () => Response.json(makeImportAnswer({ dry_run: false })) },
    });
    await chooseFile(world, jsonFile(JSON.stringify(FILE)));
    await world.user.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('heading', { name: 'Imported' })).toBeInTheDocument();
    expect(bodiesOf(world, 'POST', '/api/organiser/acme/imports')).toEqual([{ dry_run: false, file: FILE }]);
    // The imported file is not offered again (a second import would make the events twice).
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Quarry Sessions' })).toHaveAttribute(
      'href',
      '/organiser/acme/events/quarry01',
    );
    expect(screen.getByRole('link', { name: 'Moonlit Veena Recital' })).toHaveAttribute(
      'href',
      '/organiser/acme/events/veena001',
    );
  });

  it('a file with problems: every problem with its path in the file', async () => {
    const world = renderConsole('/organiser/acme/imports', {
      api: {
        'POST /api/organiser/acme/imports': () =>
          refusal(422, 'validation_failed', 'The file has 2 problems; nothing was imported.', {
            'file.events[0].start_date': ['must be a date and time with its offset'],
            'file.events[0].ticket_packages[1].price': ['must be a whole number of minor units >= 0'],
          }),
      },
    });
    await chooseFile(world, jsonFile(JSON.stringify(FILE)));
    await world.user.click(await screen.findByRole('button', { name: 'Check' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The file has 2 problems; nothing was imported.');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'events[0].start_date: must be a date and time with its offset',
      'events[0].ticket_packages[1].price: must be a whole number of minor units >= 0',
    ]);
  });

  it('over 2 MB: refused in the browser, nothing sent', async () => {
    const world = renderConsole('/organiser/acme/imports');
    await chooseFile(world, jsonFile(`{"events":[],"pad":"${'x'.repeat(2 * 1024 * 1024)}"}`, 'huge.json'));
    expect(
      await screen.findByText(/This file is 2\.0 MB; the console takes files of up to 2\.0 MB/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled();
    expect(bodiesOf(world, 'POST', '/api/organiser/acme/imports')).toHaveLength(0);
  });

  it('not JSON: said so, nothing sent', async () => {
    const world = renderConsole('/organiser/acme/imports');
    await chooseFile(world, jsonFile('{"events": [', 'broken.json'));
    expect(await screen.findByText(/This file is not valid JSON/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(bodiesOf(world, 'POST', '/api/organiser/acme/imports')).toHaveLength(0);
  });

  it('a failure on our side: said in words, and the file can be sent again', async () => {
    const world = renderConsole('/organiser/acme/imports', {
      api: {
        'POST /api/organiser/acme/imports': () => refusal(500, 'internal_error', 'Something went wrong on our side.'),
      },
    });
    await chooseFile(world, jsonFile(JSON.stringify(FILE)));
    await world.user.click(await screen.findByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    world.routes['POST /api/organiser/acme/imports'] = () => Response.json(makeImportAnswer());
    await world.user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByRole('heading', { name: 'The file is ready to import' })).toBeInTheDocument();
  });

  it('box office, or a manager limited to chosen events: no Import, and the page is refused', async () => {
    for (const membership of [makeMembership({ role: 'box_office' }), makeMembership({ all_events: false })]) {
      const world = renderConsole('/organiser/acme/imports', {
        api: { 'GET /api/organiser/me': () => Response.json(makeMe({ organisations: [membership] })) },
      });
      const nav = await screen.findByRole('navigation', { name: 'Console' });
      expect(within(nav).queryByRole('link', { name: 'Import' })).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Your role does not allow this' })).toBeInTheDocument();
      expect(world.calls.filter((call) => call.path.endsWith('/imports'))).toHaveLength(0);
      cleanup();
    }
  });

  it("the help's example is a file the importer accepts", async () => {
    const world = renderConsole('/organiser/acme/imports');
    await world.user.click(await screen.findByText("The file's format"));
    expect(EventImportFileSchema.safeParse(JSON.parse(IMPORT_EXAMPLE)).success).toBe(true);
    await waitFor(() => expect(screen.getByText(/"name": "Colombo Jazz Night"/)).toBeVisible());
  });
});
