import enAccount from '@client/i18n/locales/en/account.json';
import enCommon from '@client/i18n/locales/en/common.json';
import enElections from '@client/i18n/locales/en/elections.json';
import enStaff from '@client/i18n/locales/en/staff.json';
import soAccount from '@client/i18n/locales/so/account.json';
import soCommon from '@client/i18n/locales/so/common.json';
import soElections from '@client/i18n/locales/so/elections.json';
import soStaff from '@client/i18n/locales/so/staff.json';
import enErrors from '@shared/i18n/locales/en/errors.json';
import soErrors from '@shared/i18n/locales/so/errors.json';

/**
 * The voter roll's screens' texts in one language, read from the translation files so the same browser test
 * runs in English and in Somali (tests/client/i18n-keys.test.ts checks that both files have every key).
 */
export function rollTexts(language: 'en' | 'so') {
  const account = language === 'en' ? enAccount : soAccount;
  return {
    account: {
      ...account,
      roll: {
        ...account.roll,
        // The link inside "Bring your voter card and this code to a <1>registration center</1>."
        codeBringLink: /<1>(.*?)<\/1>/.exec(account.roll.codeBring)?.[1] ?? '',
      },
    },
    common: language === 'en' ? enCommon : soCommon,
    elections: language === 'en' ? enElections : soElections,
    staff: language === 'en' ? enStaff : soStaff,
    errors: language === 'en' ? enErrors : soErrors,
  };
}
