import { Anchor, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { FOOTER_LINKS } from './navigation';
import classes from './SiteFooter.module.css';

export function SiteFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Title order={2} fz="lg">
              Codka
            </Title>
            <Text size="sm" c="dimmed">
              Codka ("the vote") is the public civic site for Somalia's federal elections: parliament, senate,
              federal member states, online voting and the monthly presidential opinion poll.
            </Text>
          </Stack>
          <nav aria-label="Quick links">
            <Title order={2} fz="lg" mb="xs">
              Quick Links
            </Title>
            <SimpleGrid cols={2} spacing={4} verticalSpacing={4}>
              {FOOTER_LINKS.map((link) => (
                <Anchor key={link.to} component={Link} to={link.to} size="sm" className={classes.link}>
                  {link.label}
                </Anchor>
              ))}
            </SimpleGrid>
          </nav>
          <Stack gap="xs">
            <Title order={2} fz="lg">
              Contact
            </Title>
            <Text size="sm">Codka Civic Information Desk</Text>
            <Text size="sm">Mogadishu, Somalia</Text>
            <Anchor href="mailto:info@codka.so" size="sm" className={classes.link}>
              info@codka.so
            </Anchor>
            <Text size="sm" c="dimmed">
              Sunday to Thursday, 8:00–16:00 (East Africa Time)
            </Text>
          </Stack>
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="xl">
          © {new Date().getFullYear()} Codka. Independent civic information; official results are announced by
          the electoral commission.
        </Text>
      </Container>
    </footer>
  );
}
