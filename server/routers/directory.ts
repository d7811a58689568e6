import {
  memberInput,
  membersInput,
  senatorInput,
  senatorsInput,
  stateRepresentativesInput,
} from '@shared/schemas/directory';
import {
  listMembers,
  listSenators,
  memberBySeat,
  senatorById,
  stateRepresentatives,
} from '../services/directory';
import { publicProcedure, router } from '../trpc/init';
import { directoryMapProcedures } from './directory-map';

export const directoryRouter = router({
  /** One page of the House of the People, searched by name, HOP number or region. */
  members: publicProcedure
    .meta({ publicCache: true, offline: true })
    .input(membersInput)
    .query(({ ctx, input }) => listMembers(ctx.db, input)),

  /** The Senate: every matching senator and the leadership group among them. */
  senators: publicProcedure
    .meta({ publicCache: true, offline: true })
    .input(senatorsInput)
    .query(({ ctx, input }) => listSenators(ctx.db, input)),

  /** The member who holds a House seat (for /parliament-members/{seat}). */
  member: publicProcedure
    .meta({ publicCache: true, offline: true })
    .input(memberInput)
    .query(({ ctx, input }) => memberBySeat(ctx.db, input)),

  /** One senator (for /senators/{id}). */
  senator: publicProcedure
    .meta({ publicCache: true, offline: true })
    .input(senatorInput)
    .query(({ ctx, input }) => senatorById(ctx.db, input)),

  /** A federal member state's House members and senators (for /states/{id}). */
  stateRepresentatives: publicProcedure
    .meta({ publicCache: true, offline: true })
    .input(stateRepresentativesInput)
    .query(({ ctx, input }) => stateRepresentatives(ctx.db, input.stateId)),
  ...directoryMapProcedures,
});
