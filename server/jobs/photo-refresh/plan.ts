import { normaliseMemberName } from '@shared/member-names';
import type { PhotoJobType } from '@shared/member-photos';
import type { ListedMember } from './listing';
import type { Member, MemberMatcher } from './matching';

export type WorkItem =
  | { kind: 'photo'; member: Member; entry: ListedMember }
  | { kind: 'unmatched'; entry: ListedMember; reason: string };

/** What the job already knows about a member's photo. */
export interface PhotoState {
  hasOverride: boolean;
  hasStoredPhoto: boolean;
}

const quoted = (name: string) => `“${name}”`;

/** Entries of one name: one entry when they agree on the photo, a conflict when they do not. */
function collapseByName(entries: ListedMember[], label: string) {
  const groups = new Map<string, ListedMember[]>();
  for (const entry of entries) {
    const key = normaliseMemberName(entry.name);
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  const distinct: ListedMember[] = [];
  const conflicts: WorkItem[] = [];
  for (const group of groups.values()) {
    const first = group[0] as ListedMember;
    // The same person listed twice (a leadership section and the full list) is one entry.
    if (new Set(group.map((entry) => entry.imageUrl)).size === 1) {
      distinct.push(first);
    } else {
      conflicts.push({
        kind: 'unmatched',
        entry: first,
        reason: `${quoted(first.name)} appears ${group.length} times on the ${label} with different photos; none was used.`,
      });
    }
  }
  return { distinct, conflicts };
}

/**
 * Turns one source's listing into the job's work: one photo per member, and an unmatched item (with the
 * reason for the error log) for every name that does not lead to exactly one member and one photo.
 * Members with a manual override are left alone; a missing-only job also leaves members with a photo.
 */
export function planSource(
  entries: ListedMember[],
  matcher: MemberMatcher,
  label: string,
  jobType: PhotoJobType,
  photoState: (member: Member) => PhotoState,
): WorkItem[] {
  const { distinct, conflicts } = collapseByName(entries, label);
  const items: WorkItem[] = [...conflicts];
  const claims = new Map<string, Array<{ member: Member; entry: ListedMember }>>();
  for (const entry of distinct) {
    const match = matcher.match(entry.name);
    if (match.kind === 'member') {
      claims.set(match.member.id, [...(claims.get(match.member.id) ?? []), { member: match.member, entry }]);
    } else if (match.kind === 'ambiguous') {
      items.push({
        kind: 'unmatched',
        entry,
        reason: `${quoted(entry.name)} on the ${label} matches ${match.count} members of that name; add a name alias or set their photos by hand.`,
      });
    } else {
      items.push({
        kind: 'unmatched',
        entry,
        reason: `No member matches ${quoted(entry.name)} on the ${label}; add a name alias if this is a member.`,
      });
    }
  }
  for (const claim of claims.values()) {
    const first = claim[0] as { member: Member; entry: ListedMember };
    if (new Set(claim.map((c) => c.entry.imageUrl)).size > 1) {
      const names = claim.map((c) => quoted(c.entry.name)).join(' and ');
      items.push({
        kind: 'unmatched',
        entry: first.entry,
        reason: `${names} on the ${label} all match ${first.member.name}, with different photos; none was used.`,
      });
      continue;
    }
    const state = photoState(first.member);
    if (state.hasOverride || (jobType === 'missing_only' && state.hasStoredPhoto)) continue;
    items.push({ kind: 'photo', member: first.member, entry: first.entry });
  }
  return items;
}
