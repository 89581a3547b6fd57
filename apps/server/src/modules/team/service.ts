import { randomBytes } from 'node:crypto';
import type { Db, Tx } from '@marquee/db/client';
import { UNIQUE_VIOLATION, isViolationOf } from '@marquee/db/errors';
import { appendAudit, withOrganiserScope, type OrganiserScope, type ScopedTx } from '@marquee/db/tenancy';
import {
  INVITATION_VALID_DAYS,
  MAX_PENDING_INVITATIONS,
  type Invitation,
  type InvitationAcceptAnswer,
  type InvitationBody,
  type MemberPatchBody,
  type TeamAnswer,
  type TeamMember,
} from '@marquee/domain/console';
import { can, type OrganisationRole } from '@marquee/domain/permissions';
import { AppError, invalidField, notFound } from '../../plugins/app-error';
import { organiserScopeOf, type OrganiserActor, type SignedIn } from '../../plugins/organiser-access';
import { invitationTokenHash } from '../mail/service';
import * as repository from './repository';

export const TEAM_MESSAGES = {
  memberNotFound: 'No such member.',
  invitationNotFound: 'No such invitation.',
  invitationAccepted: 'This invitation was already accepted: the person is a member now.',
  alreadyMember: 'This person is already a member of the organisation.',
  alreadyInvited: 'This address already has a pending invitation: revoke it first to send a new one.',
  tooManyInvitations: `The organisation has ${MAX_PENDING_INVITATIONS} pending invitations, the most it may have at once: revoke some, or wait for them to be accepted.`,
  ownerAllEvents: 'An owner always has all events.',
  chooseEvents: 'Choose at least one event, or give all events.',
  noEventsWithAll: 'Leave this empty when all_events is true.',
  unknownEvents: (uids: readonly string[]) => `These are not events of this organisation: ${uids.join(', ')}.`,
  lastOwner: 'The organisation must keep at least one owner: make someone else an owner first.',
  noLongerAllowed: 'Your role in this organisation no longer allows this.',
  linkInvalid:
    'This invitation link is not valid: it was revoked, already used, or mistyped. Ask for a new invitation.',
  linkExpired: 'This invitation has expired. Ask the organisation for a new one.',
  wrongAccount: (masked: string) =>
    `This invitation was sent to ${masked}. Sign in with that account to accept it (you are signed in with another).`,
  alreadyJoined: 'You are already a member of this organisation.',
} as const;

/** "n***@example.com": enough for the invitee to recognise their address, not enough to learn someone's. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** A new invitation token (32 random bytes) and the sha256 the database keeps of it. */
function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: invitationTokenHash(token) };
}

/** Whether a refusal of the database is this unique index's. */
const isUnique = (error: unknown, constraint: string) => isViolationOf(error, UNIQUE_VIOLATION, constraint);

/** What a member's access is, as the audit log and the rules see it. */
interface Access {
  role: OrganisationRole;
  allEvents: boolean;
  /** Event ids (for member_events) and their uids (for answers and the audit log). */
  events: { id: number; uid: string }[];
}

export interface TeamServiceDeps {
  db: Db;
  /** The site's origin, for the invitation link. */
  publicUrl: string;
  /** Queues the invitation e-mail in the invitation's transaction (modules/mail). */
  queueInvitationMail: (tx: Tx, mail: { email: string; url: string; organisation: string }) => Promise<void>;
}

export type TeamService = ReturnType<typeof createTeamService>;

/**
 * The organisation's team (issue 21): members, their roles and event limits, and invitations by e-mail. Every
 * use case runs in one scoped transaction with its audit row; a refusal throws and so writes nothing.
 */
