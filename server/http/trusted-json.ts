// The response serializer for a hot read whose body the service builds field by field from typed
// views (the chat's page: `toMessage`, `toUserCoach`): plain JSON.stringify, skipping the zod
// response check that copies every object of the page (about a tenth of the route's time). The
// route keeps its response schema for the API's description, and its route test asserts that
// the body parses with that schema unchanged (no field more, none missing), so the check still
// runs where it can fail: in the tests.
export const trustedJson = () => (data: unknown) => JSON.stringify(data);
