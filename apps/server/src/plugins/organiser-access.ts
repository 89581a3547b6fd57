import type { FastifyInstance, FastifyRequest, preValidationHookHandler, RouteOptions } from 'fastify';
import type { AuditActor, OrganiserScope } from '@marquee/db/tenancy';
import { ACCOUNT_MESSAGES } from '@marquee/domain/accounts';
import { OrganisationSlugSchema } from '@marquee/domain/organiser';
import {
  can,
  isPermission,
  isOrganisationWide,
  operatorCan,
  requiresTwoFactor,
  type OrganisationRole,
  type Permission,
  type PlatformPermission,
} from '@marquee/domain/permissions';
import { AppError } from './app-error';

/**
 * The organiser console's one guard (issue 21; docs/decisions/032). Every route under `/api/organiser` and
 * `/api/operator` declares what it needs in its config, `{ permission, scope }`; a route that declares
 * nothing stops the server at boot (fail closed), and every declaration is recorded for the tenant
 * isolation test. The check is a preValidation hook, so a refused actor learns nothing of the body's shape.
 */

/**
 * A route that only needs someone signed in, acting on no organisation (`GET /api/organiser/me`). It is
 * declared like a permission rather than left out, so that forgetting a permission still fails the boot.
 */
export const SIGNED_IN = 'signed_in';
export type RoutePermission = Permission | PlatformPermission | typeof SIGNED_IN;

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /** 'organisation' (the default): the route acts on `:org`; 'event': on `:eventUid` inside it. */
    scope?: 'organisation' | 'event';
  }
  interface FastifyRequest {
    /** Set by the guard on console routes acting on an organisation. */
    organiser: OrganiserActor | null;
    /** Set by the guard on every console route: who is signed in, with which session. */
    signedIn: SignedIn | null;
  }
}

export interface SignedIn {
  userId: string;
  sessionId: string;
}

/** Who acts on an organisation, as the guard admitted them. */
export interface OrganiserActor {
  userId: string;
  email: string;
  kind: 'member' | 'operator';
  organisationId: number;
  slug: string;
  role: OrganisationRole | 'operator';
  /** 'all', or the only events a member limited to chosen events acts on. */
  eventIds: 'all' | readonly number[];
  /** The route's event (`scope: 'event'`), found inside the organisation and the member's events. */
  event?: { id: number; uid: string };
  requestId: string;
  ip: string;
}

/** A route the guard protects, as declared. */
export interface OrganiserRoute {
  method: string;
  url: string;
  permission: RoutePermission;
  scope: 'organisation' | 'event';
}

/** The reads the guard makes (organisations module), handed in by the composition root. */
export interface OrganiserAccessDeps {
  currentSession(request: FastifyRequest): Promise<SignedIn | null>;
  findOrganisationAndMembership(
    slug: string,
    userId: string,
  ): Promise<{
    organisationId: number;
    slug: string;
    membership: { memberId: number; role: OrganisationRole; allEvents: boolean } | null;
  } | null>;
  findSignedInFacts(
    userId: string,
    sessionId: string,
  ): Promise<{ email: string; twoFactorEnabled: boolean; secondFactor: boolean; isOperator: boolean } | null>;
  findMemberEventIds(organisationId: number, memberId: number): Promise<number[]>;
  findEventOfOrganisation(organisationId: number, uid: string): Promise<{ id: number; uid: string } | null>;
}

const ORGANISER_PREFIX = '/api/organiser';
const OPERATOR_PREFIX = '/api/operator';

const MESSAGES = {
  notFound: 'No such organisation.',
  eventNotFound: 'No such event.',
  twoFactorRequired: 'Confirm it is you with a code from your authenticator app to use this part of the console.',
  forbidden: 'Your role in this organisation does not allow this.',
} as const;

function isUnder(url: string, prefix: string): boolean {
  return url === prefix || url.startsWith(`${prefix}/`);
}

const registries = new WeakMap<FastifyInstance, OrganiserRoute[]>();
/** The guards this plugin made: a route's options copied with one (Fastify's HEAD of a GET) get one guard, not two. */
const guards = new WeakSet<preValidationHookHandler>();

/** Every console route the app declared, with its permission: what the tenant isolation test runs. */
export function organiserRoutesOf(app: FastifyInstance): readonly OrganiserRoute[] {
  return registries.get(app) ?? [];
}

/** The guard's answer for a request, for the handlers: the route's own guard must have set it. */
export function organiserOf(request: FastifyRequest): OrganiserActor {
  if (!request.organiser) throw new Error(`${request.method} ${request.url}: no organiser (is the route guarded?)`);
  return request.organiser;
}

export function signedInOf(request: FastifyRequest): SignedIn {
  if (!request.signedIn) throw new Error(`${request.method} ${request.url}: nobody signed in (is the route guarded?)`);
  return request.signedIn;
}

/** The scoped transaction's scope for an actor (`withOrganiserScope`): its organisation, events, and audit actor. */
export function organiserScopeOf(actor: OrganiserActor): OrganiserScope {
  const auditActor: AuditActor = {
    kind: actor.kind,
    userId: actor.userId,
    email: actor.email,
    role: actor.role,
    requestId: actor.requestId,
    ip: actor.ip,
  };
  return { organisationId: actor.organisationId, eventIds: actor.eventIds, actor: auditActor };
}

