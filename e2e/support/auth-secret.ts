/**
 * The journey server's signing secret (production mode requires one; this one exists only for the throwaway test
 * server). Journeys that must make what only the server makes, such as a reward QR that has run out, sign with it.
 */
export const E2E_AUTH_SECRET = 'e2e-only-secret-not-for-production-0123456789';
