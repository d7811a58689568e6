/** The product's own sentences for a refused vote, word for word. */
export const NOT_ON_ROLL =
  'You are not on the voter roll for this election. Get an enrollment code on your account page and take it with your voter card to a registration center.';
export const CONFIRM_EMAIL_POLL = 'Please confirm your e-mail address before voting in this poll.';
