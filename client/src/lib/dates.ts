// Dates follow the reader's language; the formatters live with the translations.
export { formatDate, formatDay } from '../i18n/format';
