/** The districts live in shared/ because the admin district form offers their names (see the file's notes). */
export { KNOWN_DISTRICTS, type KnownDistrict } from '@shared/known-districts';
