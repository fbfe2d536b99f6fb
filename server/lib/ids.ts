/** A UUID in its canonical text form (any version), as PostgreSQL's uuid type prints it. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
