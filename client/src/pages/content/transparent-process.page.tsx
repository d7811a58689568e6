import { Anchor, Card, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PROCESS_STATISTICS } from '../../../../shared/content/figures';
import { PageContainer } from '../../components/PageContainer';
import { usePageMeta } from '../../lib/page-meta';
import { StatGrid } from './StatGrid';

const STAGES = [
  {
    title: 'Voter registration',
    text: 'Citizens register at a registration centre in their district. Registration centres are recorded by district and region so voters can find the nearest one.',
  },
  {
    title: 'Candidate nomination',
    text: 'Candidates are nominated and checked against the eligibility rules. The approved candidates are published with each election, in a fixed order.',
  },
  {
    title: 'Campaign and voter information',
    text: 'Candidates campaign. Codka publishes neutral information about members of parliament, senators, states and regions, with sources.',
  },
  {
    title: 'Voting',
    text: 'Voting opens and closes at the published times. Each citizen votes once per election and receives a receipt number.',
  },
  {
    title: 'Counting and results',
    text: 'Votes are counted automatically. Each election states in advance whether results are shown while voting is open or only after it closes.',
  },
  {
    title: 'Verification',
    text: 'Once an election closes, its results are marked verified and listed on Verified Results, where anyone can read them.',
  },
  {
    title: 'Official announcement',
    text: "Official results of national elections are announced by Somalia's electoral commission, and disputes go to the bodies set up by electoral law. Codka does not replace them.",
  },
] as const;

const COMMITMENTS = [
  {
    title: 'Neutral information',
    text: 'We present facts, not opinions, and take no side between candidates, parties or states. Where a boundary or status is disputed, we say so.',
  },
  {
    title: 'No guessed figures',
    text: 'Every region page links its public sources. Where a figure has not been published, we write TBD or Data not available rather than estimate it.',
  },
  {
    title: 'One person, one vote',
    text: 'One vote per person in each election and one vote per person in each monthly poll, enforced by the database, not only by the page.',
  },
  {
    title: 'Privacy',
    text: 'We keep only what voting needs: your name, email and votes. A poll vote stores a keyed hash of your internet address, never the address itself.',
  },
  {
    title: 'Accountability',
    text: 'Every change administrators make to elections, candidates and settings is recorded in an audit log.',
  },
  {
    title: 'Open to everyone',
    text: 'All information pages are public, need no account, and are built to work on small phones and slow mobile connections.',
  },
] as const;

export function TransparentProcessPage() {
  usePageMeta(
    'Transparent Process',
    'The stages of an election on Codka, from registration to verified results, the programme figures and our commitments.',
  );
  return (
    <PageContainer>
      <Stack gap="xl">
        <div>
          <Title order={1}>Transparent Process</Title>
          <Text mt="xs" maw={720}>
            Trust in an election comes from being able to see how it works. These are the stages every
            election on Codka goes through, and the commitments we keep along the way.
          </Text>
        </div>

        <Stack gap="md" component="section" aria-labelledby="timeline-title">
          <Title order={2} id="timeline-title">
            From registration to results
          </Title>
          <Timeline active={STAGES.length - 1} bulletSize={28} lineWidth={2}>
            {STAGES.map((stage, index) => (
              <Timeline.Item
                key={stage.title}
                bullet={
                  <Text fz="xs" fw={700}>
                    {index + 1}
                  </Text>
                }
                title={
                  <Title order={3} fz="h4">
                    {stage.title}
                  </Title>
                }
              >
                <Text size="sm" maw={640}>
                  {stage.text}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>

        <Stack gap="md" component="section" aria-labelledby="statistics-title">
          <Title order={2} id="statistics-title">
            The programme in figures
          </Title>
          <StatGrid stats={PROCESS_STATISTICS} label="Programme statistics" />
          <Text size="sm" c="dimmed">
            Programme figures as published on Codka. Official registration figures are published by the
            national electoral commission.
          </Text>
        </Stack>

        <Stack gap="md" component="section" aria-labelledby="commitments-title">
          <Title order={2} id="commitments-title">
            Our commitments
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {COMMITMENTS.map((commitment) => (
              <Card key={commitment.title} withBorder radius="md" padding="lg">
                <Title order={3} fz="h4" mb={4}>
                  {commitment.title}
                </Title>
                <Text size="sm">{commitment.text}</Text>
              </Card>
            ))}
          </SimpleGrid>
        </Stack>

        <Text>
          See the results of closed elections on{' '}
          <Anchor component={Link} to="/verified-results">
            Verified Results
          </Anchor>
          , or read how voting is protected on{' '}
          <Anchor component={Link} to="/voting">
            Secure Online Voting
          </Anchor>
          .
        </Text>
      </Stack>
    </PageContainer>
  );
}
