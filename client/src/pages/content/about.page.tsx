import { Anchor, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContainer } from '../../components/PageContainer';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';

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

/** An in-site link for <Trans> (its text comes from the translation). */
const to = (path: string) => <Anchor key={path} component={Link} to={path} />;

const PROTECTION = ['oneVote', 'receipt', 'poll'] as const;
const PRIVACY = ['identity', 'password', 'votes', 'address'] as const;

export function AboutPage() {
  const { t } = useTranslation('content');
  usePageMeta(t('about.title'), t('about.metaDescription'));
  return (
    <PageContainer size="md">
      <Stack gap="xl">
        <div>
          <Title order={1}>{t('about.title')}</Title>
          <Text mt="xs" size="lg">
            {t('about.intro')}
          </Text>
        </div>

        <Section id="what-title" title={t('about.whatTitle')}>
          <List spacing="xs">
            <List.Item>
              <Trans
                t={t}
                i18nKey="about.what.directories"
                components={[to('/parliament-members'), to('/senators')]}
              />
            </List.Item>
            <List.Item>
              <Trans t={t} i18nKey="about.what.states" components={[to('/federal-states'), to('/regions')]} />
            </List.Item>
            <List.Item>
              <Trans
                t={t}
                i18nKey="about.what.vote"
                components={[to('/elections'), to('/polls/presidential/history')]}
              />
            </List.Item>
          </List>
          <Text>{t('about.notOfficial')}</Text>
        </Section>

        <Section id="protection-title" title={t('about.protectionTitle')}>
          <List spacing="xs">
            {PROTECTION.map((item) => (
              <List.Item key={item}>
                <Trans t={t} i18nKey={`about.protection.${item}`} components={[<strong key="lead" />]} />
              </List.Item>
            ))}
          </List>
          <Text>
            <Trans t={t} i18nKey="about.moreOn" components={[to('/voting'), to('/transparent-process')]} />
          </Text>
        </Section>

        <Section id="privacy-title" title={t('about.privacyTitle')}>
          <Text>{t('about.privacyIntro')}</Text>
          <List spacing="xs">
            {PRIVACY.map((item) => (
              <List.Item key={item}>{t(`about.privacy.${item}`)}</List.Item>
            ))}
          </List>
          <Text>{t('about.cookies')}</Text>
        </Section>

        <Section id="contact-title" title={t('about.contactTitle')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Paper withBorder radius="md" p="md">
              <Text fw={600}>{t('about.desk')}</Text>
              <Text>{t('about.city')}</Text>
              <Anchor href="mailto:info@codka.so">info@codka.so</Anchor>
              <Text size="sm" c="dimmed" mt="xs">
                {t('about.hours')}
              </Text>
            </Paper>
            <Paper withBorder radius="md" p="md">
              <Text fw={600}>{t('about.mistakeTitle')}</Text>
              <Text size="sm">{t('about.mistakeText')}</Text>
              <Anchor component={Link} to="/help" size="sm">
                {t('about.helpLink')}
              </Anchor>
            </Paper>
          </SimpleGrid>
        </Section>
      </Stack>
    </PageContainer>
  );
}

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['content', 'errors'] };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(AboutPage);
