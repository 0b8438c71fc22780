/** The HTTP status of each refusal code of the club's decisions (an unlisted code is a 400). */
export const CLUB_ERROR_STATUS: Readonly<Record<string, number>> = {
  // a night; VERSION_CONFLICT and SESSION_CLOSED answer with the server's copy (answerStaleCopy)
  SESSION_NOT_FOUND: 404,
  SESSION_ID_TAKEN: 409,
  VERSION_CONFLICT: 409,
  SESSION_CLOSED: 409,
  SESSION_HAS_ROUNDS: 409,
  INVALID_SNAPSHOT: 400,
  NOT_AN_OLDER_VERSION: 400,
  // the club's settings
  INVALID_CLUB_SETTINGS: 400,
  INVALID_NAME: 400,
  LEVEL_NAME_TAKEN: 409,
  COACH_EXISTS: 409,
  LEVEL_NOT_FOUND: 404,
  LEVEL_ORDER_MISMATCH: 400,
  COACH_NOT_FIRST: 400,
  VENUE_NAME_TAKEN: 409,
  VENUE_NOT_FOUND: 404,
  INVALID_SLOT: 400,
  SLOT_NOT_FOUND: 404,
  // a person
  PLAYER_NOT_FOUND: 404,
};
