/** The HTTP status of each refusal code of the gym's decisions (an unlisted code is a 400). */
export const GYM_ERROR_STATUS: Readonly<Record<string, number>> = {
  NOT_FOUND: 404,
  IN_USE: 409,
  USED_MEANWHILE: 409,
  NAME_TAKEN: 409,
  VALIDATION_FAILED: 400,
  ACCOUNT_EXISTS: 409,
};
