import { EmptyState, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { StepUpGate } from '../../../components/auth/StepUpGate';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { usePageMeta } from '../../../lib/page-meta';
import { browserPageLoader } from '../../../lib/page-route';
import { routeComponent } from '../../../lib/route-component';
import { useTRPC } from '../../../lib/trpc';
import { ApprovalCard } from './ApprovalCard';

/**
 * /admin/approvals: what waits for a second System Admin (a roll import, a grant of a staff role). Another
 * System Admin confirms it; the one who asked, or another, cancels it.
 */
export function AdminApprovalsPage() {
  return (
    <StepUpGate>
      <AdminApprovalsContent />
    </StepUpGate>
  );
}

function AdminApprovalsContent() {
  const { t } = useTranslation('admin');
  usePageMeta(t('approvals.title'));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery({
    ...trpc.admin.approvals.pending.queryOptions(),
    // While a verifiable opening's credentials are made, the card shows how far: asked again every few seconds.
    refetchInterval: (query) =>
      query.state.data?.some((a) => a.credentials?.status === 'preparing') ? 5_000 : false,
  });
  // A confirmed import or grant changes the roll's counts and the users page too.
  const refresh = () => queryClient.invalidateQueries();

  useEffect(() => {
    if (list.error) notifyFailure(t('approvals.loadFailed'), list.error);
  }, [list.error, t]);

  const confirm = useMutation(
    trpc.admin.approvals.confirm.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('general.success'), t('approvals.confirmed'));
        await refresh();
      },
      onError: (error) => notifyFailure(t('approvals.confirmFailed'), error),
    }),
  );
  const cancel = useMutation(
    trpc.admin.approvals.cancel.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('general.success'), t('approvals.cancelled'));
        await refresh();
      },
      onError: (error) => notifyFailure(t('approvals.cancelFailed'), error),
    }),
  );
  const busyFor = (id: string) =>
    confirm.isPending && confirm.variables?.id === id
      ? 'confirm'
      : cancel.isPending && cancel.variables?.id === id
        ? 'cancel'
        : null;

  return (
    <Stack gap="lg">
      <Title order={1}>{t('approvals.title')}</Title>
      <Text>{t('approvals.intro')}</Text>
      {list.isPending ? (
        <Skeleton h={160} />
      ) : (list.data ?? []).length === 0 ? (
        <EmptyState icon={<IconChecklist size={32} aria-hidden />} title={t('approvals.empty')} />
      ) : (
        <Stack gap="sm">
          {(list.data ?? []).map((approval) => (
            <ApprovalCard
              key={approval.id}
              approval={approval}
              busy={busyFor(approval.id)}
              onConfirm={() => confirm.mutate({ id: approval.id })}
              onCancel={() => cancel.mutate({ id: approval.id })}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['admin'] });

export default routeComponent(AdminApprovalsPage);
