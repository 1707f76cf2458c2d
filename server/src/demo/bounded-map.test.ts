import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BoundedMap } from './bounded-map';

test('the demo issuer map holds at most its size: the oldest entry goes first', () => {
  const map = new BoundedMap<number>(3, 60_000);
  for (let i = 0; i < 10; i++) map.set(`k${i}`, i);
  assert.equal(map.size, 3);
  assert.equal(map.get('k6'), undefined);
  assert.deepEqual(
    ['k7', 'k8', 'k9'].map((k) => map.get(k)),
    [7, 8, 9],
  );
});

test('entries expire after their age, and expired ones are swept on the next write', () => {
  let now = 1_000;
  const map = new BoundedMap<string>(100, 500, () => now);
  map.set('old', 'a');
  now += 400;
  map.set('young', 'b');
  now += 200; // old is 600 ms old, young 200 ms
  assert.equal(map.get('old'), undefined);
  assert.equal(map.get('young'), 'b');
  map.set('x', 'c');
  now += 400;
  map.set('y', 'd'); // young is now 600 ms old: swept
  assert.equal(map.size, 2);
});
