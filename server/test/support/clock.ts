/**
 * A clock that stands still until the test moves it (epoch ms), for the code that takes one (the delivery
 * engine's `now`, the pace's): what is due, late or expired changes when the test says, whatever the load.
 */
export function heldClock(start = Date.now()) {
  let at = start;
  return {
    now: () => at,
    advance: (ms: number) => {
      at += ms;
      return at;
    },
  };
}

export type HeldClock = ReturnType<typeof heldClock>;
