/**
 * How much slower than an idle developer machine a CI run may be. CI's machines share their two cores and have run
 * every step about twice as slow as an idle machine (stop 28: pages over 7 s for their heading after a login; stop 33:
 * the unit tests 799 s instead of 443 s, and a test of four axe checks past its 60 s). Every timeout of the e2e suite
 * is multiplied by it: the config's, the expectations', and each long test's (`allowTime` in fixtures.ts). A passing
 * test is no slower for it; a failing one takes longer to fail.
 */
export const slowdown = process.env.CI ? 2 : 1;
