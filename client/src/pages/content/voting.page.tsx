import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowRight,
  IconFingerprint,
  IconListCheck,
  IconLock,
  IconReceipt,
  IconShieldCheck,
  IconUserCheck,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import {
  STATIC_ELECTIONS,
  type StaticElectionStatus,
  type StaticElectionSummary,
} from '../../../../shared/content/elections';
import { PageContainer } from '../../components/PageContainer';
import { usePageMeta } from '../../lib/page-meta';

interface Feature {
  title: string;
  text: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

const FEATURES: readonly Feature[] = [
  {
    title: 'One vote per person',
    text: 'Each account can vote once in each election. The database itself refuses a second vote, so it cannot be slipped past the page.',
    icon: IconUserCheck,
  },
  {
    title: 'A receipt for every vote',
    text: 'After voting you receive a receipt number beginning with V. Keep it: it lets you check that your vote was recorded.',
    icon: IconReceipt,
  },
  {
    title: 'Protected accounts',
    text: 'Passwords are stored only as Argon2 hashes, repeated failed sign-ins are blocked for a while, and your session cookie cannot be read by scripts on the page.',
    icon: IconLock,
  },
  {
    title: 'No voting in your name',
    text: 'Anything that changes data must come from the Codka site itself, so another website cannot cast a vote using your signed-in session.',
    icon: IconFingerprint,
  },
  {
    title: 'Published rules for results',
    text: 'Each election states whether results are shown while voting is open or only after it closes. Closed elections are listed as verified.',
    icon: IconListCheck,
  },
  {
    title: 'Every change on record',
    text: 'Changes made by administrators to elections, candidates and settings are written to an audit log with who made them and when.',
    icon: IconShieldCheck,
  },
];

const STATUS_COLORS: Record<StaticElectionStatus, string> = {
  Active: 'green',
  Scheduled: 'somaliBlue',
  Completed: 'gray',
};

function ElectionSummaryCard({ election }: { election: StaticElectionSummary }) {
  const dates =
    election.startDate === election.endDate
      ? election.startDate
      : `${election.startDate} – ${election.endDate}`;
  return (
    <Card component="article" withBorder radius="md" padding="lg" aria-label={election.title}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} fz="h4">
            {election.title}
          </Title>
          <Badge color={STATUS_COLORS[election.status]} variant="light">
            {election.status}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {dates}
        </Text>
        <Text size="sm">{election.description}</Text>
      </Stack>
    </Card>
  );
}

export function VotingPage() {
  usePageMeta(
    'Secure Online Voting',
    'How voting on Codka is protected: one vote per person, receipts, protected accounts and published results rules.',
  );
  return (
    <PageContainer>
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>Secure Online Voting</Title>
          <Text maw={720}>
            Codka lets registered citizens vote in elections published on the site and in the monthly
            presidential opinion poll. Here is how your vote is protected, and which federal elections are
            past and coming.
          </Text>
          <Group gap="sm">
            <Button component={Link} to="/voting#elections" variant="light">
              See the elections
            </Button>
            <Button component={Link} to="/elections" rightSection={<IconArrowRight size={18} aria-hidden />}>
              Go to Elections
            </Button>
            <Button component={Link} to="/auth" variant="default">
              Sign In
            </Button>
            <Button component={Link} to="/registration-centers" variant="default">
              Registration centers map
            </Button>
          </Group>
        </Stack>

        <Stack gap="md" component="section" aria-labelledby="security-title">
          <Title order={2} id="security-title">
            How your vote is protected
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {FEATURES.map(({ title, text, icon: Icon }) => (
              <Card key={title} withBorder radius="md" padding="lg">
                <ThemeIcon size={44} radius="md" variant="light" mb="sm">
                  <Icon size={24} aria-hidden />
                </ThemeIcon>
                <Title order={3} fz="h4" mb={4}>
                  {title}
                </Title>
                <Text size="sm">{text}</Text>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>

        <Stack gap="md" component="section" aria-labelledby="steps-title">
          <Title order={2} id="steps-title">
            How to vote
          </Title>
          <List type="ordered" spacing="xs">
            <List.Item>
              <Anchor component={Link} to="/auth">
                Sign in
              </Anchor>
              , or create an account with your name, email and a password of at least 6 characters.
            </List.Item>
            <List.Item>
              Open{' '}
              <Anchor component={Link} to="/elections">
                Elections
              </Anchor>{' '}
              and choose Vote Now on an active election.
            </List.Item>
            <List.Item>
              Select one candidate and submit. You can vote only once, so check your choice first.
            </List.Item>
            <List.Item>Write down or save the receipt number shown after your vote.</List.Item>
          </List>
        </Stack>

        <Stack
          gap="md"
          component="section"
          id="elections"
          aria-labelledby="elections-title"
          style={{ scrollMarginTop: 80 }}
        >
          <Title order={2} id="elections-title">
            Federal elections
          </Title>
          <Text size="sm" c="dimmed" maw={720}>
            The last federal election cycle and the next one. These are national elections run by
            Somalia&apos;s institutions, listed here for reference; elections you can vote in on Codka are on
            the Elections page.
          </Text>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            {STATIC_ELECTIONS.map((election) => (
              <ElectionSummaryCard key={election.id} election={election} />
            ))}
          </SimpleGrid>
        </Stack>

        <Text>
          Find your region and its seats on{' '}
          <Anchor component={Link} to="/regions">
            Regional Coverage
          </Anchor>
          .
        </Text>
      </Stack>
    </PageContainer>
  );
}
