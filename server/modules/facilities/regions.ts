// The lists live in the shared contracts so forms and server check the same values; kept here for existing imports.
export { regions } from '../../../src/shared/contracts/facility-lists';
