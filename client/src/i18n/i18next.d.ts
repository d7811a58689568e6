import 'i18next';
import type errors from '@shared/i18n/locales/en/errors.json';
import type account from './locales/en/account.json';
import type admin from './locales/en/admin.json';
import type adminElections from './locales/en/adminElections.json';
import type adminPhotos from './locales/en/adminPhotos.json';
import type adminPolls from './locales/en/adminPolls.json';
import type auth from './locales/en/auth.json';
import type centers from './locales/en/centers.json';
import type common from './locales/en/common.json';
import type content from './locales/en/content.json';
import type directory from './locales/en/directory.json';
import type elections from './locales/en/elections.json';
import type eligibility from './locales/en/eligibility.json';
import type home from './locales/en/home.json';
import type openData from './locales/en/openData.json';
import type polls from './locales/en/polls.json';
import type regions from './locales/en/regions.json';
import type staff from './locales/en/staff.json';

/** Keys are checked against the English files: a t() call with a missing key does not compile. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      home: typeof home;
      auth: typeof auth;
      account: typeof account;
      directory: typeof directory;
      centers: typeof centers;
      content: typeof content;
      regions: typeof regions;
      elections: typeof elections;
      polls: typeof polls;
      eligibility: typeof eligibility;
      admin: typeof admin;
      adminElections: typeof adminElections;
      adminPolls: typeof adminPolls;
      adminPhotos: typeof adminPhotos;
      staff: typeof staff;
      openData: typeof openData;
      /** Error and validation texts, shared with the server (shared/i18n/locales). */
      errors: typeof errors;
    };
  }
}
