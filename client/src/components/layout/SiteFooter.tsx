import { Anchor, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TIME_ZONE } from '../../i18n/format';
import { FOOTER_LINKS } from './navigation';
import classes from './SiteFooter.module.css';

/**
 * This year where the site's moments are shown (East Africa Time), not where the server or the phone is: the
 * server's HTML and the browser's first render agree, even on New Year's Eve.
 */
function currentYear(): string {
  return new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: TIME_ZONE }).format(new Date());
}

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Title order={2} fz="lg">
              Codka
            </Title>
            <Text size="sm" c="dimmed">
              {t('footer.about')}
            </Text>
          </Stack>
          <nav aria-label={t('footer.quickLinks')}>
            <Title order={2} fz="lg" mb="xs">
              {t('footer.quickLinks')}
            </Title>
            <SimpleGrid cols={2} spacing={4} verticalSpacing={4}>
              {FOOTER_LINKS.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} size="sm" className={classes.link}>
                  {t(link.label)}
                </Anchor>
              ))}
            </SimpleGrid>
          </nav>
          <Stack gap="xs">
            <Title order={2} fz="lg">
              {t('footer.contact')}
            </Title>
            <Text size="sm">{t('footer.desk')}</Text>
            <Text size="sm">{t('footer.city')}</Text>
            <Anchor href="mailto:info@codka.so" size="sm" className={classes.link}>
              info@codka.so
            </Anchor>
            <Text size="sm" c="dimmed">
              {t('footer.hours')}
            </Text>
          </Stack>
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="xl">
          {t('footer.copyright', { year: currentYear() })}
        </Text>
      </Container>
    </footer>
  );
}
