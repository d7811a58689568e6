import { Anchor, Badge, Card, Group, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '../../../../server/routers/_app';
import { MemberPhoto } from '../../components/avatar/MemberPhoto';
import { formatDay } from '../../lib/dates';
import classes from './directory.module.css';

export type HouseMember = RouterOutputs['directory']['members']['items'][number];

const NOT_PUBLISHED = 'Not published';

/** One seat of the House of the People, with the contact details that have been published. */
export function MemberCard({ member }: { member: HouseMember }) {
  const titleId = `member-${member.id}`;
  return (
    <Card component="article" withBorder padding="md" aria-labelledby={titleId} className={classes.card}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <MemberPhoto name={member.name} imageUrl={member.photoUrl} size="lg" />
        <div className={classes.heading}>
          <Title id={titleId} order={3} fz="md" className={classes.name}>
            {member.name}
          </Title>
          <Group gap={6} mt={4}>
            <Badge variant="light" radius="sm">
              {member.hopNumber}
            </Badge>
            {member.isPlaceholder && (
              <Badge variant="outline" color="gray" radius="sm" fw={500} tt="none">
                Seat record pending
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {member.region}
          </Text>
        </div>
      </Group>
      <dl className={classes.details}>
        <dt>Email</dt>
        <dd>
          {member.email ? (
            <Anchor href={`mailto:${member.email}`} size="sm">
              {member.email}
            </Anchor>
          ) : (
            <span className={classes.missing}>{NOT_PUBLISHED}</span>
          )}
        </dd>
        <dt>Phone</dt>
        <dd>
          {member.phone ? (
            <Anchor href={`tel:${member.phone.replace(/[^\d+]/g, '')}`} size="sm">
              {member.phone}
            </Anchor>
          ) : (
            <span className={classes.missing}>{NOT_PUBLISHED}</span>
          )}
        </dd>
        <dt>Birth date</dt>
        <dd>
          {member.birthDate ? (
            formatDay(member.birthDate)
          ) : (
            <span className={classes.missing}>{NOT_PUBLISHED}</span>
          )}
        </dd>
      </dl>
      {member.description && (
        <Text size="sm" mt="sm" lineClamp={4}>
          {member.description}
        </Text>
      )}
    </Card>
  );
}
