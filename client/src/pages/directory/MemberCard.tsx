import { Anchor, Badge, Card, Group, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '@server/routers/_app';
import { memberPath } from '@shared/directory';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MemberPhoto } from '../../components/avatar/MemberPhoto';
import { formatDay } from '../../i18n/format';
import classes from './directory.module.css';
import { houseRegionName } from './directory-names';

export type HouseMember = RouterOutputs['directory']['members']['items'][number];

/** One seat of the House of the People, with the contact details that have been published. */
export function MemberCard({ member }: { member: HouseMember }) {
  const { t } = useTranslation('directory');
  const titleId = `member-${member.id}`;
  const notPublished = <span className={classes.missing}>{t('card.notPublished')}</span>;
  return (
    <Card component="article" withBorder padding="md" aria-labelledby={titleId} className={classes.card}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <MemberPhoto name={member.name} imageUrl={member.photoUrl} size="lg" />
        <div className={classes.heading}>
          <Title id={titleId} order={3} fz="md" className={classes.name}>
            <Anchor component={Link} to={memberPath(member.hopNumber)} inherit>
              {member.name}
            </Anchor>
          </Title>
          <Group gap={6} mt={4}>
            <Badge variant="light" radius="sm">
              {member.hopNumber}
            </Badge>
            {member.isPlaceholder && (
              <Badge variant="outline" color="gray" radius="sm" fw={500} tt="none">
                {t('card.seatPending')}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {houseRegionName(t, member.region)}
          </Text>
        </div>
      </Group>
      <dl className={classes.details}>
        <dt>{t('card.email')}</dt>
        <dd>
          {member.email ? (
            <Anchor href={`mailto:${member.email}`} size="sm">
              {member.email}
            </Anchor>
          ) : (
            notPublished
          )}
        </dd>
        <dt>{t('card.phone')}</dt>
        <dd>
          {member.phone ? (
            <Anchor href={`tel:${member.phone.replace(/[^\d+]/g, '')}`} size="sm">
              {member.phone}
            </Anchor>
          ) : (
            notPublished
          )}
        </dd>
        <dt>{t('card.birthDate')}</dt>
        <dd>{member.birthDate ? formatDay(member.birthDate) : notPublished}</dd>
      </dl>
      {member.description && (
        <Text size="sm" mt="sm" lineClamp={4}>
          {member.description}
        </Text>
      )}
    </Card>
  );
}
