import { Anchor, Badge } from '@mantine/core';
import type { AppRouter, RouterOutputs } from '@server/routers/_app';
import { HOUSE_MEMBER_SOURCES } from '@shared/content/member-sources';
import { memberPath, seatNumber } from '@shared/directory';
import { stateOfHouseRegion } from '@shared/federal-states';
import { useQuery } from '@tanstack/react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, redirect, useParams } from 'react-router';
import { isMissingCode } from '../../components/elections/query-errors';
import { PageContainer } from '../../components/PageContainer';
import { PageLoader } from '../../components/PageLoader';
import { formatDay } from '../../i18n/format';
import { failureCode, type PageData, type PageNotFound, usePageNotFound } from '../../lib/page-data';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { useTRPC } from '../../lib/trpc';
import { NotFoundPage } from '../not-found.page';
import { DirectoryError } from './DirectoryStatus';
import classes from './directory.module.css';
import { houseRegionName } from './directory-names';
import { PersonProfile, SeatPendingBadge } from './PersonProfile';

type Member = RouterOutputs['directory']['member'];

/** The seat the address names, as the query asks for it; null when the address names no seat. */
const seatOf = (seat: string | undefined) => seatNumber(seat ?? '');

const memberQuery = (trpc: TRPCOptionsProxy<AppRouter>, seat: string) =>
  trpc.directory.member.queryOptions({ seat });

/** The first view: the member who holds the seat (lib/page-data.ts); an address that is no seat asks nothing. */
export const pageData: PageData = ({ params, trpc }) => {
  const seat = seatOf(params.seat);
  return seat ? [memberQuery(trpc, seat)] : [];
};

/** No seat by that number, or an address that is no seat: the site's 404. */
export const notFound: PageNotFound = ({ params, trpc, answer }) => {
  const seat = seatOf(params.seat);
  return !seat || isMissingCode(answer(memberQuery(trpc, seat)).failedWith);
};

export function MemberPage() {
  const trpc = useTRPC();
  const seat = seatOf(useParams().seat);
  const missing = usePageNotFound() || !seat;
  const member = useQuery({ ...memberQuery(trpc, seat ?? ''), enabled: !missing });
  if (missing) return <NotFoundPage />;
  if (member.isPending) return <PageLoader />;
  if (member.isError) {
    if (isMissingCode(failureCode(member.error))) return <NotFoundPage />;
    return (
      <PageContainer size="md">
        <DirectoryError error={member.error} onRetry={() => void member.refetch()} />
      </PageContainer>
    );
  }
  return <MemberView member={member.data} />;
}

function MemberView({ member }: { member: Member }) {
  const { t } = useTranslation('directory');
  const { t: tr } = useTranslation('regions');
  const state = houseRegionName(t, member.region);
  const name = member.isPlaceholder ? t('member.pendingTitle', { seat: member.hopNumber }) : member.name;
  usePageMeta(
    name,
    member.isPlaceholder
      ? t('member.pendingDescription', { seat: member.hopNumber, state })
      : t('member.metaDescription', { name, seat: member.hopNumber, state }),
  );
  const stateId = stateOfHouseRegion(member.region);
  const notPublished = <span className={classes.missing}>{t('card.notPublished')}</span>;
  return (
    <PersonProfile
      back={{ to: '/parliament-members', label: t('member.allMembers') }}
      name={name}
      photoName={member.name}
      photoUrl={member.photoUrl}
      badges={
        <>
          <Badge variant="light" radius="sm">
            {member.hopNumber}
          </Badge>
          {member.isPlaceholder && <SeatPendingBadge />}
        </>
      }
      factsTitle={t('member.details')}
      facts={[
        { label: t('member.seat'), value: member.hopNumber },
        { label: t('member.state'), value: state },
        ...(member.description ? [{ label: t('member.role'), value: member.description }] : []),
        {
          label: t('card.email'),
          value: member.email ? (
            <Anchor href={`mailto:${member.email}`}>{member.email}</Anchor>
          ) : (
            notPublished
          ),
        },
        {
          label: t('card.phone'),
          value: member.phone ? (
            <Anchor href={`tel:${member.phone.replace(/[^\d+]/g, '')}`}>{member.phone}</Anchor>
          ) : (
            notPublished
          ),
        },
        { label: t('card.birthDate'), value: member.birthDate ? formatDay(member.birthDate) : notPublished },
      ]}
      state={
        stateId ? { id: stateId, label: t('member.stateLink', { state: tr(`state.${stateId}.name`) }) } : null
      }
      sources={{
        title: t('member.sources'),
        list: member.isPlaceholder ? undefined : HOUSE_MEMBER_SOURCES[member.hopNumber],
        none: t('member.noSource'),
      }}
    />
  );
}

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['directory', 'regions', 'errors'], pageData, notFound };
const renderOnServer = serverPageLoader(thisPage);

/** A seat written another way (hop2, 002, HOP#002) moves for good to its one address, /parliament-members/HOP002. */
export const loader = (args: LoaderFunctionArgs) => {
  const seat = seatOf(args.params.seat);
  const url = new URL(args.request.url);
  if (seat && url.pathname !== memberPath(seat)) throw redirect(`${memberPath(seat)}${url.search}`, 301);
  return renderOnServer(args);
};
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(MemberPage);
