import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { verifyReceiptInput } from '@shared/schemas/voting';
import { IconAlertCircle, IconCircleCheck, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useContentText } from '../../components/content/ContentText';
import { formatElectionTime } from '../../components/elections/election-dates';
import { ReceiptInRecord } from '../../components/elections/ReceiptInRecord';
import { TrackerFinder } from '../../components/elections/VerifiableMark';
import { PageContainer } from '../../components/PageContainer';
import { useMessageTexts } from '../../i18n/error-texts';
import { failureReason } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';
import { useTRPC } from '../../lib/trpc';
import { zodValidate } from '../../lib/zod-form';

/** Anyone can check a receipt: the answer names the election and the time, never the voter or the choice. */
export function VerifyReceiptPage() {
  const { messageText } = useMessageTexts();
  const { t } = useTranslation('elections');
  usePageMeta(t('verify.title'), t('verify.metaDescription'));
  const [params, setParams] = useSearchParams();
  const submitted = params.get('receipt')?.trim() ?? '';
  const form = useForm({
    initialValues: { receiptId: submitted },
    validate: zodValidate(verifyReceiptInput),
  });
  // A receipt in the link is checked by the same rule as one typed in, before anything is sent.
  const parsed = verifyReceiptInput.safeParse({ receiptId: submitted });
  const issue = submitted && !parsed.success ? parsed.error.issues[0] : undefined;
  const linkError = issue ? messageText(issue.message) : undefined;

  // A new check replaces the last one: a receipt the form refuses clears the old answer rather than leave it under
  // the new error. The address keeps the receipt in its own form (trimmed, its case), as the server reads it.
  const submit = form.onSubmit(
    (values) => {
      const checked = verifyReceiptInput.safeParse(values);
      const receipt = checked.success ? checked.data.receiptId : values.receiptId.trim();
      form.setFieldValue('receiptId', receipt);
      setParams({ receipt }, { replace: true });
    },
    () => {
      if (params.has('receipt')) setParams({}, { replace: true });
    },
  );

  return (
    <PageContainer size="sm">
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('verify.title')}</Title>
          <Text c="dimmed" mt="xs">
            {t('verify.intro')}
          </Text>
        </div>
        <Card
          withBorder
          padding="lg"
          component="form"
          onSubmit={submit}
          noValidate
          aria-label={t('verify.form')}
        >
          <Stack>
            <TextInput
              label={t('verify.receiptId')}
              // The shape of a receipt, the same in every language.
              placeholder="V1795000000000-abc123xyz"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              leftSection={<IconReceipt size={18} aria-hidden />}
              size="md"
              {...form.getInputProps('receiptId')}
              error={form.errors.receiptId ?? linkError}
            />
            <Button type="submit" h={44}>
              {t('verify.submit')}
            </Button>
          </Stack>
        </Card>
        {parsed.success && <ReceiptCheck receiptId={parsed.data.receiptId} />}
        {/* A verifiable election's receipt is a ballot tracker, found in the public archive. */}
        <TrackerFinder
          key={`${params.get('election') ?? ''}|${params.get('tracker') ?? ''}`}
          initialElection={params.get('election') ?? ''}
          initialTracker={params.get('tracker') ?? ''}
        />
        <Text size="sm" c="dimmed">
          <Trans
            t={t}
            i18nKey="verify.lookingForCounts"
            components={[<Anchor key="verified" component={Link} to="/verified-results" />]}
          />
        </Text>
      </Stack>
    </PageContainer>
  );
}

function ReceiptCheck({ receiptId }: { receiptId: string }) {
  const { t } = useTranslation('elections');
  const contentText = useContentText();
  const trpc = useTRPC();
  const check = useQuery(trpc.votes.verifyReceipt.queryOptions({ receiptId }));
  if (check.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('verify.checking')}</Text>
      </Group>
    );
  }
  if (check.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title={t('verify.notVerified')} role="alert">
        {failureReason(check.error, t('verify.couldNotCheck'))}
      </Alert>
    );
  }
  const vote = check.data;
  return (
    <Stack gap="sm">
      <Alert color="teal" icon={<IconCircleCheck aria-hidden />} title={t('receipt.title')} role="status">
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="verify.recordedIn"
            values={{
              receiptId: vote.receiptId,
              title: contentText(vote.electionTitleText),
              time: formatElectionTime(vote.recordedAt),
            }}
            components={[
              <strong key="receipt" style={{ overflowWrap: 'anywhere' }} />,
              <Anchor
                key="election"
                component={Link}
                to={`/election/${vote.electionId}`}
                fw={600}
                size="sm"
              />,
            ]}
          />
        </Text>
        <Text size="sm" mt="xs">
          {t('verify.counted')}
        </Text>
      </Alert>
      <ReceiptInRecord electionId={vote.electionId} receiptId={vote.receiptId} record={vote.record} />
    </Stack>
  );
}

/** The page's texts, loaded with its code (lib/page-route.ts). */
export const clientLoader = browserPageLoader({ texts: ['elections', 'errors'] });

export default routeComponent(VerifyReceiptPage);
