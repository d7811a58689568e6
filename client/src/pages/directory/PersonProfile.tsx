import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { MemberSource } from '@shared/content/member-sources';
import type { StateId } from '@shared/federal-states';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MemberPhoto } from '../../components/avatar/MemberPhoto';
import { PageContainer } from '../../components/PageContainer';
import { BackLink } from '../content/BackLink';
import classes from './directory.module.css';

export interface ProfileFact {
  label: string;
  value: ReactNode;
}

/**
 * The page of one House member or senator (/parliament-members/{seat}, /senators/{id}): photo, name, badges,
 * the facts that are known, the state's profile and the sources. Placeholder seats say that no source names
 * their holder yet.
 */
export function PersonProfile(props: {
  back: { to: string; label: string };
  name: string;
  /** The name the photo's initials are made from (the stored name, also for a placeholder). */
  photoName: string;
  photoUrl: string | null;
  badges: ReactNode;
  factsTitle: string;
  facts: readonly ProfileFact[];
  state: { id: StateId; label: string } | null;
  sources: { title: string; list: readonly MemberSource[] | undefined; none: string };
}) {
  return (
    <PageContainer size="md">
      <Stack gap="lg">
        <BackLink to={props.back.to}>{props.back.label}</BackLink>
        <Group wrap="nowrap" align="flex-start" gap="md">
          <MemberPhoto name={props.photoName} imageUrl={props.photoUrl} size="xl" />
          <Stack gap={6} className={classes.heading}>
            <Title order={1} fz={{ base: 'h2', sm: 'h1' }} className={classes.name}>
              {props.name}
            </Title>
            <Group gap={6}>{props.badges}</Group>
          </Stack>
        </Group>

        <Stack gap="xs" component="section" aria-labelledby="person-facts">
          <Title order={2} fz="h3" id="person-facts">
            {props.factsTitle}
          </Title>
          <Paper withBorder radius="md" p="md">
            <dl className={classes.details} style={{ marginTop: 0 }}>
              {props.facts.map((fact) => (
                <FactRow key={fact.label} fact={fact} />
              ))}
            </dl>
          </Paper>
        </Stack>

        {props.state && (
          <Anchor
            component={Link}
            to={`/states/${props.state.id}`}
            display="inline-flex"
            style={{ alignItems: 'center', gap: 4, minHeight: 44 }}
          >
            {props.state.label} <IconArrowRight size={16} aria-hidden />
          </Anchor>
        )}

        <Stack gap="xs" component="section" aria-labelledby="person-sources">
          <Title order={2} fz="h3" id="person-sources">
            {props.sources.title}
          </Title>
          {props.sources.list ? (
            // Sources keep their published titles, in their own language.
            <List size="sm" spacing={4}>
              {props.sources.list.map((source) => (
                <List.Item key={source.label}>
                  <span lang="en">{source.label}</span>
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm">{props.sources.none}</Text>
          )}
        </Stack>
      </Stack>
    </PageContainer>
  );
}

function FactRow({ fact }: { fact: ProfileFact }) {
  return (
    <>
      <dt>{fact.label}</dt>
      <dd>{fact.value}</dd>
    </>
  );
}

/** The badge a placeholder seat carries on its card and its page. */
export function SeatPendingBadge() {
  const { t } = useTranslation('directory');
  return (
    <Badge variant="outline" color="gray" radius="sm" fw={500} tt="none">
      {t('card.seatPending')}
    </Badge>
  );
}
