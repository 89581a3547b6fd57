import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler, RouteOptions } from 'fastify';
import type { AuditActor, OrganiserScope } from '@marquee/db/tenancy';
import { ACCOUNT_MESSAGES } from '@marquee/domain/accounts';
import { INTEGRATION_MESSAGES, isApiKeyScope } from '@marquee/domain/integrations';
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
import { apiKeyHash, bearerApiKeyOf } from './api-key-bearer';
import { AppError } from './app-error';
import { memoryCounters, RATE_LIMIT_MESSAGES, type Counters } from './rate-limits';

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
  /** A member's or operator's account; for an API key, the account that made it (it answers for the key). */
  userId: string;
  email: string;
  kind: 'member' | 'operator' | 'api_key';
  organisationId: number;
  slug: string;
  /** Ask `actorCan`, never `can(actor.role, …)`: an API key's permissions are its scopes, not a role's. */
  role: OrganisationRole | 'operator' | 'api_key';
  /** The API key a request was made with (decisions/044): its scopes are all it may do. */
  apiKey?: { id: number; prefix: string; name: string; scopes: ReadonlySet<Permission> };
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
  /**
   * The API key whose secret hashes to `tokenHash` (integrations module; decisions/044); null when there is
   * none. Absent: API keys are refused.
   */
  findApiKey?(tokenHash: string): Promise<ApiKeyPrincipal | null>;
  /** Records that an admitted key was used now (a refused request changes nothing). */
  markApiKeyUsed?(keyId: number): Promise<void>;
}

/** An API key as the guard reads it. */
export interface ApiKeyPrincipal {
  id: number;
  name: string;
  prefix: string;
  organisationId: number;
  slug: string;
  scopes: readonly string[];
  /** null: every event of the organisation. */
  eventIds: readonly number[] | null;
  isRevoked: boolean;
  /** The key's maker while they are still a member (their role now); null once they left. */
  creator: { userId: string; email: string; role: OrganisationRole; allEvents: boolean } | null;
}

/** Requests one API key may make per minute, whatever the route (decisions/044). */
export const API_KEY_REQUESTS_PER_MINUTE = 300;

const ORGANISER_PREFIX = '/api/organiser';
const OPERATOR_PREFIX = '/api/operator';

