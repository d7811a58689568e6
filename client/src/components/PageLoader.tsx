import { Center, Loader } from '@mantine/core';

/** Shown while the first page's code downloads (the router's hydrate fallback). */
export function PageLoader() {
  return (
    <Center h="60vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
