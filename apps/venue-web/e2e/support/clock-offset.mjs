/**
 * Test-only preload for the venue process: moves its clock by VENUE_TEST_CLOCK_OFFSET_MS, so a
 * browser suite can start just before a kick-off of the deterministic calendar instead of
 * waiting for one. The clock is outside the system under test; nothing else is changed.
 */
const offset = Number(process.env.VENUE_TEST_CLOCK_OFFSET_MS ?? 0);
if (Number.isFinite(offset) && offset !== 0) {
  const realNow = Date.now.bind(Date);
  Date.now = () => realNow() + offset;
}
