import { Anchor, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { usePageMeta } from '../../lib/page-meta';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function AboutPage() {
  usePageMeta(
    'About Codka',
    'What Codka is, how votes are protected, what data is stored and how to contact the Codka team.',
  );
  return (
    <PageContainer size="md">
      <Stack gap="xl">
        <div>
          <Title order={1}>About Codka</Title>
          <Text mt="xs" size="lg">
            Codka means &quot;the vote&quot; in Somali. It is an independent civic information site about
            Somalia&apos;s federal elections, open to every citizen, at home or abroad.
          </Text>
        </div>

        <Section id="what-title" title="What you can do on Codka">
          <List spacing="xs">
            <List.Item>
              Look up the 275 members of the{' '}
              <Anchor component={Link} to="/parliament-members">
                House of the People
              </Anchor>{' '}
              and the 54 members of the{' '}
              <Anchor component={Link} to="/senators">
                Senate
              </Anchor>
              .
            </List.Item>
            <List.Item>
              Read about the{' '}
              <Anchor component={Link} to="/federal-states">
                federal member states
              </Anchor>{' '}
              and the{' '}
              <Anchor component={Link} to="/regions">
                regions
              </Anchor>
              , with links to public sources.
            </List.Item>
            <List.Item>
              With a free account, vote in the{' '}
              <Anchor component={Link} to="/elections">
                elections
              </Anchor>{' '}
              published on Codka and in the monthly presidential{' '}
              <Anchor component={Link} to="/polls/presidential/history">
                opinion poll
              </Anchor>
              .
            </List.Item>
          </List>
          <Text>
            Codka does not organise Somalia&apos;s national elections. Official results are announced by the
            national electoral commission.
          </Text>
        </Section>

        <Section id="protection-title" title="How your vote is protected">
          <List spacing="xs">
            <List.Item>
              <strong>One vote per person per election.</strong> The database refuses a second vote from the
              same account, and a vote cannot be changed once it is cast.
            </List.Item>
            <List.Item>
              <strong>A receipt you can verify.</strong> Every vote gets a receipt number. Anyone holding it
              can check that the vote was recorded; the receipt never reveals the choice.
            </List.Item>
            <List.Item>
              <strong>The monthly poll is an opinion poll, not an election.</strong> You can answer once a
              month. Its results show what Codka users think; they do not elect anyone and are not official.
            </List.Item>
          </List>
          <Text>
            More on{' '}
            <Anchor component={Link} to="/voting">
              Secure Online Voting
            </Anchor>{' '}
            and the{' '}
            <Anchor component={Link} to="/transparent-process">
              Transparent Process
            </Anchor>
            .
          </Text>
        </Section>

        <Section id="privacy-title" title="Your privacy">
          <Text>We store only what is needed to run your account and count your votes:</Text>
          <List spacing="xs">
            <List.Item>your email address and full name;</List.Item>
            <List.Item>your password, only as an Argon2 hash from which it cannot be read back;</List.Item>
            <List.Item>
              your votes in elections and polls, linked to your account so that nobody votes twice. Votes are
              never published, but Codka&apos;s administrators can see them when they audit an election or
              poll;
            </List.Item>
            <List.Item>
              for poll votes, a keyed hash of your internet address, never the address itself, to help spot
              abuse.
            </List.Item>
          </List>
          <Text>
            Your sign-in is kept in a single session cookie that scripts cannot read. Codka shows no
            advertising and uses no tracking cookies. Like most websites, the server&apos;s technical logs
            record the internet address of each request, for security and troubleshooting.
          </Text>
        </Section>

        <Section id="contact-title" title="Contact">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Paper withBorder radius="md" p="md">
              <Text fw={600}>Codka Civic Information Desk</Text>
              <Text>Mogadishu, Somalia</Text>
              <Anchor href="mailto:info@codka.so">info@codka.so</Anchor>
              <Text size="sm" c="dimmed" mt="xs">
                Sunday to Thursday, 8:00–16:00 (East Africa Time)
              </Text>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Text fw={600}>Found a mistake?</Text>
              <Text size="sm">
                If a name, figure or fact on Codka is wrong, write to us with a link to a public source and we
                will correct it.
              </Text>
              <Anchor component={Link} to="/help" size="sm">
                Help and frequently asked questions
              </Anchor>
            </Paper>
          </SimpleGrid>
        </Section>
      </Stack>
    </PageContainer>
  );
}
