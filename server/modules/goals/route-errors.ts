import { errorBodySchema } from '#contracts/errors.ts';

/** The error answers every planning route may give (the error handler's one body shape). */
export const planningErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
