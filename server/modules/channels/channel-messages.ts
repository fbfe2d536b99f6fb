/** What the channels services answer when a request cannot be done, as the user reads it. */
export const channelMessages = {
  verifyPhoneFirst: 'Verify a phone number first.',
  allowPushFirst: 'Allow notifications in this browser first.',
  wrongCode: 'That code is not right.',
  noCode: 'There is no code waiting to be confirmed. Ask for a new code.',
  codeExpired: 'This code has expired. Ask for a new code.',
  tooManyTries: 'Too many wrong codes. Ask for a new code.',
  subscriptionNotFound: 'No push subscription has this id.',
  oldSubscriptionUnknown: "This browser's old subscription is not known here",
  subscriptionTaken:
    'This push subscription is saved for another account with other keys. Turn notifications off and on again in this browser, then try again.',
} as const;
