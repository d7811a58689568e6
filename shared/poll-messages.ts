/**
 * The poll's sentences (docs/product.md#poll-forms, docs/product.md#messages-and-empty-states), in the product's
 * words. Not in schemas/polls.ts (which re-exports them): the poll pages a visitor reads show them, and importing
 * them from there brought zod and the schemas along, code to run before the page answers a tap.
 */
export const pollMessages = {
  authenticationRequired: 'poll.authenticationRequired',
  signInToVote: 'poll.signInToVote',
  signInToCreate: 'poll.signInToCreate',
  adminsOnly: 'poll.adminsOnly',
  missingInformation: 'poll.missingInformation',
  fillRequired: 'poll.fillRequired',
  selectCandidate: 'poll.selectCandidate',
  alreadyVoted: 'poll.alreadyVoted',
  noActivePoll: 'poll.noneActive',
  closesAfterOpens: 'poll.closesAfterOpens',
  windowOutsideMonth: 'poll.windowOutsideMonth',
  invalidMonth: 'validation.month',
  invalidDateTime: 'validation.dateTime',
  invalidColour: 'validation.colour',
} as const;
