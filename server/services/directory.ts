import { seatNumber } from '@shared/directory';
import { STATE_DIRECTORY, type StateId } from '@shared/federal-states';
import { SENATE_STATES, type SenateState } from '@shared/regions';
import type { MemberInput, MembersInput, SenatorInput, SenatorsInput } from '@shared/schemas/directory';
import { and, asc, count, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../db/client';
import { houseMembers, senators } from '../db/schema';
import { DomainError } from '../errors/domain-error';
import { withPhotoUrls } from './photos/members';

const memberColumns = {
  id: houseMembers.id,
  hopNumber: houseMembers.hopNumber,
  name: houseMembers.name,
  region: houseMembers.region,
  email: houseMembers.email,
  phone: houseMembers.phone,
  birthDate: houseMembers.birthDate,
  imageUrl: houseMembers.imageUrl,
  description: houseMembers.description,
  isPlaceholder: houseMembers.isPlaceholder,
};

const senatorColumns = {
  id: senators.id,
  name: senators.name,
  title: senators.title,
  state: senators.state,
  role: senators.role,
  imageUrl: senators.imageUrl,
  isPlaceholder: senators.isPlaceholder,
};

/** What the Senate's ordering looks at. */
type SenateSeat = { name: string; state: SenateState; role: string | null };

/** The Senate's presiding offices, in the order the directory lists them. */
const SENATE_OFFICES = ['Chairman', 'First Deputy Chairman', 'Second Deputy Chairman'];

/** Case-insensitive substring match; the search's own % and _ are matched literally. */
function contains(column: AnySQLiteColumn, search: string): SQL {
  const pattern = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

/**
 * Every word of the search, in any order, in one of the columns: "sadia samatar" finds Sadia Yasin Haji Samatar,
 * and "samatar banadir" a Samatar of Banadir.
 */
function everyWord(search: string, columns: (word: string) => (SQL | undefined)[]): SQL | undefined {
  const words = search.split(/\s+/).filter(Boolean);
  return and(...words.map((word) => or(...columns(word))));
}

function memberSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const seat = seatNumber(search);
  if (seat) return eq(houseMembers.hopNumber, seat);
  return everyWord(search, (word) => [
    contains(houseMembers.name, word),
    contains(houseMembers.region, word),
    contains(houseMembers.hopNumber, word),
  ]);
}

/** One page of the House directory in HOP order, with the number of members matching. */
export function listMembers(db: Db, input: MembersInput) {
  const where = and(
    memberSearch(input.search),
    input.region ? eq(houseMembers.region, input.region) : undefined,
  );
  const total = db.select({ total: count() }).from(houseMembers).where(where).get()?.total ?? 0;
  // A page past the last (an old link, a typed ?page=99) shows the last one, and says so by its number.
  const page = Math.max(1, Math.min(input.page, Math.ceil(total / input.pageSize)));
  const items = db
    .select(memberColumns)
    .from(houseMembers)
    .where(where)
    .orderBy(asc(houseMembers.hopNumber))
    .limit(input.pageSize)
    .offset((page - 1) * input.pageSize)
    .all();
  return { items: withPhotoUrls(db, 'parliament', items), total, page, pageSize: input.pageSize };
}

// Leaders sit in the state whose seat they hold and carry their office as a role; rows of the older 'Leadership'
// group are leaders too.
const isLeadership = (senator: SenateSeat) => senator.state === 'Leadership' || senator.role !== null;

/** A state's senators, leaders included; 'Leadership' is the leadership group, wherever its seats are. */
function senateStateFilter(state: SenateState): SQL | undefined {
  return state === 'Leadership'
    ? or(eq(senators.state, state), isNotNull(senators.role))
    : eq(senators.state, state);
}

const officeRank = (senator: SenateSeat) => {
  const rank = senator.role ? SENATE_OFFICES.indexOf(senator.role) : -1;
  return rank === -1 ? SENATE_OFFICES.length : rank;
};

// Numeric collation keeps "seat 2" before "seat 10". Made on first use, not at import: a collator loads ICU
// data (a few MB resident) that a freshly started server does not need (docs/scaling.md, idle memory).
let byName: Intl.Collator | undefined;

/** Leadership first by office, then state by state in the directory's order, then by name. */
function senateOrder(a: SenateSeat, b: SenateSeat): number {
  byName ??= new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  return (
    Number(isLeadership(b)) - Number(isLeadership(a)) ||
    officeRank(a) - officeRank(b) ||
    SENATE_STATES.indexOf(a.state) - SENATE_STATES.indexOf(b.state) ||
    byName.compare(a.name, b.name)
  );
}

/** The Senate directory: every matching senator, and the leadership group among them. */
export function listSenators(db: Db, input: SenatorsInput) {
  const search = input.search;
  const where = and(
    search
      ? everyWord(search, (word) => [
          contains(senators.name, word),
          contains(senators.title, word),
          contains(senators.state, word),
          and(isNotNull(senators.role), contains(senators.role, word)),
        ])
      : undefined,
    input.state ? senateStateFilter(input.state) : undefined,
  );
  const all = withPhotoUrls(db, 'senate', db.select(senatorColumns).from(senators).where(where).all()).sort(
    senateOrder,
  );
  return { leadership: all.filter(isLeadership), senators: all, total: all.length };
}

/** The House members and senators who hold a federal member state's seats, for its profile page. */
export function stateRepresentatives(db: Db, stateId: StateId) {
  const { houseRegion, senateState } = STATE_DIRECTORY[stateId];
  const members = db
    .select(memberColumns)
    .from(houseMembers)
    .where(eq(houseMembers.region, houseRegion))
    .orderBy(asc(houseMembers.hopNumber))
    .all();
  const stateSenators = senateState
    ? db.select(senatorColumns).from(senators).where(eq(senators.state, senateState)).all().sort(senateOrder)
    : [];
  return {
    members: withPhotoUrls(db, 'parliament', members),
    senators: withPhotoUrls(db, 'senate', stateSenators),
  };
}

/** The member who holds a House seat, for their page; NOT_FOUND names the seat when nobody does. */
export function memberBySeat(db: Db, input: MemberInput) {
  const member = db
    .select(memberColumns)
    .from(houseMembers)
    .where(eq(houseMembers.hopNumber, input.seat))
    .get();
  const [withPhoto] = member ? withPhotoUrls(db, 'parliament', [member]) : [];
  if (!withPhoto) throw new DomainError('member.seatNotFound', { seat: input.seat });
  return withPhoto;
}

/** One senator, for their page; NOT_FOUND names the id when there is none. */
export function senatorById(db: Db, input: SenatorInput) {
  const senator = db.select(senatorColumns).from(senators).where(eq(senators.id, input.id)).get();
  const [withPhoto] = senator ? withPhotoUrls(db, 'senate', [senator]) : [];
  if (!withPhoto)
    throw new DomainError('member.notFound', { kind: { key: 'member.kind.senate' }, id: input.id });
  return withPhoto;
}
