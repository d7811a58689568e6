import { Container, type ContainerProps } from '@mantine/core';

/** The standard page width and vertical rhythm. */
export function PageContainer(props: ContainerProps) {
  return <Container size="lg" py={{ base: 'lg', sm: 'xl' }} {...props} />;
}