/** Refuses at boot what the guard could not check: it fails closed, never open. */
function declarationOf(route: RouteOptions): OrganiserRoute | null {
  const isOrganiser = isUnder(route.url, ORGANISER_PREFIX);
  const isOperator = isUnder(route.url, OPERATOR_PREFIX);
  if (!isOrganiser && !isOperator) return null;
  const where = `${[route.method].flat().join(',')} ${route.url}`;
  const permission = route.config?.permission;
  if (permission === undefined) {
    throw new Error(`${where}: a console route must declare config.permission (plugins/organiser-access.ts)`);
  }
  const scope = route.config?.scope ?? 'organisation';
  if (permission !== SIGNED_IN) {
    if (isOrganiser && !route.url.includes('/:org')) throw new Error(`${where}: an organisation permission needs :org`);
    if (isOperator && isPermission(permission)) throw new Error(`${where}: operator routes take platform permissions`);
    if (isOrganiser && !isPermission(permission)) throw new Error(`${where}: organiser routes take member permissions`);
    if (scope === 'event' && !route.url.includes('/:eventUid'))
      throw new Error(`${where}: scope 'event' needs :eventUid`);
  }
  return { method: [route.method].flat().join(','), url: route.url, permission, scope };
}

function paramOf(request: FastifyRequest, name: string): string | undefined {
  const params: unknown = request.params;
  if (typeof params !== 'object' || params === null) return undefined;
  const value: unknown = Reflect.get(params, name);
  return typeof value === 'string' ? value : undefined;
}

function guardFor(declared: OrganiserRoute, deps: OrganiserAccessDeps): preValidationHookHandler {
  const { permission, scope } = declared;
  const guard: preValidationHookHandler = async function organiserGuard(request) {
    // 1. Someone signed in.
    const session = await deps.currentSession(request);
    if (!session) throw new AppError('sign_in_required', ACCOUNT_MESSAGES.signInRequired);
    request.signedIn = session;
    if (permission === SIGNED_IN) return;
    const facts = await deps.findSignedInFacts(session.userId, session.sessionId);
    if (!facts) throw new AppError('sign_in_required', ACCOUNT_MESSAGES.signInRequired);

    if (!isPermission(permission)) {
      // An operator route: to anyone else it does not exist.
      if (!facts.isOperator) throw new AppError('not_found', MESSAGES.notFound);
      if (!(facts.twoFactorEnabled && facts.secondFactor)) {
        throw new AppError('two_factor_required', MESSAGES.twoFactorRequired);
      }
      if (!operatorCan(permission)) throw new AppError('forbidden', MESSAGES.forbidden);
      return;
    }

    // 2. A member of `:org`, or an operator; to anyone else another organisation does not exist.
    const slug = OrganisationSlugSchema.safeParse(paramOf(request, 'org'));
    const found = slug.success ? await deps.findOrganisationAndMembership(slug.data, session.userId) : null;
    const membership = found?.membership ?? null;
    if (!found || (!membership && !facts.isOperator)) throw new AppError('not_found', MESSAGES.notFound);

    // 3. The second factor, for the roles that need it (operators always).
    const needsTwoFactor = membership ? requiresTwoFactor(membership.role) : true;
    if (needsTwoFactor && !(facts.twoFactorEnabled && facts.secondFactor)) {
      throw new AppError('two_factor_required', MESSAGES.twoFactorRequired);
    }

    // 4. The permission; and all events for what acts on the organisation itself.
    const isAllowed = membership
      ? can(membership.role, permission) && (membership.allEvents || !isOrganisationWide(permission))
      : operatorCan(permission);
    if (!isAllowed) throw new AppError('forbidden', MESSAGES.forbidden);

    const eventIds: 'all' | number[] =
      !membership || membership.allEvents
        ? 'all'
        : await deps.findMemberEventIds(found.organisationId, membership.memberId);
    const actor: OrganiserActor = {
      userId: session.userId,
      email: facts.email,
      kind: membership ? 'member' : 'operator',
      organisationId: found.organisationId,
      slug: found.slug,
      role: membership ? membership.role : 'operator',
      eventIds,
      requestId: request.id,
      ip: request.ip,
    };

    // 5. The route's event: inside the organisation, and inside a limited member's events.
    if (scope === 'event') {
      const uid = paramOf(request, 'eventUid');
      const event = uid === undefined ? null : await deps.findEventOfOrganisation(found.organisationId, uid);
      if (!event || (eventIds !== 'all' && !eventIds.includes(event.id))) {
        throw new AppError('not_found', MESSAGES.eventNotFound);
      }
      actor.event = event;
    }
    request.organiser = actor;
  };
  guards.add(guard);
  return guard;
}

/**
 * Installs the guard: call it before any route is declared (its onRoute hook sees only later routes).
 * Every route under the console's prefixes gets the guard first among its preValidation hooks.
 */
export function registerOrganiserAccess(app: FastifyInstance, deps: OrganiserAccessDeps): void {
  const registry: OrganiserRoute[] = [];
  registries.set(app, registry);
  app.decorateRequest('organiser', null);
  app.decorateRequest('signedIn', null);
  app.addHook('onRoute', (route) => {
    const declared = declarationOf(route);
    if (!declared) return;
    // Fastify's automatic HEAD of a GET is the same route: recorded once, guarded alike.
    if (route.method !== 'HEAD') registry.push(declared);
    const own = (route.preValidation ? [route.preValidation].flat() : []).filter((hook) => !guards.has(hook));
    route.preValidation = [guardFor(declared, deps), ...own];
  });
}
