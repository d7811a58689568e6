import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

interface NewPasswordFieldsProps {
  /** `form.getInputProps('newPassword')` and `form.getInputProps('confirmPassword')` of the caller's form. */
  newPassword: GetInputPropsReturnType;
  confirmPassword: GetInputPropsReturnType;
  disabled: boolean;
}

/** A new password typed twice, with its hint: one pair for every form that sets a password. */
export function NewPasswordFields({ newPassword, confirmPassword, disabled }: NewPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  return (
    <>
      <PasswordInput
        label={t('fields.newPassword')}
        description={t('fields.passwordHint')}
        autoComplete="new-password"
        required
        disabled={disabled}
        {...newPassword}
      />
      <PasswordInput
        label={t('fields.confirmNewPassword')}
        autoComplete="new-password"
        required
        disabled={disabled}
        {...confirmPassword}
      />
    </>
  );
}
