import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A box for a phone number, with the format written under it: a Somali number as people write it (061 555 0100)
 * or with its country code. The server reads it (server/auth/phone-numbers.ts) and answers a number it cannot use
 * with its own sentence.
 */
export function PhoneNumberInput(props: TextInputProps) {
  const { t } = useTranslation('auth');
  return (
    <TextInput
      label={t('fields.phone')}
      description={t('fields.phoneHint')}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      spellCheck={false}
      maxLength={40}
      {...props}
    />
  );
}
