import { Anchor, Badge, Card, Group, Text, Title } from '@mantine/core';
import type { RouterOutputs } from '@server/routers/_app';
import { senatorPath } from '@shared/directory';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MemberPhoto } from '../../components/avatar/MemberPhoto';
import classes from './directory.module.css';
import { senateRoleName, senateStateName, senateTitleName } from './directory-names';

export type Senator = RouterOutputs['directory']['senators']['senators'][number];

/** One senator; `section` keeps ids unique when a leader appears in both Leadership and All Senators. */
export function SenatorCard({ senator, section }: { senator: Senator; section: string }) {
  const { t } = useTranslation('directory');
  const titleId = `${section}-${senator.id}`;
  return (
    <Card component="article" withBorder padding="md" aria-labelledby={titleId} className={classes.card}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <MemberPhoto name={senator.name} imageUrl={senator.photoUrl} size="lg" />
        <div className={classes.heading}>
          <Title id={titleId} order={3} fz="md" className={classes.name}>
            <Anchor component={Link} to={senatorPath(senator.id)} inherit>
              {senator.name}
            </Anchor>
          </Title>
          <Text size="sm" mt={2}>
            {senateTitleName(t, senator.title)}
          </Text>
          <Group gap={6} mt={6}>
            <Badge variant="light" radius="sm">
              {senateStateName(t, senator.state)}
            </Badge>
            {senator.role && (
              <Badge variant="filled" color="yellow.6" c="dark.8" radius="sm">
                {senateRoleName(t, senator.role)}
              </Badge>
            )}
            {senator.isPlaceholder && (
              <Badge variant="outline" color="gray" radius="sm" fw={500} tt="none">
                {t('card.seatPending')}
              </Badge>
            )}
          </Group>
        </div>
      </Group>
    </Card>
  );
}
