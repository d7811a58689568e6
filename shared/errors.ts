/**
 * Every error a service, an auth check, a job or a plain HTTP route can answer, by code. A code names its
 * kind once, here: the kind decides the tRPC code and the HTTP status (server/errors/mapping.ts), and the
 * code itself is the key of its sentence in shared/i18n/locales/<language>/errors.json, so a code, its
 * kind and its words cannot drift apart. The client reads `data.errorCode` and `data.params` and says the
 * same sentence through i18next.
 */
export type ErrorKind =
  | 'badRequest'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'preconditionFailed'
  /** PRECONDITION_FAILED for tRPC, 428 for plain routes; the client opens its password dialog. */
  | 'stepUpRequired'
  | 'payloadTooLarge'
  | 'unsupportedMediaType'
  | 'tooManyRequests'
  | 'unexpected';

export const ERROR_CATALOGUE = {
  'access.adminOnly': 'forbidden',
  'access.registrarOnly': 'forbidden',
  'access.staffOnly': 'forbidden',
  'access.supervisorOnly': 'forbidden',
  'account.deactivated': 'forbidden',
  'account.exists': 'conflict',
  'alias.exists': 'conflict',
  'alias.notFound': 'notFound',
  'alias.onlyTitles': 'badRequest',
  'auth.required': 'unauthorized',
  'batch.aloneOnly': 'badRequest',
  'batch.tooManyCalls': 'badRequest',
  'candidate.hasVotes': 'conflict',
  'candidate.invalidId': 'notFound',
  'candidate.notFound': 'notFound',
  'center.codeTaken': 'conflict',
  'center.notFound': 'notFound',
  'claim.accountHasEntry': 'conflict',
  'claim.alreadyClaimed': 'conflict',
  'claim.noMatch': 'badRequest',
  'claim.tooManyAttempts': 'tooManyRequests',
  'district.chosenMissing': 'badRequest',
  'district.codeTaken': 'conflict',
  'district.notFound': 'notFound',
  'election.chosenMissing': 'badRequest',
  'election.hasVotes': 'conflict',
  'election.notFound': 'notFound',
  'eligibility.emailUnverified': 'forbidden',
  'eligibility.notOnRoll': 'forbidden',
  'eligibility.outsideRegion': 'forbidden',
  'eligibility.pending': 'forbidden',
  'eligibility.suspended': 'forbidden',
  'emailVerification.linkExpired': 'badRequest',
  'enrollment.alreadyEnrolled': 'conflict',
  'enrollment.alreadyPending': 'conflict',
  'enrollment.suspended': 'conflict',
  'enrollment.tooManyCodes': 'tooManyRequests',
  'export.invalidPollId': 'badRequest',
  'export.signIn': 'unauthorized',
  'limit.bootstrapAdmin': 'tooManyRequests',
  'limit.failedSignIn': 'tooManyRequests',
  'limit.passwordReset': 'tooManyRequests',
  'limit.pollVotes': 'tooManyRequests',
  'limit.signUp': 'tooManyRequests',
  'limit.verificationEmails': 'tooManyRequests',
  'limit.votes': 'tooManyRequests',
  'limit.wrongCodes': 'tooManyRequests',
  'limit.wrongPasswords': 'tooManyRequests',
  'member.invalidRef': 'notFound',
  'member.notFound': 'notFound',
  'openData.badCursor': 'badRequest',
  'openData.badQuery': 'badRequest',
  'openData.resultsNotPublic': 'notFound',
  'openData.unknownDataset': 'notFound',
  'password.currentWrong': 'badRequest',
  'passwordReset.linkInvalid': 'badRequest',
  'photo.invalidAddress': 'badRequest',
  'photo.noOverride': 'badRequest',
  'photo.notAnImage': 'unsupportedMediaType',
  'photo.svg': 'unsupportedMediaType',
  'photo.unusable': 'badRequest',
  'photoJob.alreadyRunning': 'conflict',
  'photoJob.notFound': 'notFound',
  'poll.adminsOnlyDenied': 'forbidden',
  'poll.alreadyClosed': 'preconditionFailed',
  'poll.alreadyOpen': 'preconditionFailed',
  'poll.alreadyVoted': 'conflict',
  'poll.candidateNotInPoll': 'badRequest',
  'poll.closed': 'preconditionFailed',
  'poll.closedCannotPublish': 'preconditionFailed',
  'poll.closedNoCandidates': 'preconditionFailed',
  'poll.closedOn': 'preconditionFailed',
  'poll.closesAfterOpens': 'badRequest',
  'poll.noCandidates': 'preconditionFailed',
  'poll.noLongerDraft': 'preconditionFailed',
  'poll.noLongerOpen': 'preconditionFailed',
  'poll.notFound': 'notFound',
  'poll.openBeforeClose': 'preconditionFailed',
  'poll.opensOn': 'preconditionFailed',
  'poll.resultsAfterVote': 'forbidden',
  'poll.signInForResults': 'unauthorized',
  'poll.signInToCreate': 'unauthorized',
  'poll.signInToVote': 'unauthorized',
  'receipt.notFound': 'notFound',
  'registrar.accountHasEntry': 'conflict',
  'registrar.cardOnRoll': 'conflict',
  'registrar.centerNotAssigned': 'forbidden',
  'registrar.centerNotFound': 'notFound',
  'registrar.codeExpired': 'badRequest',
  'registrar.codeUnknown': 'notFound',
  'registrar.codeUsed': 'conflict',
  'registrar.districtNotFound': 'notFound',
  'registrar.districtOutsideRegion': 'badRequest',
  'registrar.ownAccount': 'forbidden',
  'registrar.tooManyLookups': 'tooManyRequests',
  'request.crossSite': 'forbidden',
  'request.malformed': 'badRequest',
  'request.notJson': 'unsupportedMediaType',
  'request.tooLarge': 'payloadTooLarge',
  'request.tooManyRequests': 'tooManyRequests',
  'request.unexpected': 'unexpected',
  'rollImport.alreadyOnRoll': 'badRequest',
  'rollImport.cardInvalid': 'badRequest',
  'rollImport.cardMissing': 'badRequest',
  'rollImport.columnCount': 'badRequest',
  'rollImport.controlCharacter': 'badRequest',
  'rollImport.dateAbsurd': 'badRequest',
  'rollImport.dateInvalid': 'badRequest',
  'rollImport.districtMissing': 'badRequest',
  'rollImport.districtUnknown': 'badRequest',
  'rollImport.duplicateInFile': 'badRequest',
  'rollImport.empty': 'badRequest',
  'rollImport.formula': 'badRequest',
  'rollImport.header': 'badRequest',
  'rollImport.interrupted': 'badRequest',
  'rollImport.malformed': 'badRequest',
  'rollImport.nameMissing': 'badRequest',
  'rollImport.nameTooLong': 'badRequest',
  'rollImport.noRows': 'badRequest',
  'rollImport.notCsv': 'unsupportedMediaType',
  'rollImport.notText': 'badRequest',
  'rollImport.notUtf8': 'badRequest',
  'rollImport.rowsRefused': 'badRequest',
  'rollImport.tooLarge': 'payloadTooLarge',
  'rollImport.tooManyRows': 'badRequest',
  'rollImport.tooYoung': 'badRequest',
  'signIn.expired': 'badRequest',
  'signIn.hashingBusy': 'tooManyRequests',
  'signIn.invalidCredentials': 'unauthorized',
  'signIn.invalidLogin': 'unauthorized',
  'staffCenters.centerNotFound': 'badRequest',
  'staffCenters.notRegistrar': 'preconditionFailed',
  'stepUp.codeRequired': 'unauthorized',
  'stepUp.required': 'stepUpRequired',
  'supervisor.entryNotFound': 'notFound',
  'supervisor.flagNotFound': 'notFound',
  'supervisor.flagResolved': 'conflict',
  'supervisor.notEnrolled': 'conflict',
  'supervisor.notPending': 'conflict',
  'supervisor.notSuspended': 'conflict',
  'supervisor.ownAccount': 'forbidden',
  'supervisor.ownEntry': 'forbidden',
  'twoFactor.alreadyOn': 'conflict',
  'twoFactor.codeReused': 'unauthorized',
  'twoFactor.notOn': 'preconditionFailed',
  'twoFactor.setupNotStarted': 'preconditionFailed',
  'twoFactor.wrongCode': 'unauthorized',
  'upload.interrupted': 'badRequest',
  'upload.missingFile': 'badRequest',
  'upload.notAnImage': 'unsupportedMediaType',
  'upload.notMultipart': 'unsupportedMediaType',
  'upload.oneImage': 'badRequest',
  'upload.svg': 'unsupportedMediaType',
  'upload.tooLarge': 'payloadTooLarge',
  'user.lastAdmin': 'preconditionFailed',
  'user.notFound': 'notFound',
  'validation.invalidInput': 'badRequest',
  'vote.alreadyCast': 'conflict',
  'vote.closed': 'preconditionFailed',
  'vote.notACandidate': 'badRequest',
} as const satisfies Record<string, ErrorKind>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/**
 * A part of a sentence that is itself translated ("House member", "5 minutes", a field's label): the key of
 * its text in the errors namespace and, for plurals, its count.
 */
export interface MessageRef {
  key: string;
  params?: MessageParams;
}
export type MessageParam = string | number | MessageRef;
export type MessageParams = Record<string, MessageParam>;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(ERROR_CATALOGUE, value);
