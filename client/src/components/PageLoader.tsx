import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while the first page's code downloads (the router's hydrate fallback). */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center h="60vh">
      <Loader aria-label={t('site.loading')} />
    </Center>
  );
}
