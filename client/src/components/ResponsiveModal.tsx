import { Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

/**
 * Below 768 px (the mobile breakpoint, docs/product.md#preferences) a form modal fills the screen, leaving room for
 * the keyboard.
 */
export function ResponsiveModal(props: ModalProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return (
    <Modal
      fullScreen={phone}
      radius={phone ? 0 : undefined}
      size="lg"
      // The close button is an icon: its name is read aloud in the reader's language.
      closeButtonProps={{ 'aria-label': t('actions.close') }}
      {...props}
    />
  );
}
