import { Badge } from '@mantine/core';
import type { AppRouter, RouterOutputs } from '@server/routers/_app';
import { SENATOR_SOURCES } from '@shared/content/member-sources';
import { stateOfSenateState } from '@shared/federal-states';
import { useQuery } from '@tanstack/react-query';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isMissingCode } from '../../components/elections/query-errors';
import { PageContainer } from '../../components/PageContainer';
import { PageLoader } from '../../components/PageLoader';
import { failureCode, type PageData, type PageNotFound, usePageNotFound } from '../../lib/page-data';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { useTRPC } from '../../lib/trpc';
import { NotFoundPage } from '../not-found.page';
import { DirectoryError } from './DirectoryStatus';
import { senateRoleName, senateStateName, senateTitleName } from './directory-names';
import { PersonProfile, SeatPendingBadge } from './PersonProfile';

type Senator = RouterOutputs['directory']['senator'];

const senatorQuery = (trpc: TRPCOptionsProxy<AppRouter>, id: string) =>
  trpc.directory.senator.queryOptions({ id });

/** The first view: the senator (lib/page-data.ts). */
export const pageData: PageData = ({ params, trpc }) => [senatorQuery(trpc, params.id ?? '')];

/** No senator by that id (or no id at all): the site's 404. */
export const notFound: PageNotFound = ({ params, trpc, answer }) =>
  isMissingCode(answer(senatorQuery(trpc, params.id ?? '')).failedWith);

export function SenatorPage() {
  const trpc = useTRPC();
  const { id = '' } = useParams();
  const missing = usePageNotFound();
  const senator = useQuery({ ...senatorQuery(trpc, id), enabled: !missing });
  if (missing) return <NotFoundPage />;
  if (senator.isPending) return <PageLoader />;
  if (senator.isError) {
    if (isMissingCode(failureCode(senator.error))) return <NotFoundPage />;
    return (
      <PageContainer size="md">
        <DirectoryError error={senator.error} onRetry={() => void senator.refetch()} />
      </PageContainer>
    );
  }
  return <SenatorView senator={senator.data} />;
}

function SenatorView({ senator }: { senator: Senator }) {
  const { t } = useTranslation('directory');
  const { t: tr } = useTranslation('regions');
  const state = senateStateName(t, senator.state);
  const title = senateTitleName(t, senator.title);
  const name = senator.isPlaceholder ? t('senator.pendingTitle', { state }) : senator.name;
  usePageMeta(
    name,
    senator.isPlaceholder
      ? t('senator.pendingDescription', { state })
      : t('senator.metaDescription', { name, title, state }),
  );
  const stateId = stateOfSenateState(senator.state);
  return (
    <PersonProfile
      back={{ to: '/senators', label: t('senator.allSenators') }}
      name={name}
      photoName={senator.name}
      photoUrl={senator.photoUrl}
      badges={
        <>
          <Badge variant="light" radius="sm">
            {state}
          </Badge>
          {senator.role && (
            <Badge variant="filled" color="yellow.6" c="dark.8" radius="sm">
              {senateRoleName(t, senator.role)}
            </Badge>
          )}
          {senator.isPlaceholder && <SeatPendingBadge />}
        </>
      }
      factsTitle={t('senator.details')}
      facts={[
        { label: t('senator.title'), value: title },
        { label: t('senator.state'), value: state },
        ...(senator.role ? [{ label: t('senator.role'), value: senateRoleName(t, senator.role) }] : []),
      ]}
      state={
        stateId
          ? { id: stateId, label: t('senator.stateLink', { state: tr(`state.${stateId}.name`) }) }
          : null
      }
      sources={{
        title: t('senator.sources'),
        list: senator.isPlaceholder ? undefined : SENATOR_SOURCES[senator.name],
        none: t('senator.noSource'),
      }}
    />
  );
}

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['directory', 'regions', 'errors'], pageData, notFound };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(SenatorPage);
