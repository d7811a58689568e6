import { Button, Container, Group, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageMeta } from '../../lib/page-meta';
import classes from './home.module.css';

export function HomePage() {
  usePageMeta(
    '',
    "Somalia's federal elections in one place: parliament, senate, member states, online voting and the monthly presidential poll.",
  );
  return (
    <section className={classes.hero} aria-labelledby="hero-title">
      <Container size="lg" py={{ base: 48, sm: 80 }}>
        <Title id="hero-title" order={1} className={classes.title}>
          Somalia Federal Elections
        </Title>
        <Text className={classes.lead} mt="md">
          Follow the House of the People, the Senate and the federal member states, vote securely in active
          elections, and have your say in the monthly presidential opinion poll.
        </Text>
        <Group mt="xl">
          <Button
            component={Link}
            to="/elections"
            size="lg"
            color="green"
            rightSection={<IconArrowRight size={20} aria-hidden />}
          >
            Start Voting Now
          </Button>
        </Group>
      </Container>
    </section>
  );
}
