// New ids and the order of names: what every part of the plan uses, importing nothing of it.

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A ULID: 48 bits of milliseconds and 80 random bits, 26 Crockford base-32 characters. */
export function newId(now = Date.now()): string {
  let time = "";
  for (let t = now, i = 0; i < 10; i++, t = Math.floor(t / 32)) time = CROCKFORD[t % 32] + time;
  const random = crypto.getRandomValues(new Uint8Array(16));
  return time + Array.from(random, (b) => CROCKFORD[b % 32]).join("");
}

export const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
