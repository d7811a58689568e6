/** Election statuses (docs/product.md#election-statuses); set freely by admins, no transition rules. */
export const ELECTION_STATUSES = ['Draft', 'Active', 'Closed', 'Archived'] as const;
export type ElectionStatus = (typeof ELECTION_STATUSES)[number];

/** The election form's type (shown in the form, not stored: docs/product.md#election-statuses). */
export const ELECTION_TYPES = ['Presidential', 'Senate', 'Lower House'] as const;
export type ElectionType = (typeof ELECTION_TYPES)[number];