export function createTeamService(deps: TeamServiceDeps) {
  const { db, queueInvitationMail } = deps;
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');

  /**
   * The events a body names, found in the scope: an unknown uid and another organisation's are refused alike
   * (422 `errors.event_uids`). Keeps the order given, each uid once.
   */
  async function resolveEvents(tx: ScopedTx, uids: readonly string[]): Promise<{ id: number; uid: string }[]> {
    const wanted = [...new Set(uids)];
    const found = await repository.findEventsByUid(tx, wanted);
    const byUid = new Map(found.map((event) => [event.uid, event]));
    const unknown = wanted.filter((uid) => !byUid.has(uid));
    if (unknown.length > 0) throw invalidField('event_uids', TEAM_MESSAGES.unknownEvents(unknown));
    return wanted.flatMap((uid) => byUid.get(uid) ?? []);
  }

  /** The access rules shared by an invitation and a member's change: owners have all events; limits name events. */
  async function checkedAccess(
    tx: ScopedTx,
    wanted: { role: OrganisationRole; allEvents: boolean | undefined; eventUids: readonly string[] | undefined },
    current: { allEvents: boolean; events: { id: number; uid: string }[] } | null,
  ): Promise<Access> {
    const { role } = wanted;
    if (role === 'owner' && wanted.allEvents === false) throw invalidField('all_events', TEAM_MESSAGES.ownerAllEvents);
    const allEvents = role === 'owner' ? true : (wanted.allEvents ?? current?.allEvents ?? true);
    if (allEvents) {
      if (wanted.eventUids && wanted.eventUids.length > 0) {
        throw invalidField('event_uids', TEAM_MESSAGES.noEventsWithAll);
      }
      return { role, allEvents, events: [] };
    }
    const events = wanted.eventUids ? await resolveEvents(tx, wanted.eventUids) : (current?.events ?? []);
    if (events.length === 0) throw invalidField('event_uids', TEAM_MESSAGES.chooseEvents);
    return { role, allEvents, events };
  }

  /** The member's answer, with the event uids the reader may see. */
  async function memberAnswer(tx: ScopedTx, memberId: number): Promise<TeamMember> {
    const member = await repository.findMember(tx, memberId);
    if (!member) throw notFound(TEAM_MESSAGES.memberNotFound);
    const events = await repository.findMemberEvents(tx, [member.id]);
    return toMemberAnswer(
      member,
      events.map((event) => event.uid),
    );
  }

  /** The member's events as the rules see them (only a limited member has any). */
  async function eventsOfMember(tx: ScopedTx, memberId: number): Promise<{ id: number; uid: string }[]> {
    const rows = await repository.findMemberEvents(tx, [memberId]);
    return rows.map(({ id, uid }) => ({ id, uid }));
  }

  /**
   * Locks the owners, then the member; refuses a change that would leave the organisation without an owner
   * (409 `last_owner`), then one from an actor who is no longer allowed to manage the team (their own role
   * changed while the request waited for the lock).
   */
  async function lockForChange(
    tx: ScopedTx,
    actor: OrganiserActor,
    memberId: number,
    /** The member's role after the change: undefined keeps it; 'removed' for a removal. */
    becomes: OrganisationRole | 'removed' | undefined,
  ) {
    const owners = await repository.lockOwners(tx);
    const member = await repository.lockMember(tx, memberId);
    if (!member) throw notFound(TEAM_MESSAGES.memberNotFound);
    const losesOwner = member.role === 'owner' && becomes !== undefined && becomes !== 'owner';
    if (losesOwner && owners.every((owner) => owner.id === member.id)) {
      throw new AppError('last_owner', TEAM_MESSAGES.lastOwner);
    }
    const own = await repository.findMembershipOf(tx, actor.userId);
    if (!own || !can(own.role, 'team.manage')) throw new AppError('forbidden', TEAM_MESSAGES.noLongerAllowed);
    return member;
  }

  return {
    /** The members and the pending, unexpired invitations, read in the scope. */
    team(actor: OrganiserActor): Promise<TeamAnswer> {
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const members = await repository.findMembers(tx);
        const memberUids = await repository.findMemberEvents(
          tx,
          members.filter((member) => !member.allEvents).map((member) => member.id),
        );
        const invitations = await repository.findPendingInvitations(tx);
        const invitedEvents = await repository.findEventsById(
          tx,
          invitations.flatMap((invitation) => (invitation.allEvents ? [] : invitation.eventIds)),
        );
        const uidOf = new Map(invitedEvents.map((event) => [event.id, event.uid]));
        return {
          members: members.map((member) =>
            toMemberAnswer(
              member,
              memberUids.filter((row) => row.memberId === member.id).map((row) => row.uid),
            ),
          ),
          invitations: invitations.map((invitation) =>
            toInvitationAnswer(
              invitation,
              invitation.eventIds.flatMap((id) => uidOf.get(id) ?? []),
            ),
          ),
        };
      });
    },

    /** Invites an address: the row keeps the token's hash; the e-mail with the token goes through the outbox. */
    async invite(actor: OrganiserActor, body: InvitationBody): Promise<Invitation> {
      const email = body.email.trim().toLowerCase();
      try {
        return await withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
          const organisation = await repository.lockOrganisation(tx);
          if (!organisation) throw notFound('No such organisation.');
          const access = await checkedAccess(
            tx,
            { role: body.role, allEvents: body.all_events, eventUids: body.event_uids },
            null,
          );
          if (await repository.isMemberByEmail(tx, email)) throw new AppError('conflict', TEAM_MESSAGES.alreadyMember);
          await repository.expireInvitations(tx);
          if (await repository.hasPendingInvitation(tx, email)) {
            throw new AppError('conflict', TEAM_MESSAGES.alreadyInvited);
          }
          if ((await repository.countPendingInvitations(tx)) >= MAX_PENDING_INVITATIONS) {
            throw new AppError('conflict', TEAM_MESSAGES.tooManyInvitations);
          }
          const { token, tokenHash } = newToken();
          const row = await repository.insertInvitation(tx, {
            email,
            role: access.role,
            allEvents: access.allEvents,
            eventIds: access.events.map((event) => event.id),
            tokenHash,
            invitedBy: actor.userId,
            validDays: INVITATION_VALID_DAYS,
          });
          const url = `${publicUrl}/organiser/join?token=${encodeURIComponent(token)}`;
          await queueInvitationMail(tx, { email, url, organisation: organisation.name });
          const eventUids = access.events.map((event) => event.uid);
          // Never the token, nor its hash.
          await appendAudit(tx, {
            action: 'member.invite',
            entityType: 'invitation',
            entityId: row.id,
            after: {
              email,
              role: access.role,
              all_events: access.allEvents,
              event_uids: eventUids,
              expires_at: row.expiresAt.toISOString(),
            },
          });
          return {
            id: row.id,
            email,
            role: access.role,
            all_events: access.allEvents,
            event_uids: eventUids,
            expires_at: row.expiresAt.toISOString(),
            invited_by: await repository.findUserName(tx, actor.userId),
          };
        });
      } catch (error) {
        // Two invitations of one address at once: the partial unique index is the last wall.
        if (isUnique(error, 'organisation_invitations_pending_email_key')) {
          throw new AppError('conflict', TEAM_MESSAGES.alreadyInvited);
        }
        throw error;
      }
    },

    /** Revokes a pending invitation: its link stops working. */
    revokeInvitation(actor: OrganiserActor, invitationId: number): Promise<void> {
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const invitation = await repository.lockInvitation(tx, invitationId);
        // Revoked or expired ones are no longer listed: gone, as far as the team can see.
        if (!invitation || invitation.status === 'revoked' || invitation.status === 'expired') {
          throw notFound(TEAM_MESSAGES.invitationNotFound);
        }
        if (invitation.status === 'accepted') throw new AppError('conflict', TEAM_MESSAGES.invitationAccepted);
        await repository.setInvitationStatus(tx, invitation.id, 'revoked');
        await appendAudit(tx, {
          action: 'member.invitation_revoke',
          entityType: 'invitation',
          entityId: invitation.id,
          before: { status: 'pending' },
          after: { status: 'revoked' },
        });
      });
    },

    /** Changes a member's role and event limits; the last owner keeps the role. */
    updateMember(actor: OrganiserActor, memberId: number, body: MemberPatchBody): Promise<TeamMember> {
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const role = body.role;
        const member = await lockForChange(tx, actor, memberId, role);
        const currentEvents = member.allEvents ? [] : await eventsOfMember(tx, member.id);
        const access = await checkedAccess(
          tx,
          { role: role ?? member.role, allEvents: body.all_events, eventUids: body.event_uids },
          { allEvents: member.allEvents, events: currentEvents },
        );
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        if (access.role !== member.role) {
          before['role'] = member.role;
          after['role'] = access.role;
        }
        if (access.allEvents !== member.allEvents) {
          before['all_events'] = member.allEvents;
          after['all_events'] = access.allEvents;
        }
        const beforeUids = currentEvents.map((event) => event.uid).sort();
        const afterUids = access.events.map((event) => event.uid).sort();
        if (beforeUids.join('\n') !== afterUids.join('\n')) {
          before['event_uids'] = beforeUids;
          after['event_uids'] = afterUids;
        }
        if (Object.keys(after).length > 0) {
          await repository.updateMember(tx, member.id, { role: access.role, allEvents: access.allEvents });
          await repository.replaceMemberEvents(
            tx,
            member.id,
            access.events.map((event) => event.id),
          );
          await appendAudit(tx, { action: 'member.update', entityType: 'member', entityId: member.id, before, after });
        }
        return memberAnswer(tx, member.id);
      });
    },

    /** Removes a member (their event limits go with them); the last owner stays. */
    removeMember(actor: OrganiserActor, memberId: number): Promise<void> {
      return withOrganiserScope(db, organiserScopeOf(actor), async (tx) => {
        const member = await lockForChange(tx, actor, memberId, 'removed');
        const found = await repository.findMember(tx, member.id);
        const events = member.allEvents ? [] : await eventsOfMember(tx, member.id);
        await repository.deleteMember(tx, member.id);
        await appendAudit(tx, {
          action: 'member.remove',
          entityType: 'member',
          entityId: member.id,
          before: {
            email: found?.email ?? null,
            role: member.role,
            all_events: member.allEvents,
            event_uids: events.map((event) => event.uid),
          },
        });
      });
    },

    /**
     * Accepts an invitation as the signed-in account: the membership, its events and the invitation's status
     * in one transaction, with the invitation's row locked so that one token makes one membership.
     */
    async accept(
      signedIn: SignedIn,
      request: { requestId: string; ip: string },
      token: string,
    ): Promise<InvitationAcceptAnswer> {
      const tokenHash = invitationTokenHash(token);
      const found = await repository.findInvitationOrganisation(db, tokenHash);
      if (!found) throw new AppError('link_invalid', TEAM_MESSAGES.linkInvalid);
      const email = await repository.findUserEmail(db, signedIn.userId);
      if (email === null) throw new AppError('sign_in_required', 'Sign in to accept the invitation.');
      const scope: OrganiserScope = {
        organisationId: found.organisationId,
        // The joining user acts on their own membership only; the events read are the invitation's own.
        eventIds: 'all',
        actor: { kind: 'member', userId: signedIn.userId, email, role: found.role, ...request },
      };
      const outcome = await withOrganiserScope(db, scope, async (tx) => {
        const invitation = await repository.lockInvitationByToken(tx, tokenHash);
        if (!invitation || invitation.status === 'revoked' || invitation.status === 'accepted') {
          throw new AppError('link_invalid', TEAM_MESSAGES.linkInvalid);
        }
        if (invitation.status === 'expired') return { expired: true } as const;
        if (invitation.isExpired) {
          // Marked, and the refusal answered once this commits (a thrown refusal would roll the mark back).
          await repository.setInvitationStatus(tx, invitation.id, 'expired');
          return { expired: true } as const;
        }
        if (invitation.email !== email.toLowerCase()) {
          throw new AppError('link_invalid', TEAM_MESSAGES.wrongAccount(maskEmail(invitation.email)));
        }
        if (await repository.isMember(tx, signedIn.userId)) throw new AppError('conflict', TEAM_MESSAGES.alreadyJoined);
        const events = invitation.allEvents ? [] : await repository.findEventsById(tx, invitation.eventIds);
        const memberId = await repository.insertMember(tx, {
          userId: signedIn.userId,
          role: invitation.role,
          allEvents: invitation.allEvents,
        });
        await repository.replaceMemberEvents(
          tx,
          memberId,
          events.map((event) => event.id),
        );
        await repository.markInvitationAccepted(tx, invitation.id, signedIn.userId);
        await appendAudit(tx, {
          action: 'member.join',
          entityType: 'member',
          entityId: memberId,
          after: {
            email: invitation.email,
            role: invitation.role,
            all_events: invitation.allEvents,
            event_uids: events.map((event) => event.uid),
            invitation_id: invitation.id,
          },
        });
        const slug = await repository.findOrganisationSlug(tx);
        if (slug === null) throw notFound('No such organisation.');
        return { slug } as const;
      }).catch((error: unknown) => {
        // The same account joining twice through two requests at once: the unique membership is the last wall.
        if (isUnique(error, 'organisation_members_organisation_user_key')) {
          throw new AppError('conflict', TEAM_MESSAGES.alreadyJoined);
        }
        throw error;
      });
      if ('expired' in outcome) throw new AppError('link_expired', TEAM_MESSAGES.linkExpired);
      return outcome;
    },
  };
}

type MemberFields = {
  id: number;
  name: string;
  email: string;
  role: OrganisationRole;
  allEvents: boolean;
  twoFactor: boolean;
  createdAt: Date;
};

function toMemberAnswer(member: MemberFields, eventUids: string[]): TeamMember {
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    role: member.role,
    all_events: member.allEvents,
    event_uids: member.allEvents ? [] : eventUids,
    two_factor: member.twoFactor,
    joined_at: member.createdAt.toISOString(),
  };
}

function toInvitationAnswer(
  invitation: {
    id: number;
    email: string;
    role: OrganisationRole;
    allEvents: boolean;
    expiresAt: Date;
    invitedBy: string | null;
  },
  eventUids: string[],
): Invitation {
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    all_events: invitation.allEvents,
    event_uids: invitation.allEvents ? [] : eventUids,
    expires_at: invitation.expiresAt.toISOString(),
    invited_by: invitation.invitedBy,
  };
}
