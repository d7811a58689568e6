import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { registerStepUpAsker } from '../../lib/step-up';
import { ResponsiveModal } from '../ResponsiveModal';
import { StepUpForm } from './StepUpForm';

/**
 * The "Confirm your password" dialog: opened when an action answers that it needs a recent step-up
 * (lib/step-up.ts); once the password is confirmed the action is sent again. Mounted once in the admin frame.
 */
export function StepUpDialog() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(
    () =>
      registerStepUpAsker(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setOpened(true);
          }),
      ),
    [],
  );

  const finish = (confirmed: boolean) => {
    setOpened(false);
    settle.current?.(confirmed);
    settle.current = null;
  };

  return (
    <ResponsiveModal
      opened={opened}
      onClose={() => finish(false)}
      title={t('stepUp.title')}
      size="md"
      // Above the form that asked (Mantine modals sit at 200, popovers at 300), below notifications (400).
      zIndex={350}
    >
      <StepUpForm onConfirmed={() => finish(true)} onCancel={() => finish(false)} />
    </ResponsiveModal>
  );
}
