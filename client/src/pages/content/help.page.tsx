import { Accordion, Anchor, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { usePageMeta } from '../../lib/page-meta';

function Guide({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Title order={3} fz="h4" mb="xs">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

const FAQ: readonly { question: string; answer: ReactNode }[] = [
  {
    question: 'Is the monthly presidential poll an election?',
    answer:
      'No. It is an opinion poll: it shows which candidates Codka users prefer this month. It does not elect anyone and its results are not official. You can answer once in each monthly poll.',
  },
  {
    question: 'Can I change my vote?',
    answer:
      'No. Each account has one vote per election, and once a vote is submitted it is final. Check your choice before you press the vote button.',
  },
  {
    question: 'Who can see how I voted?',
    answer:
      'Votes are never published; only totals are shown. Your vote is stored with your account so that nobody can vote twice, which means Codka’s administrators can see it when they audit an election or poll.',
  },
  {
    question: 'What is my receipt for?',
    answer:
      'The receipt number shown after you vote (it begins with V) proves that your vote was recorded. Checking a receipt confirms the vote exists without revealing the choice, so it is safe to keep or show.',
  },
  {
    question: 'Why do some figures say TBD or Data not available?',
    answer:
      'Somalia has not held a full census since the 1980s, and some boundaries are disputed. Where no reliable figure has been published, Codka says so instead of guessing.',
  },
  {
    question: 'Do I need an account to read the information pages?',
    answer:
      'No. The directories, states, regions and results are open to everyone. You need an account only to vote.',
  },
];

export function HelpPage() {
  usePageMeta(
    'Help',
    'How to create a Codka account, vote in an election, use your receipt and take part in the monthly poll.',
  );
  return (
    <PageContainer size="md">
      <Stack gap="xl">
        <div>
          <Title order={1}>Help</Title>
          <Text mt="xs" size="lg">
            Step-by-step guides to using Codka, and answers to common questions.
          </Text>
        </div>

        <Stack gap="md" component="section" aria-labelledby="guides-title">
          <Title order={2} id="guides-title">
            Guides
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Guide title="Create an account">
              <List type="ordered" spacing={4} size="sm">
                <List.Item>
                  Open{' '}
                  <Anchor component={Link} to="/auth?tab=signup">
                    Sign Up
                  </Anchor>
                  .
                </List.Item>
                <List.Item>Enter your full name and email address.</List.Item>
                <List.Item>
                  Choose a password of at least 6 characters and type it again to confirm.
                </List.Item>
                <List.Item>
                  Press Sign Up. You are signed in straight away, and we email you a link to confirm your
                  address.
                </List.Item>
              </List>
            </Guide>
            <Guide title="Vote in an election">
              <List type="ordered" spacing={4} size="sm">
                <List.Item>
                  <Anchor component={Link} to="/auth">
                    Sign in
                  </Anchor>{' '}
                  and open{' '}
                  <Anchor component={Link} to="/elections">
                    Elections
                  </Anchor>
                  .
                </List.Item>
                <List.Item>Choose Vote Now on an active election.</List.Item>
                <List.Item>Select one candidate and submit your vote.</List.Item>
                <List.Item>Save the receipt number shown after you vote.</List.Item>
              </List>
            </Guide>
            <Guide title="Take part in the monthly poll">
              <Text size="sm">
                Open{' '}
                <Anchor component={Link} to="/polls/presidential/history">
                  Opinion Polls
                </Anchor>
                , sign in and pick your preferred candidate. You can answer once each month; the results
                appear after you have answered.
              </Text>
            </Guide>
            <Guide title="Find your representatives">
              <Text size="sm">
                Choose your state on{' '}
                <Anchor component={Link} to="/federal-states">
                  Federal Member States
                </Anchor>{' '}
                to see its members of parliament and senators, or search the{' '}
                <Anchor component={Link} to="/parliament-members">
                  House of the People
                </Anchor>{' '}
                by name, HOP number or region.
              </Text>
            </Guide>
          </SimpleGrid>
        </Stack>

        <Stack gap="md" component="section" aria-labelledby="faq-title">
          <Title order={2} id="faq-title">
            Frequently asked questions
          </Title>
          <Accordion variant="separated" radius="md">
            {FAQ.map((item) => (
              <Accordion.Item key={item.question} value={item.question}>
                <Accordion.Control>{item.question}</Accordion.Control>
                <Accordion.Panel>
                  <Text size="sm">{item.answer}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>

        <Stack gap="xs" component="section" aria-labelledby="help-contact-title">
          <Title order={2} id="help-contact-title">
            Still need help?
          </Title>
          <Text>
            Write to <Anchor href="mailto:info@codka.so">info@codka.so</Anchor>, Sunday to Thursday,
            8:00–16:00 (East Africa Time). Please never send your password: the Codka team will never ask for
            it.
          </Text>
          <Text>
            Read more{' '}
            <Anchor component={Link} to="/about">
              about Codka and your privacy
            </Anchor>
            .
          </Text>
        </Stack>
      </Stack>
    </PageContainer>
  );
}
