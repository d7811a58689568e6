import { Accordion, Anchor, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REGISTRATION_CENTERS_PATH } from '../../components/layout/navigation';
import { PageContainer } from '../../components/PageContainer';
import { usePageMeta } from '../../lib/page-meta';
import { browserPageLoader, type PageRoute, serverPageLoader } from '../../lib/page-route';
import { routeComponent } from '../../lib/route-component';

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

/** An in-site link for <Trans> (its text comes from the translation). */
const to = (path: string) => <Anchor key={path} component={Link} to={path} />;

const FAQ = [
  'pollIsElection',
  'changeVote',
  'whoSees',
  'receipt',
  'twoPeople',
  'staffInvitation',
  'languages',
  'tbd',
  'account',
] as const;

export function HelpPage() {
  const { t } = useTranslation('content');
  usePageMeta(t('help.title'), t('help.metaDescription'));
  return (
    <PageContainer size="md">
      <Stack gap="xl">
        <div>
          <Title order={1}>{t('help.title')}</Title>
          <Text mt="xs" size="lg">
            {t('help.intro')}
          </Text>
        </div>

        <Stack gap="md" component="section" aria-labelledby="guides-title">
          <Title order={2} id="guides-title">
            {t('help.guidesTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Guide title={t('help.createAccount.title')}>
              <List type="ordered" spacing={4} size="sm">
                <List.Item>
                  <Trans t={t} i18nKey="help.createAccount.open" components={[to('/auth?tab=signup')]} />
                </List.Item>
                <List.Item>{t('help.createAccount.details')}</List.Item>
                <List.Item>{t('help.createAccount.password')}</List.Item>
                <List.Item>{t('help.createAccount.submit')}</List.Item>
              </List>
            </Guide>
            <Guide title={t('help.voteGuide.title')}>
              <List type="ordered" spacing={4} size="sm">
                <List.Item>
                  <Trans t={t} i18nKey="help.voteGuide.open" components={[to('/auth')]} />
                </List.Item>
                <List.Item>
                  <Trans
                    t={t}
                    i18nKey="help.voteGuide.enroll"
                    components={[to('/account'), to(REGISTRATION_CENTERS_PATH)]}
                  />
                </List.Item>
                <List.Item>
                  <Trans t={t} i18nKey="help.voteGuide.claim" components={[to('/account')]} />
                </List.Item>
                <List.Item>
                  <Trans t={t} i18nKey="help.voteGuide.choose" components={[to('/elections')]} />
                </List.Item>
                <List.Item>{t('help.voteGuide.select')}</List.Item>
                <List.Item>{t('help.voteGuide.receipt')}</List.Item>
              </List>
            </Guide>
            <Guide title={t('help.pollGuide.title')}>
              <Text size="sm">
                <Trans t={t} i18nKey="help.pollGuide.text" components={[to('/polls/presidential/history')]} />
              </Text>
            </Guide>
            <Guide title={t('help.representativesGuide.title')}>
              <Text size="sm">
                <Trans
                  t={t}
                  i18nKey="help.representativesGuide.text"
                  components={[to('/federal-states'), to('/parliament-members')]}
                />
              </Text>
            </Guide>
          </SimpleGrid>
        </Stack>

        <Stack gap="md" component="section" aria-labelledby="faq-title">
          <Title order={2} id="faq-title">
            {t('help.faqTitle')}
          </Title>
          <Accordion variant="separated" radius="md">
            {FAQ.map((item) => (
              <Accordion.Item key={item} value={item}>
                <Accordion.Control>{t(`help.faq.${item}.question`)}</Accordion.Control>
                <Accordion.Panel>
                  <Text size="sm">{t(`help.faq.${item}.answer`)}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>

        <Stack gap="xs" component="section" aria-labelledby="help-contact-title">
          <Title order={2} id="help-contact-title">
            {t('help.stillNeedHelp')}
          </Title>
          <Text>
            <Trans
              t={t}
              i18nKey="help.writeTo"
              components={[<Anchor key="mail" href="mailto:info@codka.so" />]}
            />
          </Text>
          <Text>
            <Trans t={t} i18nKey="help.readMore" components={[to('/about')]} />
          </Text>
        </Stack>
      </Stack>
    </PageContainer>
  );
}

/** The page's texts and first view, on the server and after a link (lib/page-route.ts). */
const thisPage: PageRoute = { texts: ['content', 'errors'] };
export const loader = serverPageLoader(thisPage);
export const clientLoader = browserPageLoader(thisPage);

export default routeComponent(HelpPage);