const MESSAGES = {
  notFound: 'No such organisation.',
  eventNotFound: 'No such event.',
  twoFactorRequired: 'Confirm it is you with a code from your authenticator app to use this part of the console.',
  forbidden: 'Your role in this organisation does not allow this.',
  keyForbidden: 'This API key does not have the permission this needs.',
  keyRateLimited: `An API key may make ${API_KEY_REQUESTS_PER_MINUTE} requests a minute: wait a moment and try again.`,
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

/**
 * Whether the admitted actor holds a permission: a member by their role, an operator by the operators' reads,
 * an API key by its scopes only (the guard has already narrowed them to what its maker's role holds).
 */
export function actorCan(actor: OrganiserActor, permission: Permission): boolean {
  if (actor.apiKey) return actor.apiKey.scopes.has(permission);
  if (actor.role === 'operator') return operatorCan(permission);
  if (actor.role === 'api_key') return false;
  return can(actor.role, permission);
}

/** The scoped transaction's scope for an actor (`withOrganiserScope`): its organisation, events, and audit actor. */
export function organiserScopeOf(actor: OrganiserActor): OrganiserScope {
  const auditActor: AuditActor = {
    kind: actor.kind,
    userId: actor.userId,
    email: actor.email,
    // A key's actions are recorded as the key's (its display prefix), its maker's account beside it.
    role: actor.apiKey ? `api_key:${actor.apiKey.prefix}` : actor.role,
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

/** The route's event (`scope: 'event'`): inside the organisation, and inside the actor's events. */
async function eventOfScope(
  request: FastifyRequest,
  deps: OrganiserAccessDeps,
  organisationId: number,
  eventIds: 'all' | readonly number[],
): Promise<{ id: number; uid: string }> {
  const uid = paramOf(request, 'eventUid');
  const event = uid === undefined ? null : await deps.findEventOfOrganisation(organisationId, uid);
  if (!event || (eventIds !== 'all' && !eventIds.includes(event.id))) {
    throw new AppError('not_found', MESSAGES.eventNotFound);
  }
  return event;
}

/**
 * An API key (decisions/044) acts as a principal of its own organisation with exactly its scopes, narrowed to
 * what its maker's role holds now (a maker who left the organisation takes the key's power with them), never
 * on another organisation (404, as for a stranger's session), never on routes of no organisation or the
 * operators'. Its session cookie, if any, is ignored. Counted per key.
 */
async function admitApiKey(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  declared: OrganiserRoute,
  deps: OrganiserAccessDeps,
  counters: Counters,
): Promise<OrganiserActor> {
  const { permission, scope } = declared;
  if (permission === SIGNED_IN || !isPermission(permission)) {
    throw new AppError('api_key_invalid', INTEGRATION_MESSAGES.keyOrganisationOnly);
  }
  const key = deps.findApiKey ? await deps.findApiKey(apiKeyHash(token)) : null;
  if (!key || key.isRevoked || !key.creator) throw new AppError('api_key_invalid', INTEGRATION_MESSAGES.keyInvalid);
  const slug = OrganisationSlugSchema.safeParse(paramOf(request, 'org'));
  if (!slug.success || slug.data !== key.slug) throw new AppError('not_found', MESSAGES.notFound);

  const hit = await counters.hit(String(key.id));
  const retryInMs = 'full' in hit ? hit.retryInMs : hit.count > API_KEY_REQUESTS_PER_MINUTE ? hit.resetInMs : null;
  if (retryInMs !== null) {
    reply.header('retry-after', String(Math.max(1, Math.ceil(retryInMs / 1000))));
    throw new AppError('rate_limited', 'full' in hit ? RATE_LIMIT_MESSAGES.busy : MESSAGES.keyRateLimited);
  }

  const { creator } = key;
  const scopes = new Set(
    key.scopes.filter(
      (scope): scope is Permission => isPermission(scope) && isApiKeyScope(scope) && can(creator.role, scope),
    ),
  );
  const eventIds: 'all' | readonly number[] = key.eventIds ?? 'all';
  // A maker since limited to chosen events holds no key wider than them: fail closed rather than guess which.
  const isTooWide = !creator.allEvents || (eventIds !== 'all' && isOrganisationWide(permission));
  if (!scopes.has(permission) || isTooWide) throw new AppError('forbidden', MESSAGES.keyForbidden);
  const actor: OrganiserActor = {
    userId: creator.userId,
    email: creator.email,
    kind: 'api_key',
    organisationId: key.organisationId,
    slug: key.slug,
    role: 'api_key',
    apiKey: { id: key.id, prefix: key.prefix, name: key.name, scopes },
    eventIds,
    requestId: request.id,
    ip: request.ip,
  };
  if (scope === 'event') actor.event = await eventOfScope(request, deps, key.organisationId, eventIds);
  await deps.markApiKeyUsed?.(key.id);
  return actor;
}

function guardFor(
  declared: OrganiserRoute,
  deps: OrganiserAccessDeps,
  keyCounters: Counters,
): preValidationHookHandler {
  const { permission, scope } = declared;
  const guard: preValidationHookHandler = async function organiserGuard(request, reply) {
    // 0. An API key instead of a session: its own admission, never the cookie's.
    const apiKey = bearerApiKeyOf(request);
    if (apiKey !== null) {
      request.organiser = await admitApiKey(request, reply, apiKey, declared, deps, keyCounters);
      return;
    }
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
    if (scope === 'event') actor.event = await eventOfScope(request, deps, found.organisationId, eventIds);
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
  // Requests per API key: the app's counters (shared through Redis when configured), or this guard's own.
  const keyCounters = app.hasDecorator('rateLimitCounters')
    ? app.rateLimitCounters('api-key', 60_000)
    : memoryCounters({ windowMs: 60_000, capacity: 20_000 });
  app.decorateRequest('organiser', null);
  app.decorateRequest('signedIn', null);
  app.addHook('onRoute', (route) => {
    const declared = declarationOf(route);
    if (!declared) return;
    // Fastify's automatic HEAD of a GET is the same route: recorded once, guarded alike.
    if (route.method !== 'HEAD') registry.push(declared);
    const own = (route.preValidation ? [route.preValidation].flat() : []).filter((hook) => !guards.has(hook));
    route.preValidation = [guardFor(declared, deps, keyCounters), ...own];
  });
}
