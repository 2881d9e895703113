/**
 * The login contract (zod schemas with the German field messages) loads on demand: when the visitor starts typing
 * or submits, not with the login page, which therefore carries no validator (ledger 0008).
 */
export const loadAuthContract = () => import('../../shared/contracts/auth');
