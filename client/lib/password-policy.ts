/** The spec's password minimum (§9); forms let the browser enforce it through minLength. */
export const PASSWORD_MIN_LENGTH = 8;

/** The server refuses longer passwords (argon2 input limit chosen in DESIGN §3). */
export const PASSWORD_MAX_LENGTH = 72;
