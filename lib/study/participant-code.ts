import * as v from 'valibot';

/** A participant code as researchers hand them out (`npm run study -- codes`): four and four, letters and digits. */
export const PARTICIPANT_CODE_PATTERN = /^[0-9A-Z]{4}-[0-9A-Z]{4}$/;
export const PARTICIPANT_CODE_EXAMPLE = 'ABCD-1234';

/** A participant code as typed: spaces around it and lower case are forgiven. */
export const ParticipantCodeSchema = v.pipe(
  v.string(),
  v.trim(),
  v.toUpperCase(),
  v.regex(PARTICIPANT_CODE_PATTERN, `must look like ${PARTICIPANT_CODE_EXAMPLE}`),
);
