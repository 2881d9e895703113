// The lists live in the shared contracts so forms and server check the same values; kept here for existing imports.
export { facilityKinds, operatorKinds, regions, type Region } from '../../../src/shared/contracts/facility-lists';
