import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { verifyReceiptInput } from '../../../../shared/schemas/voting';
import { formatElectionTime } from '../../components/elections/election-dates';
import { PageContainer } from '../../components/PageContainer';
import { failureReason } from '../../lib/notify';
import { usePageMeta } from '../../lib/page-meta';
import { useTRPC } from '../../lib/trpc';
import { zodValidate } from '../../lib/zod-form';

/** Anyone can check a receipt: the answer names the election and the time, never the voter or the choice. */
export function VerifyReceiptPage() {
  usePageMeta(
    'Verify a Vote Receipt',
    'Check that a vote was recorded using its receipt ID. The check never reveals who voted or for whom.',
  );
  const [params, setParams] = useSearchParams();
  const submitted = params.get('receipt')?.trim() ?? '';
  const form = useForm({
    initialValues: { receiptId: submitted },
    validate: zodValidate(verifyReceiptInput),
  });
  // A receipt in the link is checked by the same rule as one typed in, before anything is sent.
  const parsed = verifyReceiptInput.safeParse({ receiptId: submitted });
  const linkError = submitted && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  const submit = form.onSubmit((values) => {
    setParams({ receipt: values.receiptId.trim() }, { replace: true });
  });

  return (
    <PageContainer size="sm">
      <Stack gap="lg">
        <div>
          <Title order={1}>Verify a Vote Receipt</Title>
          <Text c="dimmed" mt="xs">
            Every vote cast on Codka gets a receipt ID. Enter one to confirm that the vote was recorded. The
            check shows the election and the time, never who voted or for whom.
          </Text>
        </div>
        <Card
          withBorder
          padding="lg"
          component="form"
          onSubmit={submit}
          noValidate
          aria-label="Verify receipt"
        >
          <Stack>
            <TextInput
              label="Receipt ID"
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
              Verify Receipt
            </Button>
          </Stack>
        </Card>
        {parsed.success && <ReceiptCheck receiptId={parsed.data.receiptId} />}
        <Text size="sm" c="dimmed">
          Looking for the counts?{' '}
          <Anchor component={Link} to="/verified-results">
            See the verified results
          </Anchor>
          .
        </Text>
      </Stack>
    </PageContainer>
  );
}

function ReceiptCheck({ receiptId }: { receiptId: string }) {
  const trpc = useTRPC();
  const check = useQuery(trpc.votes.verifyReceipt.queryOptions({ receiptId }));
  if (check.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" aria-hidden />
        <Text>Checking receipt…</Text>
      </Group>
    );
  }
  if (check.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="Receipt not verified" role="alert">
        {failureReason(check.error, 'The receipt could not be checked. Please try again.')}
      </Alert>
    );
  }
  const vote = check.data;
  return (
    <Alert color="teal" icon={<IconCircleCheck aria-hidden />} title="Vote recorded" role="status">
      <Text size="sm">
        Receipt <strong style={{ overflowWrap: 'anywhere' }}>{vote.receiptId}</strong> belongs to a vote
        recorded in{' '}
        <Anchor component={Link} to={`/election/${vote.electionId}`} fw={600} size="sm">
          {vote.electionTitle}
        </Anchor>{' '}
        on {formatElectionTime(vote.recordedAt)}.
      </Text>
      <Text size="sm" mt="xs">
        It is counted in the results. The receipt does not say who cast the vote or for whom.
      </Text>
    </Alert>
  );
}
