import raw from './default-schema.json';
import { parseCoachingSchema, type CoachingSchema } from './coaching-schema';

/** The paper's Table 3 acts, as the default coaching schema (validated when loaded, like any study's). */
export const DEFAULT_COACHING_SCHEMA: CoachingSchema = (() => {
  const parsed = parseCoachingSchema(raw);
  if (!parsed.ok) throw new Error(`The bundled coaching schema is invalid: ${parsed.errors.join('; ')}`);
  return parsed.schema;
})();
